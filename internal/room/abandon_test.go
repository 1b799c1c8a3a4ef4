package room_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/room"
	"topsecret/internal/store"
)

// A match in which nobody has made a move for AbandonAfter (the turn timer
// off, a holder who never acts) ends with no winner, the reason in its
// result and its events, whether someone has the room open (the sweep
// ends it) or it slept in the store (its next load ends it before anyone
// sees it). The end is stored, and the record replays to where it stopped.
// The count starts again at every move of a person; 0 ends nothing.
func TestRegistry_AbandonedMatchEnds(t *testing.T) {
	tests := []struct {
		name    string
		watched bool
		limit   time.Duration
	}{
		{"WatchedEndedBySweep", true, 12 * time.Hour},
		{"AsleepEndedWhenLoaded", false, 12 * time.Hour},
		{"ZeroNeverEnds", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg := mustRegistry(t)
			reg.AbandonAfter = tt.limit
			clock := reg.Clock.(*room.ManualClock)
			ctx := t.Context()
			// The deal is the referee's, at once; then seat 0 holds the
			// suitcase with no turn timer.
			r, ids := mustRoomOf(t, reg, 4, `{"startPlayer":0,"agentCardsRemovedPerPlayer":0,"dealAutoMs":0,"turnTimeoutMs":0}`)
			matchID, err := r.Start(ctx, room.Identity{Host: true})
			if err != nil {
				t.Fatal(err)
			}
			if tt.watched {
				if _, err := r.Subscribe(ctx, room.Identity{Table: true}, jsonFrames); err != nil {
					t.Fatal(err)
				}
			}
			waitUntil(t, "the referee's deal", func() bool { _, n := seen(t, r, ""); return n == 4 })
			clock.Advance(time.Hour)
			if _, err := r.Act(ctx, ids[0], "pass", game.Action{Type: "pass"}); err != nil {
				t.Fatal(err)
			}

			clock.Advance(tt.limit - 30*time.Minute) // counted from the pass, not the start
			reg.Sweep()
			if m := mustMatch(t, reg, matchID); m.Status != store.StatusPlaying {
				t.Fatalf("%v after the last move the match is %s, want still playing", tt.limit-30*time.Minute, m.Status)
			}
			clock.Advance(time.Hour)
			reg.Sweep()
			if tt.watched != slices.Contains(reg.Live(), r.Code()) {
				t.Fatalf("live rooms %v: watched %v", reg.Live(), tt.watched)
			}
			r, err = reg.Get(ctx, r.Code())
			if err != nil {
				t.Fatal(err)
			}
			m := mustMatch(t, reg, matchID)
			if tt.limit == 0 {
				if m.Status != store.StatusPlaying {
					t.Fatalf("with no limit the match is %s", m.Status)
				}
				return
			}
			want := game.Abandoned(4, 12)
			if m.Status != store.StatusFinished || m.Result == nil || !sameResult(*m.Result, want) {
				t.Fatalf("stored match %s with result %+v, want finished with %+v", m.Status, m.Result, want)
			}
			log, err := reg.Store.Actions(ctx, matchID)
			if err != nil || len(log) != 5 {
				t.Fatalf("the log holds %d actions (%v), want the deal's 4 and the pass", len(log), err)
			}
			if err := replay.Verify(rulesOf(m.Setup.Game), m, log); err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			f, err := r.Snapshot(ctx, room.Identity{SeatID: ids[1]})
			if err != nil {
				t.Fatal(err)
			}
			if f.Match.Status != room.StatusFinished || f.Match.Result == nil || f.Match.Result.Summary.ID != game.AbandonedID {
				t.Fatalf("a phone sees the match %s with %+v", f.Match.Status, f.Match.Result)
			}
			if !slices.ContainsFunc(f.Events, func(l room.Line) bool { return l.Msg.ID == "game.event.ended_abandoned" }) {
				t.Fatalf("no event says why the match ended: %v", f.Events)
			}
		})
	}
}

func mustMatch(tb testing.TB, reg *room.Registry, id string) store.Match {
	tb.Helper()
	m, err := reg.Store.Match(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func sameResult(a, b game.Result) bool {
	return slices.Equal(a.Winners, b.Winners) && slices.Equal(a.Points, b.Points) && a.Summary.ID == b.Summary.ID &&
		slices.EqualFunc(a.Summary.Args, b.Summary.Args, func(x, y game.Arg) bool { return x.Name == y.Name && x.Int == y.Int })
}

package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"topsecret/internal/replay"
	"topsecret/internal/room"
	"topsecret/internal/store"
)

// mustGameRoom creates a room of game with n seated players and returns it and their seat ids.
func mustGameRoom(tb testing.TB, reg *room.Registry, slug string, n int, opts string) (*room.Room, []string) {
	tb.Helper()
	ctx := context.Background()
	c, err := reg.CreateRoom(ctx, slug, json.RawMessage(opts))
	if err != nil {
		tb.Fatal(err)
	}
	r, err := reg.Get(ctx, c.Code)
	if err != nil {
		tb.Fatal(err)
	}
	var ids []string
	for i := range n {
		j, err := r.Join(ctx, string(rune('A'+i))+"nn")
		if err != nil {
			tb.Fatal(err)
		}
		ids = append(ids, j.Seat.ID)
	}
	return r, ids
}

func mustStoredSeat(tb testing.TB, st store.Store, code, id string) store.Seat {
	tb.Helper()
	seats, err := st.Seats(context.Background(), code)
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range seats {
		if s.ID == id {
			return s
		}
	}
	tb.Fatalf("no seat %s", id)
	return store.Seat{}
}

// The host replaces absent players with bots; the bots finish the match.
func TestRoom_Replace(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustGameRoom(t, reg, "vault", 3, `{}`)
	ctx := context.Background()
	if err := r.Replace(ctx, room.Identity{Host: true}, ids[0]); err == nil {
		t.Fatal("Replace in the lobby: want a refusal")
	}
	id, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("ErrForbidden", func(t *testing.T) {
		if err := r.Replace(ctx, room.Identity{SeatID: ids[1]}, ids[0]); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("Replace by a guest: err=%v, want ErrForbidden", err)
		}
	})
	for _, s := range ids {
		if err := r.Replace(ctx, room.Identity{Host: true}, s); err != nil {
			t.Fatal(err)
		}
	}
	m := waitFinished(t, reg.Store, id)
	if m.Result == nil || m.Result.EndedByHost() {
		t.Fatalf("Result=%+v, want the rules' own ending", m.Result)
	}
	if got := mustStoredSeat(t, reg.Store, r.Code(), ids[1]); !got.Standin {
		t.Fatalf("stored seat %+v, want Standin", got)
	}
}

// A replaced player's phone only watches until it takes the seat back,
// and the stand-in survives a restart.
func TestRoom_TakeBack(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustGameRoom(t, reg, "wink", 4, `{"startPlayer":0}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	if err := r.Replace(ctx, room.Identity{Host: true}, ids[2]); err != nil {
		t.Fatal(err)
	}
	again := room.NewRegistry(reg.Store, everyGame, reg.Log) // a restart
	again.Clock, again.BotDelay = reg.Clock, time.Hour
	t.Cleanup(again.Close)
	r2, err := again.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	f, err := r2.Snapshot(ctx, room.Identity{SeatID: ids[2]})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Seats[2].Standin || !f.Match.Players[2].Standin {
		t.Fatalf("after a restart: seat %+v, player %+v; want a stand-in", f.Seats[2], f.Match.Players[2])
	}
	t.Run("ErrNotSeated", func(t *testing.T) {
		if err := r2.TakeBack(ctx, ""); !errors.Is(err, room.ErrNotSeated) {
			t.Fatalf("TakeBack by a spectator: err=%v, want ErrNotSeated", err)
		}
	})
	if err := r2.TakeBack(ctx, ids[2]); err != nil {
		t.Fatal(err)
	}
	f, _ = r2.Snapshot(ctx, room.Identity{SeatID: ids[2]})
	if f.Seats[2].Standin || mustStoredSeat(t, again.Store, r.Code(), ids[2]).Standin {
		t.Fatalf("after TakeBack: seat %+v, want no stand-in", f.Seats[2])
	}
}

// The host ends a match: no winner, no points, counted as played; the
// replay still opens and the next match can start.
func TestRoom_EndMatch(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustGameRoom(t, reg, "wink", 4, `{"startPlayer":0}`)
	ctx := context.Background()
	id, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.EndMatch(ctx, room.Identity{SeatID: ids[1]}); !errors.Is(err, room.ErrForbidden) {
		t.Fatalf("EndMatch by a guest: err=%v, want ErrForbidden", err)
	}
	if err := r.EndMatch(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	var re *room.Refusal
	if err := r.EndMatch(ctx, room.Identity{Host: true}); !errors.As(err, &re) {
		t.Fatalf("EndMatch twice: err=%v, want a refusal", err)
	}
	m, err := reg.Store.Match(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != store.StatusFinished || m.Result == nil || !m.Result.EndedByHost() || len(m.Result.Winners) != 0 {
		t.Fatalf("stored match %s %+v, want finished, ended by the host", m.Status, m.Result)
	}
	log, err := reg.Store.Actions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replay.New(rulesOf(m.Setup.Game), m, log); err != nil {
		t.Fatalf("replay.New: %v", err)
	}
	if _, err := replay.Check(rulesOf(m.Setup.Game), m, log); err != nil {
		t.Fatalf("replay.Check: %v", err)
	}
	f, _ := r.Snapshot(ctx, room.Identity{SeatID: ids[0]})
	if f.Status != room.StatusFinished || len(f.Standings) != 4 {
		t.Fatalf("status %s, standings %+v", f.Status, f.Standings)
	}
	for _, s := range f.Standings {
		if s.Played != 1 || s.Points != 0 || s.Wins != 0 {
			t.Fatalf("standing %+v, want played 1 and nothing won", s)
		}
	}
	if last := f.Events[len(f.Events)-1]; last.Msg.ID != "game.event.ended_by_host" {
		t.Fatalf("last event %v", last)
	}
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatalf("next match: %v", err)
	}
}

// A seat whose timer runs out twice while its phone is away is played by
// a bot; a seat whose phone is connected is not.
func TestRoom_StandinAfterTwoTimeouts(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.Buffer = 1 << 16
	reg.BotDelay = time.Hour // the stand-in is seen before it plays
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustGameRoom(t, reg, "vault", 2, `{"selectTimeoutMs":10000}`)
	ctx := context.Background()
	sub, err := r.Subscribe(ctx, room.Identity{SeatID: ids[1]}, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Unsubscribe(sub) })
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	// Timers post to the room from their own goroutines, so the clock
	// moves a second at a time until the stand-in is stored.
	deadline := time.Now().Add(20 * time.Second)
	for !mustStoredSeat(t, reg.Store, r.Code(), ids[0]).Standin {
		if time.Now().After(deadline) {
			f, _ := r.Snapshot(ctx, room.Identity{})
			t.Fatalf("no stand-in; match at %d actions, waiting %v, %d timers", f.Match.Actions, f.Match.Waiting, clock.Pending())
		}
		clock.Advance(time.Second)
		if _, err := r.Snapshot(ctx, room.Identity{}); err != nil {
			t.Fatal(err)
		}
	}
	if mustStoredSeat(t, reg.Store, r.Code(), ids[1]).Standin {
		t.Fatal("the connected seat got a stand-in")
	}
	f, _ := r.Snapshot(ctx, room.Identity{})
	if !slices.ContainsFunc(f.Events, func(l room.Line) bool { return l.Msg.ID == "game.event.bot_takes_over" && l.Msg.Args[0].Int == 0 }) {
		t.Fatalf("events %+v, want a bot taking over seat 0", f.Events)
	}
}

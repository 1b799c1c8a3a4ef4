package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// An action whose ok was lost, resent after its match ended, a rematch
// began and the server restarted, is acknowledged where it landed the first
// time: in the first match, at its index. It is neither refused nor
// applied to the new match.
func TestRoom_ResendAcrossRematch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rooms.db")
	clock := room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg := openRegistry(t, path, clock)
	ctx := t.Context()
	r, ids := mustRoomOf(t, reg, 4, `{"startPlayer":0,"agentCardsRemovedPerPlayer":0}`)
	first, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		t.Fatal(err)
	}
	take := game.Action{Type: "take_cards"}
	at, err := r.Act(ctx, ids[0], "lost-ok", take)
	if want := (room.Landed{MatchID: first, Index: 0}); err != nil || place(at) != want {
		t.Fatalf("Act=%+v, %v; want %+v", at, err, want)
	}
	// Resent at once: the same answer, nothing applied again.
	if again, err := r.Act(ctx, ids[0], "lost-ok", take); err != nil || place(again) != place(at) {
		t.Fatalf("resend in the same match: %+v, %v; want %+v", again, err, at)
	}
	playToEnd(t, r, ids, clock)
	second, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		t.Fatal(err)
	}

	reg.Close()
	reg = openRegistry(t, path, clock)
	r, err = reg.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Act(ctx, ids[0], "lost-ok", take)
	if err != nil || place(got) != place(at) {
		t.Fatalf("resend after a rematch and a restart: %+v, %v; want %+v", got, err, at)
	}
	if log, _ := reg.Store.Actions(ctx, second); len(log) != 0 {
		t.Fatalf("the rematch logged %d actions, want none", len(log))
	}
	// The same action under a new id is the rematch's first.
	if got, err := r.Act(ctx, ids[0], "new-id", take); err != nil || place(got) != (room.Landed{MatchID: second, Index: 0}) {
		t.Fatalf("a new action in the rematch: %+v, %v", got, err)
	}
}

// place is where an action landed, without the version its frames start
// at: a resend's answer names the version of the moment it is answered.
func place(l room.Landed) room.Landed {
	l.Version = 0
	return l
}

// openRegistry is a registry over the SQLite file at path, as a server
// process (and, called again, its restart) has.
func openRegistry(tb testing.TB, path string, clock room.Clock) *room.Registry {
	tb.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	reg.Clock = clock
	reg.BotDelay = 0
	tb.Cleanup(func() { reg.Close(); st.Close() })
	return reg
}

// playToEnd plays r's match to its end through Act, each step a random one
// of the moves some seat's frame lists as legal. When nobody may act, the
// clock moves on to the next timer.
func playToEnd(tb testing.TB, r *room.Room, ids []string, clock *room.ManualClock) {
	tb.Helper()
	ctx := context.Background()
	rnd := rand.New(rand.NewPCG(1, 2))
	for step := range 5000 {
		var movers []*room.Frame
		for _, id := range ids {
			f, err := r.Snapshot(ctx, room.Identity{SeatID: id})
			if err != nil {
				tb.Fatal(err)
			}
			if f.Match.Status == room.StatusFinished {
				return
			}
			if len(f.Legal) > 0 {
				movers = append(movers, f)
			}
		}
		if len(movers) == 0 {
			clock.Advance(time.Minute)
			continue
		}
		f := movers[rnd.IntN(len(movers))]
		a := fill(tb, f.Legal[rnd.IntN(len(f.Legal))], rnd)
		// A template's free fields may combine into a refusal; nothing
		// changes then, and the next step picks again.
		_, _ = r.Act(ctx, f.SeatID, fmt.Sprint("play-", step), a)
	}
	tb.Fatal("the match did not end in 5000 steps")
}

// fill turns a legal move into an action, picking each open field at random.
func fill(tb testing.TB, m game.Move, rnd *rand.Rand) game.Action {
	tb.Helper()
	data := map[string]any{}
	if len(m.Data) > 0 {
		if err := json.Unmarshal(m.Data, &data); err != nil {
			tb.Fatal(err)
		}
	}
	keys := make([]string, 0, len(m.Fields))
	for k := range m.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		data[k] = m.Fields[k][rnd.IntN(len(m.Fields[k]))]
	}
	b, err := json.Marshal(data)
	if err != nil {
		tb.Fatal(err)
	}
	return game.Action{Type: m.Type, Data: b}
}

// countingStore counts reads of whole match logs: a room reads one to
// load its match or catch up with it.
type countingStore struct {
	store.Store
	logReads atomic.Int32
}

func (s *countingStore) Actions(ctx context.Context, matchID string) ([]store.ActionRecord, error) {
	s.logReads.Add(1)
	return s.Store.Actions(ctx, matchID)
}

// An id a phone used in an earlier match, sent again with an action the
// current match would take, is acknowledged where it landed then, as the
// protocol documents, and costs no reload of the current match: that
// replayed the whole log for every such message.
func TestRoom_IDFromAnEarlierMatchIsAnsweredWithoutReload(t *testing.T) {
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	st := &countingStore{Store: db}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	reg.Clock = room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg.BotDelay = 0
	t.Cleanup(func() { reg.Close(); db.Close() })
	ctx := t.Context()
	r, ids := mustRoomOf(t, reg, 4, `{"startPlayer":0,"agentCardsRemovedPerPlayer":0}`)
	first, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		t.Fatal(err)
	}
	take := game.Action{Type: "take_cards"}
	then, err := r.Act(ctx, ids[0], "used-in-match-1", take)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.EndMatch(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	second, err := r.Start(ctx, room.Identity{Host: true})
	if err != nil {
		t.Fatal(err)
	}

	reads := st.logReads.Load()
	for range 3 {
		got, err := r.Act(ctx, ids[0], "used-in-match-1", take)
		if err != nil || got.MatchID != then.MatchID || got.Index != then.Index || got.MatchID != first {
			t.Fatalf("Act with an id of match 1 = %+v, %v; want %+v", got, err, then)
		}
	}
	if n := st.logReads.Load() - reads; n != 0 {
		t.Fatalf("the room read a match log %d times for three reused ids, want none (no reload)", n)
	}
	if log, _ := db.Actions(ctx, second); len(log) != 0 {
		t.Fatalf("match 2 logged %d actions under a reused id, want none", len(log))
	}
	// The match is where it was: the same action under a new id is its first.
	if got, err := r.Act(ctx, ids[0], "fresh", take); err != nil || got.MatchID != second || got.Index != 0 {
		t.Fatalf("a new action in match 2: %+v, %v", got, err)
	}
}

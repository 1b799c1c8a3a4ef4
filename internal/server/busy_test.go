package server_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"topsecret/internal/overload"
	"topsecret/internal/room"
	"topsecret/internal/store"
)

// crowdedStore answers the first appends busy, as a store whose queue is
// full does.
type crowdedStore struct {
	store.Store
	busy atomic.Int32 // appends still to refuse
}

func (s *crowdedStore) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	if s.busy.Add(-1) >= 0 {
		return store.ErrBusy
	}
	return s.Store.AppendAction(ctx, rec)
}

// A busy store refuses an action at once with "busy": nothing is stored or
// shown, and the same action id sent again lands once.
func TestRoomSocket_BusyStoreRefusesAndTheRetryLands(t *testing.T) {
	t.Parallel()
	crowded := &crowdedStore{}
	e := mustStartOn(t, filepath.Join(t.TempDir(), "topsecret.db"), room.NewManualClock(epoch),
		func(db store.Store) store.Store { crowded.Store = db; return crowded })
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	crowded.busy.Store(1)
	if r := julia.act("draw-1", "take_cards", nil); r.Type != "error" || r.Code != "busy" {
		t.Fatalf("first try: %s %q, want error busy", r.Type, r.Code)
	}
	if log, err := e.Store.Actions(t.Context(), matchID); err != nil || len(log) != 0 {
		t.Fatalf("after busy the log holds %d actions (%v), want none", len(log), err)
	}
	if r := julia.act("draw-1", "take_cards", nil); r.Type != "ok" || r.MatchID != matchID {
		t.Fatalf("retry: %s %q, want ok", r.Type, r.Code)
	}
	if r := julia.act("draw-1", "take_cards", nil); r.Type != "ok" || r.MatchID != matchID {
		t.Fatalf("a second retry: %s %q, want ok again", r.Type, r.Code)
	}
	if log, _ := e.Store.Actions(t.Context(), matchID); len(log) != 1 {
		t.Fatalf("the log holds %d actions, want 1", len(log))
	}
}

// gatedStore holds appends until the gate opens, as a store in a long
// fsync does.
type gatedStore struct {
	store.Store
	closed atomic.Bool
	gate   chan struct{}
}

func (s *gatedStore) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	if s.closed.Load() {
		<-s.gate
	}
	return s.Store.AppendAction(ctx, rec)
}

// An action the server turns away is answered at once even while the same
// connection's last action still waits for the store: the connection goes
// on reading, and what it takes keeps its order.
func TestRoomSocket_BusyIsAnsweredWhileTheLastActionWaits(t *testing.T) {
	t.Parallel()
	gated := &gatedStore{gate: make(chan struct{})}
	e := mustStartOn(t, filepath.Join(t.TempDir(), "topsecret.db"), room.NewManualClock(epoch),
		func(db store.Store) store.Store { gated.Store = db; return gated })
	e.Srv.Overload = &overload.Gauge{MaxInFlight: 1}
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	gated.closed.Store(true)
	julia.send(`{"type":"act","id":"draw-1","action":{"type":"take_cards"}}`)
	if r := julia.act("draw-2", "take_cards", nil); r.Type != "error" || r.Code != "busy" {
		t.Fatalf("while draw-1 waits: %s %q, want error busy", r.Type, r.Code)
	}
	gated.closed.Store(false)
	close(gated.gate)
	if r := julia.until(func(f frame) bool { return f.ID == "draw-1" }); r.Type != "ok" || r.MatchID != matchID {
		t.Fatalf("draw-1: %s %q, want ok", r.Type, r.Code)
	}
	if log, _ := e.Store.Actions(t.Context(), matchID); len(log) != 1 {
		t.Fatalf("the log holds %d actions, want 1", len(log))
	}
}

// A connection's lane holds a bounded number of messages: while its first
// action waits for the store, at most four more wait behind it and the
// rest are answered busy at once; once the store goes on, every message
// has had its answer.
func TestRoomSocket_AFullLaneAnswersBusy(t *testing.T) {
	t.Parallel()
	gated := &gatedStore{gate: make(chan struct{})}
	e := mustStartOn(t, filepath.Join(t.TempDir(), "topsecret.db"), room.NewManualClock(epoch),
		func(db store.Store) store.Store { gated.Store = db; return gated })
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	gated.closed.Store(true)
	const sent = 10
	for i := range sent {
		julia.send(fmt.Sprintf(`{"type":"act","id":"draw-%d","action":{"type":"take_cards"}}`, i))
	}
	answered, busy := map[string]bool{}, 0
	for busy < sent-1-4 {
		// Nothing is stored while the gate is closed: these are busy.
		if r := julia.until(func(f frame) bool { return f.Type == "ok" || f.Type == "error" }); r.Code == "busy" {
			answered[r.ID] = true
			busy++
		} else {
			t.Fatalf("while the store waits: %s %q for %s, want busy", r.Type, r.Code, r.ID)
		}
	}
	gated.closed.Store(false)
	close(gated.gate)
	for len(answered) < sent {
		if r := julia.next(); r.Type == "ok" || r.Type == "error" {
			answered[r.ID] = true
		}
	}
}

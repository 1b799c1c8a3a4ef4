package server_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

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
	if r := julia.act("draw-1", "take_cards", nil); r.Type != "ok" || r.Index != 0 {
		t.Fatalf("retry: %s %q index %d, want ok at 0", r.Type, r.Code, r.Index)
	}
	if r := julia.act("draw-1", "take_cards", nil); r.Type != "ok" || r.Index != 0 {
		t.Fatalf("a second retry: %s %q index %d, want the same ok", r.Type, r.Code, r.Index)
	}
	if log, _ := e.Store.Actions(t.Context(), matchID); len(log) != 1 {
		t.Fatalf("the log holds %d actions, want 1", len(log))
	}
}

package server_test

import (
	"path/filepath"
	"testing"
	"time"

	"topsecret/internal/overload"
	"topsecret/internal/room"
)

// While the CPU cannot keep up, new actions are answered busy at once and
// nothing of them is stored; the socket stays open, and once the server
// keeps up again the same action lands exactly once.
func TestRoomSocket_OverloadAnswersBusyAndTheRetryLands(t *testing.T) {
	t.Parallel()
	e := mustStartOn(t, filepath.Join(t.TempDir(), "topsecret.db"), room.NewManualClock(epoch), nil)
	g := &overload.Gauge{Target: 5 * time.Millisecond}
	e.Srv.Overload = g
	for range 40 {
		g.Observe(time.Second) // a period when goroutines waited a second for the CPU
	}
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	busy, oks := 0, 0
	for range 10 {
		switch r := julia.act("draw-1", "take_cards", nil); {
		case r.Type == "error" && r.Code == "busy":
			busy++
		case r.Type == "ok" && r.MatchID == matchID:
			oks++
		default:
			t.Fatalf("under overload: %s %q, want busy or the one ok", r.Type, r.Code)
		}
	}
	if busy < 5 {
		t.Fatalf("%d of 10 tries answered busy while shedding %.2f", busy, g.Shedding())
	}
	if log, _ := e.Store.Actions(t.Context(), matchID); len(log) != min(oks, 1) {
		t.Fatalf("after %d busy and %d ok the log holds %d actions", busy, oks, len(log))
	}
	for range 60 {
		g.Observe(0)
	}
	if r := julia.act("draw-1", "take_cards", nil); r.Type != "ok" || r.MatchID != matchID {
		t.Fatalf("once caught up: %s %q, want ok", r.Type, r.Code)
	}
	if log, _ := e.Store.Actions(t.Context(), matchID); len(log) != 1 {
		t.Fatalf("the log holds %d actions, want 1", len(log))
	}
}

package room_test

import (
	"context"
	"errors"
	"testing"

	"topsecret/internal/room"
)

// The host closes the night between matches: every frame says so, a
// restart keeps it, and the next match opens it again. Before the first
// finished match, or while one is played, there is no night to close, and
// a player's seat or the table screen may never close it.
func TestRoom_CloseNight(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	ctx := context.Background()
	r, ids := mustGameRoom(t, reg, "vault", 3, `{}`)
	host := room.Identity{Host: true}
	closed := func(r *room.Room) (night *room.NightState) {
		t.Helper()
		f, err := r.Snapshot(ctx, room.Identity{SeatID: ids[1]})
		if err != nil {
			t.Fatal(err)
		}
		return f.Night
	}
	refused := func(step string, err error) {
		t.Helper()
		var rf *room.Refusal
		if !errors.As(err, &rf) {
			t.Fatalf("%s: err=%v, want a refusal", step, err)
		}
	}

	refused("closing an empty night", r.CloseNight(ctx, host, true))
	if n := closed(r); n == nil || n.Closed || n.Matches != 0 {
		t.Fatalf("the lobby's night is %+v, want open with no matches", n)
	}
	if _, err := r.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	refused("closing while a match is played", r.CloseNight(ctx, host, true))
	if n := closed(r); n != nil {
		t.Fatalf("a frame in play carries the night %+v", n)
	}
	if err := r.EndMatch(ctx, host); err != nil {
		t.Fatal(err)
	}
	for _, who := range []room.Identity{{SeatID: ids[1]}, {Table: true}, {}} {
		if err := r.CloseNight(ctx, who, true); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("CloseNight by %+v: err=%v, want ErrForbidden", who, err)
		}
	}
	if n := closed(r); n.Closed {
		t.Fatal("a refused close closed the night")
	}
	if err := r.CloseNight(ctx, host, true); err != nil {
		t.Fatalf("the host closes the night: %v", err)
	}
	if n := closed(r); !n.Closed || n.Matches != 1 || len(n.Table) != 3 {
		t.Fatalf("the closed night is %+v, want closed with 1 match and 3 players", n)
	}

	again := room.NewRegistry(reg.Store, everyGame, reg.Log)
	again.Clock = reg.Clock
	t.Cleanup(again.Close)
	r2, err := again.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	if n := closed(r2); !n.Closed {
		t.Fatal("a restart opened the night")
	}
	if _, err := r2.Start(ctx, host); err != nil {
		t.Fatal(err)
	}
	if err := r2.EndMatch(ctx, host); err != nil {
		t.Fatal(err)
	}
	if n := closed(r2); n.Closed || n.Matches != 2 {
		t.Fatalf("after playing on the night is %+v, want open with 2 matches", n)
	}
	if err := r2.CloseNight(ctx, host, true); err != nil {
		t.Fatal(err)
	}
	if err := r2.CloseNight(ctx, host, false); err != nil {
		t.Fatalf("the host opens the night again: %v", err)
	}
	if n := closed(r2); n.Closed {
		t.Fatal("the night stayed closed")
	}
}

package lease

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/internal/store/pgtest"
)

// Lobbies nobody played in are forgotten fleet-wide: whichever instance
// sweeps deletes the old lobbies no instance runs (one never opened, one
// another instance let go idle, one whose instance died) and keeps a lobby
// live on another instance, which plays on, and a room that played. The
// lobby live elsewhere goes too once its instance lets it go idle.
func TestRegistry_ForgetUnplayed_AnyInstanceForgetsForTheFleet(t *testing.T) {
	dsn := pgtest.DSN(t)
	ctx := t.Context()
	a := mustInstance(t, dsn, "http://a.test:1", time.Minute)
	clock := room.NewManualClock(time.Now())
	a.rooms.Clock = clock
	b := mustInstance(t, dsn, "http://b.test:1", time.Minute)
	b.rooms.UnplayedAfter = time.Nanosecond // every lobby made before now is old
	dead := mustInstance(t, dsn, "http://dead.test:1", 500*time.Millisecond)

	lobby := func(in *instance) string {
		t.Helper()
		c, err := in.rooms.CreateRoom(ctx, "wink", json.RawMessage(`{"mode":"remote"}`))
		if err != nil {
			t.Fatal(err)
		}
		return c.Code
	}
	open := func(in *instance, code string) *room.Room {
		t.Helper()
		r, err := in.rooms.Get(ctx, code)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	never, idle, live, orphan := lobby(a), lobby(a), lobby(a), lobby(dead)
	open(a, idle)
	tv, err := open(a, live).Subscribe(ctx, room.Identity{}, room.Encoder{Format: "json",
		Encode: func(*room.Frame) ([]byte, error) { return []byte("{}"), nil }})
	if err != nil {
		t.Fatal(err)
	}
	played := mustPlayingRoom(t, a)
	clock.Advance(a.rooms.IdleAfter)
	a.rooms.Sweep() // idle leaves a, its lease released; live has its table screen
	open(dead, orphan)
	dead.k.Crash()
	waitFor(t, "the dead instance's lease to lapse", 5*time.Second, func() bool { return holder(t, b, orphan) == "" })

	n, err := b.rooms.ForgetUnplayed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("b forgot %d rooms, want 3 (never opened, idle on a, on the dead instance)", n)
	}
	for _, code := range []string{never, idle, orphan} {
		if _, err := b.db.Room(ctx, code); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("forgotten lobby %s: Room = %v, want ErrNotFound", code, err)
		}
	}
	for _, code := range []string{live, played} {
		if _, err := b.db.Room(ctx, code); err != nil {
			t.Errorf("room %s was deleted: %v", code, err)
		}
	}
	if _, err := open(a, live).Join(ctx, "Late"); err != nil {
		t.Fatalf("the lobby live on a lost its room: Join = %v", err)
	}

	open(a, live).Unsubscribe(tv)
	// The table screen leaves on the room's goroutine, in its own time.
	waitFor(t, "a to let the lobby go", 5*time.Second, func() bool {
		clock.Advance(a.rooms.IdleAfter)
		a.rooms.Sweep()
		return !slices.Contains(a.rooms.Live(), live)
	})
	if n, err := b.rooms.ForgetUnplayed(ctx); err != nil || n != 1 {
		t.Fatalf("once a let the lobby go, b forgot %d rooms (%v), want it", n, err)
	}
	if _, err := b.rooms.Get(context.Background(), live); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the forgotten lobby: Get = %v, want ErrNotFound", err)
	}
}

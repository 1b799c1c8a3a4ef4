package room_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
)

// seen is what the holder of seatID is shown of r: the frame's content
// and the match's log length.
func seen(tb testing.TB, r *room.Room, seatID string) (string, int) {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{SeatID: seatID})
	if err != nil {
		tb.Fatal(err)
	}
	b, err := jsonFrames.Encode(f)
	if err != nil {
		tb.Fatal(err)
	}
	n := 0
	if f.Match != nil {
		n = f.Match.Actions
	}
	return string(b), n
}

// A room nobody has open is evicted after IdleAfter, with a match in play
// too: its timers wait in the store. The next phone finds it as it was, its
// turn timer's deadline included, and a deadline that passed while it
// slept fires as soon as it is loaded, as after a restart. A room someone
// has open stays.
func TestRegistry_SweepEvictsIdleRooms(t *testing.T) {
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	reg.IdleAfter = time.Minute
	ctx := t.Context()
	lobby, _ := mustRoomOf(t, reg, 2, `{}`)
	play, ids := mustRoomOf(t, reg, 4, `{"startPlayer":0,"agentCardsRemovedPerPlayer":0,"turnTimeoutMs":300000}`)
	if _, err := play.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	for i := range ids { // each phone in turn takes its cards, then locks
		f, err := play.Snapshot(ctx, room.Identity{})
		if err != nil || len(f.Match.Waiting) != 1 {
			t.Fatalf("deal step %d waits for %v (%v)", i, f.Match.Waiting, err)
		}
		id := ids[f.Match.Waiting[0]]
		phone, err := play.Subscribe(ctx, room.Identity{SeatID: id}, jsonFrames)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := play.Act(ctx, id, fmt.Sprint("take-", i), game.Action{Type: "take_cards"}); err != nil {
			t.Fatal(err)
		}
		play.Unsubscribe(phone)
	}
	waitUntil(t, "the phones to leave", func() bool {
		f, err := play.Snapshot(ctx, room.Identity{})
		return err == nil && !slices.ContainsFunc(f.Seats, func(s room.SeatState) bool { return s.Connected })
	})
	watched, _ := mustRoomOf(t, reg, 4, `{"startPlayer":0}`)
	if _, err := watched.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := watched.Subscribe(ctx, room.Identity{}, jsonFrames); err != nil {
		t.Fatal(err)
	}
	before, n := seen(t, play, ids[0])
	if !strings.Contains(before, `"timer":{"kind":"turn"`) {
		t.Fatalf("no turn timer in the view to keep:\n%s", before)
	}

	clock.Advance(2 * time.Minute) // the turn timer has three minutes left
	reg.Sweep()
	if live := reg.Live(); !slices.Equal(live, []string{watched.Code()}) {
		t.Fatalf("live after the sweep: %v, want only the watched room %s", live, watched.Code())
	}
	again, err := reg.Get(ctx, lobby.Code())
	if err != nil {
		t.Fatal(err)
	}
	if f, err := again.Snapshot(ctx, room.Identity{}); err != nil || len(f.Seats) != 2 {
		t.Fatalf("reloaded lobby: %v seats, %v; want 2", f.Seats, err)
	}
	back, err := reg.Get(ctx, play.Code())
	if err != nil {
		t.Fatal(err)
	}
	if after, m := seen(t, back, ids[0]); after != before || m != n {
		t.Fatalf("the phone back finds (%d actions)\n%s\nwant (%d actions)\n%s", m, after, n, before)
	}

	// Asleep again past its deadline: the referee's pass is the first
	// thing the room does when it is loaded.
	clock.Advance(2 * time.Minute)
	reg.Sweep()
	clock.Advance(5 * time.Minute)
	if slices.Contains(reg.Live(), play.Code()) {
		t.Fatal("the room in play was not evicted the second time")
	}
	back, err = reg.Get(ctx, play.Code())
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the overdue turn timer to fire", func() bool { _, m := seen(t, back, ids[0]); return m == n+1 })
	f, err := back.Snapshot(ctx, room.Identity{})
	if err != nil {
		t.Fatal(err)
	}
	log, err := reg.Store.Actions(ctx, f.Match.ID)
	if err != nil || len(log) != n+1 || log[n].Action.Seat != game.System {
		t.Fatalf("log after the load: %+v, %v; want the referee's action last", log, err)
	}
}

// Past MaxRooms live rooms, creating a room and loading one are refused
// with ErrFull; a place opens as a room goes idle and is evicted.
func TestRegistry_MaxRooms(t *testing.T) {
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	reg.MaxRooms = 2
	reg.IdleAfter = time.Minute
	ctx := t.Context()
	asleep, err := reg.CreateRoom(ctx, "wink", nil) // made, not opened
	if err != nil {
		t.Fatal(err)
	}
	first, _ := mustRoomOf(t, reg, 0, `{}`)
	clock.Advance(30 * time.Second)
	second, _ := mustRoomOf(t, reg, 0, `{}`)
	if _, err := reg.CreateRoom(ctx, "wink", nil); !errors.Is(err, room.ErrFull) {
		t.Fatalf("creating a third room: %v, want ErrFull", err)
	}
	if _, err := reg.Get(ctx, asleep.Code); !errors.Is(err, room.ErrFull) {
		t.Fatalf("opening a third room: %v, want ErrFull", err)
	}
	if r, err := reg.Get(ctx, second.Code()); err != nil || r != second {
		t.Fatalf("a live room is still served: %v", err)
	}
	clock.Advance(45 * time.Second) // the first is idle a minute and more
	reg.Sweep()
	if live := reg.Live(); !slices.Equal(live, []string{second.Code()}) {
		t.Fatalf("live after the sweep: %v, want %s", live, second.Code())
	}
	if _, err := reg.Get(ctx, asleep.Code); err != nil {
		t.Fatalf("opening a room once there is a place: %v", err)
	}
	if _, err := reg.Get(ctx, first.Code()); !errors.Is(err, room.ErrFull) {
		t.Fatalf("opening the evicted room again, full: %v, want ErrFull", err)
	}
}

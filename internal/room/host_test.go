package room_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store"
)

// The host passes the role on purpose: the new host's seat gets the
// powers, the old host loses them and cannot take them back, and a
// restart keeps it so.
func TestRoom_PassHost(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	creator, bob := room.Identity{Host: true}, room.Identity{SeatID: ids[1]}
	t.Run("ErrForbidden", func(t *testing.T) {
		if err := r.PassHost(ctx, bob, ids[1]); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("PassHost by a guest: err=%v, want ErrForbidden", err)
		}
	})
	if err := r.PassHost(ctx, creator, ids[1]); err != nil {
		t.Fatal(err)
	}
	if !r.IsHost(ctx, bob) || r.IsHost(ctx, creator) {
		t.Fatalf("after PassHost: Bob host %v, creator host %v", r.IsHost(ctx, bob), r.IsHost(ctx, creator))
	}
	f, _ := r.Snapshot(ctx, creator)
	if f.HostBack || f.Host || f.HostSeat != ids[1] {
		t.Fatalf("creator's frame: host %v, host_seat %q, host_back %v", f.Host, f.HostSeat, f.HostBack)
	}
	if err := r.TakeHostBack(ctx, creator); !errors.Is(err, room.ErrForbidden) {
		t.Fatalf("TakeHostBack after passing on purpose: err=%v, want ErrForbidden", err)
	}
	var re *room.Refusal
	if err := r.Kick(ctx, bob, ids[1]); !errors.As(err, &re) {
		t.Fatalf("kicking the host's seat: err=%v, want a refusal", err)
	}
	if _, err := r.Start(ctx, bob); err != nil {
		t.Fatalf("the new host starts: %v", err)
	}
	again := room.NewRegistry(reg.Store, everyGame, reg.Log) // a restart
	again.Clock = reg.Clock
	t.Cleanup(again.Close)
	r2, err := again.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	if !r2.IsHost(ctx, bob) || r2.IsHost(ctx, creator) {
		t.Fatal("a restart forgot who hosts")
	}
}

// When the host's phone has been away for HostAwayAfter, the role passes
// to a connected player, and the old host takes it back with one tap.
func TestRoom_HostAway(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.HostAwayAfter = 3 * time.Minute
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	creator, ann := room.Identity{Host: true}, room.Identity{SeatID: ids[0]}
	sub, err := r.Subscribe(ctx, ann, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Unsubscribe(sub) })
	go func() {
		for range sub.Messages() {
		}
	}()
	clock.Advance(2 * time.Minute)
	if r.IsHost(ctx, ann) {
		t.Fatal("the role passed before HostAwayAfter")
	}
	clock.Advance(time.Minute)
	deadline := time.Now().Add(10 * time.Second)
	for !r.IsHost(ctx, ann) { // the timer posts to the room from its own goroutine
		if time.Now().After(deadline) {
			t.Fatal("the role did not pass to the connected player")
		}
		time.Sleep(time.Millisecond)
	}
	rec, err := reg.Store.Room(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	if want := (store.Host{Seat: ids[0], Returns: true}); rec.Host != want {
		t.Fatalf("stored host %+v, want %+v", rec.Host, want)
	}
	f, _ := r.Snapshot(ctx, creator)
	if f.Host || !f.HostBack {
		t.Fatalf("creator's frame: host %v, host_back %v; want the way back", f.Host, f.HostBack)
	}
	t.Run("ErrForbidden", func(t *testing.T) {
		if err := r.TakeHostBack(ctx, room.Identity{SeatID: ids[2]}); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("TakeHostBack by another player: err=%v, want ErrForbidden", err)
		}
	})
	if err := r.TakeHostBack(ctx, creator); err != nil {
		t.Fatal(err)
	}
	if !r.IsHost(ctx, creator) || r.IsHost(ctx, ann) {
		t.Fatal("TakeHostBack did not return the role")
	}
}

// A host kept out (a cap refused its phone) is not away: each refused try
// starts the away clock again, so the role stays while the host keeps
// trying, and passes only once the host stopped trying for HostAwayAfter.
func TestRoom_HostKeptOutKeepsTheRole(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.HostAwayAfter = 3 * time.Minute
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	creator, ann := room.Identity{Host: true}, room.Identity{SeatID: ids[0]}
	sub, err := r.Subscribe(ctx, ann, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Unsubscribe(sub) })
	go func() {
		for range sub.Messages() {
		}
	}()
	for range 6 {
		r.Knock(ctx, creator)
		r.Knock(ctx, ann) // not the host: changes nothing
		clock.Advance(time.Minute)
	}
	if r.IsHost(ctx, ann) || !r.IsHost(ctx, creator) {
		t.Fatal("the role passed while the host kept trying to come back")
	}
	clock.Advance(3 * time.Minute) // the timer hands its work to the room before Advance returns
	if !r.IsHost(ctx, ann) {
		t.Fatal("the role did not pass once the host stopped trying")
	}
}

package room_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"topsecret/internal/room"
)

// seatStates finds the seats of a snapshot by id.
func seatStates(tb testing.TB, r *room.Room, id room.Identity) map[string]room.SeatState {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]room.SeatState{}
	for _, s := range f.Seats {
		out[s.ID] = s
	}
	return out
}

// A seat no phone has opened is not here yet, never "reconnecting"; only
// a phone that was connected and left makes its seat away, and coming back
// makes it here again.
func TestRoom_PresenceSaysWhatIsTrue(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 2, `{}`)
	ctx := context.Background()
	ann := room.Identity{SeatID: ids[0]}
	type presence struct{ connected, away bool }
	check := func(when string, want ...presence) {
		t.Helper()
		seats := seatStates(t, r, room.Identity{})
		for i, w := range want {
			s := seats[ids[i]]
			if got := (presence{s.Connected, s.Away}); got != w {
				t.Errorf("%s: seat %d connected %v away %v, want %v", when, i, got.connected, got.away, w)
			}
		}
	}
	check("joined, never opened", presence{}, presence{})
	sub, err := r.Subscribe(ctx, ann, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	check("Ann's phone opened", presence{connected: true}, presence{})
	r.Unsubscribe(sub)
	waitUntil(t, "Ann's phone gone", func() bool { return seatStates(t, r, room.Identity{})[ids[0]].Away })
	check("Ann's phone gone", presence{away: true}, presence{})
	if _, err := r.Subscribe(ctx, ann, jsonFrames); err != nil {
		t.Fatal(err)
	}
	check("Ann's phone back", presence{connected: true}, presence{})
}

// The host's seat is marked: the seat the host token's holder sits in, and
// after the role passes, the seat it passed to, and no other.
func TestRoom_HostSeatMarked(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	hosts := func() []bool {
		seats := seatStates(t, r, room.Identity{})
		out := make([]bool, len(ids))
		for i, id := range ids {
			out[i] = seats[id].Host
		}
		return out
	}
	tests := []struct {
		name string
		do   func()
		want []bool
	}{
		{"before the host's phone connects nobody is marked", func() {}, []bool{false, false, false}},
		{"the creator's phone sits in seat 0", func() {
			if _, err := r.Subscribe(ctx, room.Identity{SeatID: ids[0], Host: true}, jsonFrames); err != nil {
				t.Fatal(err)
			}
		}, []bool{true, false, false}},
		{"a table screen with the token sits nowhere", func() {
			if _, err := r.Subscribe(ctx, room.Identity{Host: true, Table: true}, jsonFrames); err != nil {
				t.Fatal(err)
			}
		}, []bool{true, false, false}},
		{"the role passes to seat 2", func() {
			if err := r.PassHost(ctx, room.Identity{Host: true}, ids[2]); err != nil {
				t.Fatal(err)
			}
		}, []bool{false, false, true}},
	}
	for _, tt := range tests {
		tt.do()
		if got := hosts(); !slices.Equal(got, tt.want) {
			t.Fatalf("%s: host marks %v, want %v", tt.name, got, tt.want)
		}
	}
}

// waitUntil polls cond, for effects the room applies after the call that
// caused them returned (Unsubscribe is posted).
func waitUntil(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// After a restart a seat that played is reconnecting until its phone comes
// back; a seat with nothing in the log says nothing false: not here yet.
func TestRoom_PresenceAfterRestart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rooms.db")
	clock := room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg := openRegistry(t, path, clock)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	played := ""
	for _, id := range ids {
		f, err := r.Snapshot(ctx, room.Identity{SeatID: id})
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Legal) > 0 {
			if _, err := r.Act(ctx, id, "first", fill(t, f.Legal[0], rand.New(rand.NewPCG(1, 2)))); err != nil {
				t.Fatal(err)
			}
			played = id
			break
		}
	}
	if played == "" {
		t.Fatal("nobody could act after the start")
	}
	r2, err := openRegistry(t, path, clock).Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	seats := seatStates(t, r2, room.Identity{})
	for _, id := range ids {
		if got, want := seats[id].Away, id == played; got != want || seats[id].Connected {
			t.Errorf("seat %s after a restart: away %v connected %v, want away %v", id, got, seats[id].Connected, want)
		}
	}
}

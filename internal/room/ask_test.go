package room_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"topsecret/internal/room"
)

// hostAsks are the requests the host's frame shows.
func hostAsks(tb testing.TB, r *room.Room) []room.AskState {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{Host: true})
	if err != nil {
		tb.Fatal(err)
	}
	if f.Rejoin == nil {
		return nil
	}
	return f.Rejoin.Asks
}

// mustAsk asks for a seat from an address and fails on any error.
func mustAsk(tb testing.TB, r *room.Room, seatID, addr string) room.Asked {
	tb.Helper()
	a, err := r.Ask(context.Background(), room.Identity{}, seatID, room.Asker{Addr: addr})
	if err != nil {
		tb.Fatalf("ask for %s from %s: %v", seatID, addr, err)
	}
	return a
}

// The asking phone and the host's prompt show the same two pictures, and
// the prompt says when the asking browser first came into the room, so
// the host can tell which phone asks and whether it is new here.
func TestRoom_AskShowsSignsAndArrival(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	came := clock.Now()
	clock.Advance(40 * time.Minute)
	old, err := r.Ask(ctx, room.Identity{}, ids[1], room.Asker{Addr: "bob", Came: came})
	if err != nil {
		t.Fatal(err)
	}
	fresh := mustAsk(t, r, ids[1], "stranger")
	for _, a := range []room.Asked{old, fresh} {
		if len(a.Signs) != 2 || a.Signs[0] == a.Signs[1] {
			t.Fatalf("the asking phone shows %+v, want two different pictures", a.Signs)
		}
		for _, s := range a.Signs {
			if !slices.Contains(room.Signs(), s) {
				t.Fatalf("the asking phone shows %+v, which is not in the list", s)
			}
		}
	}
	got := hostAsks(t, r)
	if len(got) != 2 {
		t.Fatalf("the host sees %d requests, want 2", len(got))
	}
	for i, tc := range []struct {
		asked room.Asked
		came  time.Time
	}{{old, came}, {fresh, time.Time{}}} {
		p := got[i]
		if p.ID != tc.asked.ID || !slices.Equal(p.Signs, tc.asked.Signs) {
			t.Errorf("prompt %d shows %+v, want the asking phone's %+v", i, p.Signs, tc.asked.Signs)
		}
		if !p.At.Equal(clock.Now()) || !p.Came.Equal(tc.came) {
			t.Errorf("prompt %d: asked %v, came %v; want asked %v, came %v", i, p.At, p.Came, clock.Now(), tc.came)
		}
	}
}

// One address holds one open request per seat: asking again is refused in
// words and changes nothing, until the host answered or it expired.
func TestRoom_AskOncePerSeatAndAddress(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	first := mustAsk(t, r, ids[1], "stranger")
	for _, tc := range []struct {
		name, seat, addr string
		want             string // the refusal, "" if allowed
	}{
		{"SameSeatSameAddress", ids[1], "stranger", "game.rejoin.ask_twice"},
		{"OtherSeat", ids[2], "stranger", ""},
		{"OtherAddress", ids[1], "bob", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(hostAsks(t, r))
			_, err := r.Ask(ctx, room.Identity{}, tc.seat, room.Asker{Addr: tc.addr})
			if tc.want != "" {
				wantSaid(t, "asking again", err, tc.want)
				if n := len(hostAsks(t, r)); n != before {
					t.Fatalf("a refused request changed the host's prompts: %d, want %d", n, before)
				}
			} else if err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("AfterRefuse", func(t *testing.T) {
		if err := r.Answer(ctx, room.Identity{Host: true}, first.ID, false); err != nil {
			t.Fatal(err)
		}
		mustAsk(t, r, ids[1], "stranger")
	})
	t.Run("AfterAllow", func(t *testing.T) {
		a := mustAsk(t, r, ids[0], "ann")
		if err := r.Answer(ctx, room.Identity{Host: true}, a.ID, true); err != nil {
			t.Fatal(err)
		}
		_, err := r.Ask(ctx, room.Identity{}, ids[0], room.Asker{Addr: "ann"})
		wantSaid(t, "asking again once allowed", err, "game.rejoin.ask_twice")
	})
	t.Run("AfterExpiry", func(t *testing.T) {
		clock.Advance(room.AskLife)
		mustAsk(t, r, ids[2], "stranger")
	})
}

// A stranger cannot keep the real player from asking: from one address it
// holds one request per seat, and even from many addresses it only pushes
// its own oldest requests out; a seat keeps a few prompts at most.
func TestRoom_AskStrangerCannotLockOut(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	ctx := context.Background()
	for _, id := range ids {
		mustAsk(t, r, id, "stranger")
		for range 3 {
			_, _ = r.Ask(ctx, room.Identity{}, id, room.Asker{Addr: "stranger"})
		}
	}
	bob := mustAsk(t, r, ids[1], "bob")
	if !slices.ContainsFunc(hostAsks(t, r), func(a room.AskState) bool { return a.ID == bob.ID }) {
		t.Fatal("Bob's request does not reach the host")
	}

	var many []room.Asked
	for _, addr := range []string{"s1", "s2", "s3", "s4", "s5"} {
		many = append(many, mustAsk(t, r, ids[2], addr))
	}
	cy := mustAsk(t, r, ids[2], "cy")
	var forCy []string
	for _, a := range hostAsks(t, r) {
		if a.SeatID == ids[2] {
			forCy = append(forCy, a.ID)
		}
	}
	if want := []string{many[3].ID, many[4].ID, cy.ID}; !slices.Equal(forCy, want) {
		t.Fatalf("the host's prompts for Cy's seat are %v, want the newest three %v", forCy, want)
	}
	wantSaid(t, "a request pushed out", claimErr(r, room.Claim{Grant: many[0].Grant}), "game.rejoin.ask_gone")
}

// No two requests the room keeps show the same pictures, in either order,
// so two prompts for one seat never look alike.
func TestRoom_AskSignsDiffer(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 4, `{}`)
	// A room holds at most 12 requests here; by chance alone two of 12
	// would share a pair about one time in eight, so 40 rounds catch a
	// room that does not look.
	for round := range 40 {
		seen := map[[2]string]bool{}
		for _, id := range ids {
			for _, addr := range []string{"a", "b", "c"} {
				s := mustAsk(t, r, id, addr).Signs
				pair := [2]string{min(s[0].Emoji, s[1].Emoji), max(s[0].Emoji, s[1].Emoji)}
				if seen[pair] {
					t.Fatalf("round %d: two requests show %v", round, pair)
				}
				seen[pair] = true
			}
		}
		clock.Advance(room.AskLife)
	}
}

// An arrival stamp tells when its browser first came into the room; it
// holds after a restart and cannot be dated back or used in another room.
func TestRoom_ArrivalStamp(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, _ := mustRoomOf(t, reg, 1, `{}`)
	other, _ := mustRoomOf(t, reg, 1, `{}`)
	came := clock.Now()
	stamp := r.ArrivalStamp()
	clock.Advance(3 * time.Hour)
	if at, ok := r.Arrived(stamp); !ok || !at.Equal(came) {
		t.Fatalf("Arrived=%v, %v; want %v", at, ok, came)
	}
	at, seal, _ := strings.Cut(stamp, ".")
	earlier := other.ArrivalStamp() // a real stamp, of another room and time
	for name, bad := range map[string]string{
		"OtherRoom": earlier,
		"DatedBack": "1" + at[1:] + "." + seal,
		"NoSeal":    at,
		"Garbage":   "x.y",
		"Empty":     "",
	} {
		t.Run(name, func(t *testing.T) {
			if _, ok := r.Arrived(bad); ok {
				t.Fatalf("Arrived(%q) was believed", bad)
			}
		})
	}
	t.Run("AfterRestart", func(t *testing.T) {
		again := room.NewRegistry(reg.Store, everyGame, reg.Log)
		again.Clock = reg.Clock
		t.Cleanup(again.Close)
		r2, err := again.Get(context.Background(), r.Code())
		if err != nil {
			t.Fatal(err)
		}
		if at, ok := r2.Arrived(stamp); !ok || !at.Equal(came) {
			t.Fatalf("after a restart Arrived=%v, %v; want %v", at, ok, came)
		}
	})
}

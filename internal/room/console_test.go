package room_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
)

// The table screen opened with the host's token is where the host looks:
// a request to rejoin shows there at once. The table screen of anyone
// else, and a player's phone, never see it.
func TestRoom_HostTableScreenShowsAsks(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	a := mustAsk(t, r, ids[1], "bob")
	for _, c := range []struct {
		name string
		id   room.Identity
		want bool
	}{
		{"the host's table screen", room.Identity{Host: true, Table: true}, true},
		{"the host's phone", room.Identity{Host: true}, true},
		{"a table screen without the host's token", room.Identity{Table: true}, false},
		{"a player's table screen", room.Identity{SeatID: ids[2], Table: true}, false},
		{"a player's phone", room.Identity{SeatID: ids[2]}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := r.Snapshot(ctx, c.id)
			if err != nil {
				t.Fatal(err)
			}
			got := f.Rejoin != nil && slices.ContainsFunc(f.Rejoin.Asks, func(s room.AskState) bool { return s.ID == a.ID })
			if got != c.want {
				t.Fatalf("shows the request: %v, want %v", got, c.want)
			}
		})
	}
}

// After the first timer that runs out while a seat's phone is away,
// every screen is told a bot plays that seat from the next one; the
// phone coming back takes the warning away, and once the bot plays it
// is no longer "soon".
func TestRoom_BotSoonAfterTheFirstMissedTimer(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.Buffer = 1 << 16
	reg.BotDelay = time.Hour // the stand-in is seen before it plays
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustGameRoom(t, reg, "vault", 2, `{"selectTimeoutMs":10000}`)
	ctx := context.Background()
	sub, err := r.Subscribe(ctx, room.Identity{SeatID: ids[1]}, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Unsubscribe(sub) })
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	soon := func(id room.Identity) bool {
		f, err := r.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(f.Seats, func(s room.SeatState) bool { return s.ID == ids[0] })
		j := slices.IndexFunc(f.Match.Players, func(s room.SeatState) bool { return s.ID == ids[0] })
		return f.Seats[i].BotSoon && f.Match.Players[j].BotSoon
	}
	if soon(room.Identity{Table: true}) {
		t.Fatal("a bot is announced before any timer ran out")
	}
	// Timers post to the room from their own goroutines: the clock moves a
	// second at a time until the first one has run out.
	advanceUntil(t, clock, r, func() bool { return soon(room.Identity{Table: true}) })
	for _, id := range []room.Identity{{Table: true}, {SeatID: ids[1]}, {Host: true}, {}} {
		if !soon(id) {
			t.Fatalf("%+v is not told a bot comes", id)
		}
	}
	if mustStoredSeat(t, reg.Store, r.Code(), ids[0]).Standin {
		t.Fatal("a bot plays after one timer")
	}
	if soon(room.Identity{Table: true}) && mustStoredSeat(t, reg.Store, r.Code(), ids[1]).Standin {
		t.Fatal("the connected seat got a stand-in")
	}
	advanceUntil(t, clock, r, func() bool { return mustStoredSeat(t, reg.Store, r.Code(), ids[0]).Standin })
	if soon(room.Identity{Table: true}) {
		t.Fatal("the seat a bot plays is still said to get one soon")
	}
}

// The phone coming back before its second timer takes the warning away.
func TestRoom_BotSoonEndsWhenThePhoneIsBack(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.Buffer = 1 << 16
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustGameRoom(t, reg, "vault", 2, `{"selectTimeoutMs":10000}`)
	ctx := context.Background()
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	soon := func() bool {
		f, _ := r.Snapshot(ctx, room.Identity{Table: true})
		return slices.ContainsFunc(f.Seats, func(s room.SeatState) bool { return s.BotSoon })
	}
	advanceUntil(t, clock, r, soon)
	for _, id := range ids {
		sub, err := r.Subscribe(ctx, room.Identity{SeatID: id}, jsonFrames)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Unsubscribe(sub) })
	}
	if soon() {
		t.Fatal("a bot is still announced for a seat whose phone is back")
	}
}

// advanceUntil moves the clock a second at a time until cond holds.
func advanceUntil(tb testing.TB, clock *room.ManualClock, r *room.Room, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatal("gave up waiting")
		}
		clock.Advance(time.Second)
		if _, err := r.Snapshot(context.Background(), room.Identity{}); err != nil {
			tb.Fatal(err)
		}
	}
}

// When the role passes by itself, every screen is told who hosts now, and
// the new host's own frame says the role passed to them, so their page
// explains the controls once; passing it on purpose and taking it back
// are told too.
func TestRoom_HostPassIsAnnounced(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.HostAwayAfter = 3 * time.Minute
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	creator, ann, bob := room.Identity{Host: true}, room.Identity{SeatID: ids[0]}, room.Identity{SeatID: ids[1]}
	sub, err := r.Subscribe(ctx, ann, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Unsubscribe(sub) })
	go func() {
		for range sub.Messages() {
		}
	}()
	told := func(id room.Identity, want game.Msg) bool {
		f, _ := r.Snapshot(ctx, id)
		return slices.ContainsFunc(f.Announcements, func(m game.Msg) bool { return reflect.DeepEqual(m, want) })
	}
	passed := game.M("game.host.passed", game.X("name", "Ann"))
	clock.Advance(3 * time.Minute)
	deadline := time.Now().Add(10 * time.Second)
	for !r.IsHost(ctx, ann) {
		if time.Now().After(deadline) {
			t.Fatal("the role did not pass")
		}
		time.Sleep(time.Millisecond)
	}
	for _, id := range []room.Identity{ann, bob, {Table: true}, creator, {}} {
		if !told(id, passed) {
			t.Fatalf("%+v is not told Ann hosts now", id)
		}
	}
	for id, want := range map[room.Identity]bool{ann: true, bob: false, creator: false, {Table: true}: false} {
		if f, _ := r.Snapshot(ctx, id); f.HostPassed != want {
			t.Fatalf("%+v: host_passed %v, want %v", id, f.HostPassed, want)
		}
	}
	if err := r.TakeHostBack(ctx, creator); err != nil {
		t.Fatal(err)
	}
	if !told(bob, game.M("game.host.back")) {
		t.Fatal("nobody is told the host took the role back")
	}
	if f, _ := r.Snapshot(ctx, ann); f.HostPassed {
		t.Fatal("Ann's frame still says the role passed to her")
	}
	if err := r.PassHost(ctx, creator, ids[1]); err != nil {
		t.Fatal(err)
	}
	if !told(ann, game.M("game.host.now", game.X("name", "Bnn"))) {
		t.Fatal("nobody is told Bob hosts now")
	}
}

// The host hands the console to a TV with a one-time code: only the host
// makes one, it works once and for ConsoleLife, and the token it gives is
// the host token's equal (the room's creator) without being it.
func TestRoom_ConsoleCode(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	creator := room.Identity{Host: true}
	for _, who := range []room.Identity{{SeatID: ids[1]}, {}, {Table: true}} {
		if _, err := r.HandConsole(ctx, who); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("HandConsole by %+v: err=%v, want ErrForbidden", who, err)
		}
	}
	c, err := r.HandConsole(ctx, creator)
	if err != nil {
		t.Fatal(err)
	}
	var re *room.Refusal
	if _, err := r.TakeConsole(ctx, "ACDEFGHJ"); !errors.As(err, &re) {
		t.Fatalf("a made-up code: err=%v, want a refusal", err)
	}
	typed := strings.ToLower(c.Code[:4] + " " + c.Code[4:])
	token, err := r.TakeConsole(ctx, typed)
	if err != nil {
		t.Fatalf("the host's code, typed as read: %v", err)
	}
	if !r.HostToken(token) || r.HostToken(c.Code) || r.HostToken("") {
		t.Fatal("the screen's token does not hold the host token, or the code does")
	}
	if !r.IsHost(ctx, room.Identity{Host: r.HostToken(token), Table: true}) {
		t.Fatal("the screen is not the host")
	}
	if _, err := r.TakeConsole(ctx, c.Code); !errors.As(err, &re) {
		t.Fatalf("a used code: err=%v, want a refusal", err)
	}
	late, err := r.HandConsole(ctx, creator)
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(room.ConsoleLife)
	if _, err := r.TakeConsole(ctx, late.Code); !errors.As(err, &re) {
		t.Fatalf("an expired code: err=%v, want a refusal", err)
	}
	// Once the role passed on purpose, the creator's equal is no host.
	if err := r.PassHost(ctx, creator, ids[0]); err != nil {
		t.Fatal(err)
	}
	if r.IsHost(ctx, room.Identity{Host: r.HostToken(token)}) {
		t.Fatal("the screen kept the role after it passed")
	}
	for _, who := range []room.Identity{creator, {SeatID: ids[0]}} {
		if _, err := r.HandConsole(ctx, who); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("HandConsole by %+v once the role is with a seat: err=%v", who, err)
		}
	}
}

package room_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store"
)

// wantSaid fails unless err is a refusal worded by message id.
func wantSaid(tb testing.TB, what string, err error, id string) {
	tb.Helper()
	var rf *room.Refusal
	if !errors.As(err, &rf) || rf.Said == nil || rf.Said.ID != id {
		tb.Fatalf("%s: err=%v, want the refusal %s", what, err, id)
	}
}

// mustClaim claims a seat and fails on any error.
func mustClaim(tb testing.TB, r *room.Room, c room.Claim) room.Claimed {
	tb.Helper()
	got, err := r.Claim(context.Background(), c)
	if err != nil {
		tb.Fatalf("Claim %+v: %v", c, err)
	}
	return got
}

// seatIDs are the seat ids of joins, in order.
func seatIDs(joins []room.Joined) []string {
	var ids []string
	for _, j := range joins {
		ids = append(ids, j.Seat.ID)
	}
	return ids
}

// waitGone fails unless the room drops sub for cause within a second.
func waitGone(tb testing.TB, sub *room.Subscriber, cause string) {
	tb.Helper()
	select {
	case <-sub.Gone():
	case <-time.After(time.Second):
		tb.Fatal("the old phone's connection stayed open")
	}
	if sub.Cause() != cause {
		tb.Fatalf("Cause=%q, want %q", sub.Cause(), cause)
	}
}

// The host's link moves a seat once: the new phone gets a new token, the
// old phone's token and connection stop working and it learns where its
// seat went; the used link says so, and so does an expired one.
func TestRoom_PassSeat(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, joins := mustJoinedRoom(t, reg, 4, `{}`)
	ids := seatIDs(joins)
	ctx := context.Background()
	host, bob := room.Identity{Host: true}, room.Identity{SeatID: ids[1]}
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	old := joins[1].Token
	sub, err := r.Subscribe(ctx, bob, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("ErrForbidden", func(t *testing.T) {
		if _, err := r.PassSeat(ctx, bob, ids[1]); !errors.Is(err, room.ErrForbidden) {
			t.Fatalf("PassSeat by a player: err=%v, want ErrForbidden", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := r.PassSeat(ctx, host, "no-such-seat"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("PassSeat of no seat: err=%v, want ErrNotFound", err)
		}
	})
	// Bnn's phone is connected: it is asked first, and its Allow lets the
	// host's next try make the link.
	var asked *room.ConsentAsked
	if _, err := r.PassSeat(ctx, host, ids[1]); !errors.As(err, &asked) || asked.Name != "Bnn" {
		t.Fatalf("PassSeat of a connected seat: err=%v, want its phone asked", err)
	}
	if err := r.AnswerMove(ctx, bob, ids[1], true); err != nil {
		t.Fatal(err)
	}
	p, err := r.PassSeat(ctx, host, ids[1])
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Bnn" || !p.Expires.Equal(clock.Now().Add(room.PassLife)) {
		t.Fatalf("Pass=%+v, want Bnn's, expiring in %v", p, room.PassLife)
	}
	if name, err := r.PassName(ctx, p.Secret); err != nil || name != "Bnn" {
		t.Fatalf("PassName=%q, %v; want Bnn", name, err)
	}
	got := mustClaim(t, r, room.Claim{Pass: p.Secret})
	if got.Seat.ID != ids[1] || got.Token == "" || got.Token == old {
		t.Fatalf("Claimed=%+v, want Bnn's seat with a new token", got)
	}
	if s, ok := r.SeatByToken(ctx, got.Token); !ok || s.ID != ids[1] {
		t.Fatal("the new token does not hold the seat")
	}
	if _, ok := r.SeatByToken(ctx, old); ok {
		t.Fatal("the old token still holds the seat")
	}
	if mustStoredSeat(t, reg.Store, r.Code(), ids[1]).TokenHash != store.Hash(got.Token) {
		t.Fatal("the new token was not stored")
	}
	waitGone(t, sub, room.CauseMoved)
	if moved, ok := r.MovedFrom(ctx, old); !ok || moved != ids[1] {
		t.Fatalf("MovedFrom(old)=%q, %v; want Bnn's seat", moved, ok)
	}
	f, _ := r.Snapshot(ctx, room.Identity{Moved: ids[1]})
	if f.Rejoin == nil || f.Rejoin.Moved != "Bnn" || f.You != -1 {
		t.Fatalf("old phone's frame: rejoin %+v, you %d; want told Bnn moved, watching", f.Rejoin, f.You)
	}
	wantSaid(t, "the link again", claimErr(r, room.Claim{Pass: p.Secret}), "game.rejoin.link_used")
	if _, err := r.PassName(ctx, p.Secret); err == nil {
		t.Fatal("PassName of a used link: want a refusal")
	}

	t.Run("Expired", func(t *testing.T) {
		p, err := r.PassSeat(ctx, host, ids[2])
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(room.PassLife)
		wantSaid(t, "an expired link", claimErr(r, room.Claim{Pass: p.Secret}), "game.rejoin.link_expired")
		if _, ok := r.SeatByToken(ctx, joins[2].Token); !ok {
			t.Fatal("an expired link changed the seat's token")
		}
	})
	t.Run("NewLinkReplacesOld", func(t *testing.T) {
		first, _ := r.PassSeat(ctx, host, ids[3])
		second, _ := r.PassSeat(ctx, host, ids[3])
		wantSaid(t, "the replaced link", claimErr(r, room.Claim{Pass: first.Secret}), "game.rejoin.link_unknown")
		mustClaim(t, r, room.Claim{Pass: second.Secret})
	})
	t.Run("UnknownLink", func(t *testing.T) {
		wantSaid(t, "a made-up link", claimErr(r, room.Claim{Pass: "nonsense"}), "game.rejoin.link_unknown")
	})
}

func claimErr(r *room.Room, c room.Claim) error {
	_, err := r.Claim(context.Background(), c)
	return err
}

// A link outlives a restart: it is stored, not remembered.
func TestRoom_PassSeatAfterRestart(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, ids := mustRoomOf(t, reg, 3, `{}`)
	ctx := context.Background()
	p, err := r.PassSeat(ctx, room.Identity{Host: true}, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	again := room.NewRegistry(reg.Store, everyGame, reg.Log)
	again.Clock = reg.Clock
	t.Cleanup(again.Close)
	r2, err := again.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	if got := mustClaim(t, r2, room.Claim{Pass: p.Secret}); got.Seat.ID != ids[0] {
		t.Fatalf("after a restart the link took %+v, want Ann's seat", got.Seat)
	}
}

// Each phone sees its own seat's rejoin code; typed on another browser it
// moves the seat there at once, and is then used up.
func TestRoom_ClaimByCode(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	r, joins := mustJoinedRoom(t, reg, 3, `{}`)
	ids := seatIDs(joins)
	ctx := context.Background()
	frame := func(id room.Identity) *room.Frame {
		f, err := r.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	ann := frame(room.Identity{SeatID: ids[0]})
	if ann.Rejoin == nil || len(ann.Rejoin.Code) != 6 {
		t.Fatalf("Ann's frame: rejoin %+v, want a six-letter code", ann.Rejoin)
	}
	code := ann.Rejoin.Code
	if code != room.RejoinCode(store.Hash(joins[0].Token)) {
		t.Fatal("the shown code is not the seat's")
	}
	for name, id := range map[string]room.Identity{"table": {SeatID: ids[0], Table: true}, "visitor": {}, "Bob": {SeatID: ids[1]}} {
		if f := frame(id); f.Rejoin != nil && f.Rejoin.Code == code {
			t.Fatalf("the %s sees Ann's rejoin code", name)
		}
	}
	for _, tc := range []struct {
		name string
		c    room.Claim
		want string
	}{
		{"WrongCode", room.Claim{Code: "XXXXXX"}, "game.rejoin.code_wrong"},
		{"SeatedElsewhere", room.Claim{Code: code, By: room.Identity{SeatID: ids[1]}}, "game.rejoin.seated_elsewhere"},
		{"Nothing", room.Claim{}, "game.rejoin.claim_what"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantSaid(t, "Claim", claimErr(r, tc.c), tc.want)
			if frame(room.Identity{SeatID: ids[0]}).Rejoin.Code != code {
				t.Fatal("a refused claim changed the code")
			}
		})
	}
	typed := code[:3] + "-" + code[3:]
	got := mustClaim(t, r, room.Claim{Code: typed})
	if got.Seat.ID != ids[0] {
		t.Fatalf("the code took %+v, want Ann's seat", got.Seat)
	}
	now := frame(room.Identity{SeatID: ids[0]}).Rejoin.Code
	if now == code {
		t.Fatal("the code still works after a claim")
	}
	wantSaid(t, "the used code", claimErr(r, room.Claim{Code: code}), "game.rejoin.code_wrong")
}

// A visitor asks for a seat whose phone is away; the host allows or
// refuses with one tap, and only an allowed request takes the seat.
func TestRoom_Ask(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	r, joins := mustJoinedRoom(t, reg, 4, `{}`)
	ids := seatIDs(joins)
	ctx := context.Background()
	host, visitor := room.Identity{Host: true}, room.Identity{}
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	asks := func() []room.AskState {
		f, _ := r.Snapshot(ctx, host)
		if f.Rejoin == nil {
			return nil
		}
		return f.Rejoin.Asks
	}
	t.Run("Refusals", func(t *testing.T) {
		dan, err := r.Subscribe(ctx, room.Identity{SeatID: ids[3]}, jsonFrames)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Unsubscribe(dan)
		_, err = r.Ask(ctx, visitor, ids[3], room.Asker{Addr: "a"})
		wantSaid(t, "asking for a connected seat", err, "game.rejoin.ask_connected")
		_, err = r.Ask(ctx, room.Identity{SeatID: ids[0]}, ids[1], room.Asker{Addr: "a"})
		wantSaid(t, "a seated player asking", err, "game.rejoin.seated_elsewhere")
		if _, err := r.Ask(ctx, visitor, "no-such-seat", room.Asker{Addr: "a"}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("asking for no seat: err=%v, want ErrNotFound", err)
		}
		if got := asks(); len(got) != 0 {
			t.Fatalf("refused asks reached the host: %+v", got)
		}
	})

	a, err := r.Ask(ctx, visitor, ids[1], room.Asker{Addr: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if got := asks(); len(got) != 1 || got[0].ID != a.ID || got[0].Name != "Bnn" {
		t.Fatalf("host's asks=%+v, want Bnn's request", got)
	}
	if f, _ := r.Snapshot(ctx, room.Identity{SeatID: ids[0]}); f.Rejoin != nil && len(f.Rejoin.Asks) > 0 {
		t.Fatal("a player who is not host sees the request")
	}
	if err := claimErr(r, room.Claim{Grant: a.Grant}); !errors.Is(err, room.ErrAskWaiting) {
		t.Fatalf("claim before the answer: err=%v, want ErrAskWaiting", err)
	}
	if err := r.Answer(ctx, room.Identity{SeatID: ids[0]}, a.ID, true); !errors.Is(err, room.ErrForbidden) {
		t.Fatalf("a player answering: err=%v, want ErrForbidden", err)
	}
	rival, err := r.Ask(ctx, visitor, ids[1], room.Asker{Addr: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Answer(ctx, host, a.ID, true); err != nil {
		t.Fatal(err)
	}
	if got := asks(); len(got) != 0 {
		t.Fatalf("after Allow the host still sees %+v", got)
	}
	wantSaid(t, "the rival request", claimErr(r, room.Claim{Grant: rival.Grant}), "game.rejoin.ask_refused")
	old := joins[1].Token
	got := mustClaim(t, r, room.Claim{Grant: a.Grant})
	if got.Seat.ID != ids[1] || got.Token == old {
		t.Fatalf("Claimed=%+v, want Bnn's seat with a new token", got)
	}
	wantSaid(t, "the grant again", claimErr(r, room.Claim{Grant: a.Grant}), "game.rejoin.ask_gone")
	if err := r.Answer(ctx, host, a.ID, true); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("answering a finished request: err=%v, want ErrNotFound", err)
	}

	t.Run("Refused", func(t *testing.T) {
		b, err := r.Ask(ctx, visitor, ids[2], room.Asker{Addr: "a"})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Answer(ctx, host, b.ID, false); err != nil {
			t.Fatal(err)
		}
		wantSaid(t, "a refused request", claimErr(r, room.Claim{Grant: b.Grant}), "game.rejoin.ask_refused")
		if _, ok := r.SeatByToken(ctx, joins[2].Token); !ok {
			t.Fatal("a refused request changed the seat")
		}
	})
	t.Run("Expires", func(t *testing.T) {
		b, err := r.Ask(ctx, visitor, ids[2], room.Asker{Addr: "a"})
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(room.AskLife)
		if got := asks(); len(got) != 0 {
			t.Fatalf("an expired request still prompts the host: %+v", got)
		}
		wantSaid(t, "an expired request", claimErr(r, room.Claim{Grant: b.Grant}), "game.rejoin.ask_gone")
	})
}

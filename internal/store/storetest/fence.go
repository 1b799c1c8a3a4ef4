package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// roomWrites are the writes of a room and its log: each must be refused
// to an instance without the room's lease.
var roomWrites = []struct {
	name string
	// setup, if set, prepares the room (unfenced) before its lease moves.
	setup func(t *testing.T, s store.Store, code string)
	write func(ctx context.Context, s store.Store, code string) error
	// changed reports whether the write is visible in s.
	changed func(t *testing.T, s store.Store, code string) bool
}{
	{"PutSeats", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.PutSeats(ctx, code, []store.Seat{NewSeat(code, 0), NewSeat(code, 1)})
	}, func(t *testing.T, s store.Store, code string) bool { return len(MustSeats(t, s, code)) == 2 }},
	{"SetRoomHost", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.SetRoomHost(ctx, code, store.Host{Seat: "seat-x"})
	}, func(t *testing.T, s store.Store, code string) bool { return mustRoom(t, s, code).Host.Seat == "seat-x" }},
	{"SetRoomOptions", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.SetRoomOptions(ctx, code, []byte(`{"rounds":9}`))
	}, func(t *testing.T, s store.Store, code string) bool {
		var o struct{ Rounds int }
		_ = json.Unmarshal(mustRoom(t, s, code).Options, &o)
		return o.Rounds == 9
	}},
	{"SetRoomGame", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.SetRoomGame(ctx, code, store.GamePick{Game: "wink", Options: []byte(`{}`), After: 0})
	}, func(t *testing.T, s store.Store, code string) bool { return mustRoom(t, s, code).Game == "wink" }},
	{"PutSeatPass", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.PutSeatPass(ctx, NewSeatPass(code, "seat-a"))
	}, func(t *testing.T, s store.Store, code string) bool {
		_, err := s.SeatPass(t.Context(), code, NewSeatPass(code, "seat-a").Hash)
		return err == nil
	}},
	{"EndSeatPass", func(t *testing.T, s store.Store, code string) {
		MustPutSeatPass(t, s, NewSeatPass(code, "seat-a"))
	}, func(ctx context.Context, s store.Store, code string) error {
		return s.EndSeatPass(ctx, code, "seat-a", T0)
	}, func(t *testing.T, s store.Store, code string) bool {
		return mustSeatPass(t, s, code, NewSeatPass(code, "seat-a").Hash).UsedAt != nil
	}},
	{"PutNote", func(t *testing.T, s store.Store, code string) {
		MustCreateMatch(t, s, code, 1)
	}, func(ctx context.Context, s store.Store, code string) error {
		return s.PutNote(ctx, NewMatch(code, 1).ID, 0, []byte(`{"cleared":["Ada"]}`))
	}, func(t *testing.T, s store.Store, code string) bool {
		return mustNote(t, s, NewMatch(code, 1).ID, 0) != "{}"
	}},
	{"SetRoomBotStrength", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.SetRoomBotStrength(ctx, code, game.Strength("strong"))
	}, func(t *testing.T, s store.Store, code string) bool {
		return mustRoom(t, s, code).BotStrength == "strong"
	}},
	{"SetRoomNightClosed", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.SetRoomNightClosed(ctx, code, true)
	}, func(t *testing.T, s store.Store, code string) bool { return mustRoom(t, s, code).NightClosed }},
	{"CreateMatch", nil, func(ctx context.Context, s store.Store, code string) error {
		return s.CreateMatch(ctx, NewMatch(code, 1))
	}, func(t *testing.T, s store.Store, code string) bool {
		ms, err := s.Matches(t.Context(), code)
		if err != nil {
			t.Fatal(err)
		}
		return len(ms) == 1
	}},
	{"FinishMatch", func(t *testing.T, s store.Store, code string) {
		MustCreateMatch(t, s, code, 1)
	}, func(ctx context.Context, s store.Store, code string) error {
		return s.FinishMatch(ctx, NewMatch(code, 1).ID, game.Result{}, T0)
	}, func(t *testing.T, s store.Store, code string) bool {
		return MustMatch(t, s, NewMatch(code, 1).ID).Status == store.StatusFinished
	}},
	{"AppendAction", func(t *testing.T, s store.Store, code string) {
		MustCreateMatch(t, s, code, 1)
	}, func(ctx context.Context, s store.Store, code string) error {
		return s.AppendAction(ctx, NewAction(NewMatch(code, 1).ID, 0))
	}, func(t *testing.T, s store.Store, code string) bool {
		return len(MustActions(t, s, NewMatch(code, 1).ID)) == 1
	}},
}

func mustRoom(t *testing.T, s store.Store, code string) store.Room {
	t.Helper()
	r, err := s.Room(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fenceTests: an instance writes a room only while it holds the lease.
var fenceTests = []struct {
	name string
	run  func(t *testing.T, s LeaseStore)
}{
	{"FencedBy/HolderWritesTheRoom", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		for _, w := range roomWrites {
			code := "HELD" + w.name
			MustCreateRoom(t, s, code)
			if w.setup != nil {
				w.setup(t, s, code)
			}
			mustClaim(t, s, code, "a", long)
			if err := w.write(t.Context(), s.FencedBy("a"), code); err != nil {
				t.Fatalf("%s by the holder: %v", w.name, err)
			}
			if !w.changed(t, s, code) {
				t.Errorf("%s by the holder: not stored", w.name)
			}
		}
	}},
	{"FencedBy/InstanceThatLostTheLeaseIsRefused", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		mustRegister(t, s, "b", "http://b:1")
		for _, w := range roomWrites {
			code := "LOST" + w.name
			MustCreateRoom(t, s, code)
			if w.setup != nil {
				w.setup(t, s, code)
			}
			mustClaim(t, s, code, "a", short)
			waitExpired(t, s, code)
			mustClaim(t, s, code, "b", long)
			err := w.write(t.Context(), s.FencedBy("a"), code)
			if !errors.Is(err, store.ErrLeaseLost) {
				t.Errorf("%s by the old holder: err=%v, want ErrLeaseLost", w.name, err)
			}
			if w.changed(t, s, code) {
				t.Errorf("%s by the old holder: stored anyway", w.name)
			}
		}
	}},
	{"FencedBy/ExpiredOrMissingLeaseIsRefused", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		for _, w := range roomWrites {
			never, lapsed := "NONE"+w.name, "GONE"+w.name
			for _, code := range []string{never, lapsed} {
				MustCreateRoom(t, s, code)
				if w.setup != nil {
					w.setup(t, s, code)
				}
			}
			mustClaim(t, s, lapsed, "a", short)
			waitExpired(t, s, lapsed)
			for _, code := range []string{never, lapsed} {
				if err := w.write(t.Context(), s.FencedBy("a"), code); !errors.Is(err, store.ErrLeaseLost) {
					t.Errorf("%s of %s: err=%v, want ErrLeaseLost", w.name, code, err)
				}
			}
		}
	}},
	{"DeleteUnplayedRoom/KeepsALeasedLobby", func(t *testing.T, s LeaseStore) {
		mustRegister(t, s, "a", "http://a:1")
		for _, code := range []string{"LIVE", "LAPSED", "FREE"} {
			MustCreateRoom(t, s, code)
		}
		mustClaim(t, s, "LIVE", "a", long)
		mustClaim(t, s, "LAPSED", "a", short)
		waitExpired(t, s, "LAPSED")
		assertErr(t, "DeleteUnplayedRoom(LIVE)", s.DeleteUnplayedRoom(t.Context(), "LIVE"), store.ErrConflict)
		mustRoom(t, s, "LIVE")
		for _, code := range []string{"LAPSED", "FREE"} {
			if err := s.DeleteUnplayedRoom(t.Context(), code); err != nil {
				t.Errorf("DeleteUnplayedRoom(%s): %v", code, err)
			}
		}
	}},
}

package storetest

import (
	"encoding/json"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

var createRoomTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustCreateRoom(t, s, "ABCD")
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, want)
		assertUTC(t, "CreatedAt", got.CreatedAt)
	}},
	{"ZeroCreatedAtIsNow", func(t *testing.T, s store.Store) {
		r := NewRoom("ABCD")
		r.CreatedAt = time.Time{}
		before := time.Now().Truncate(time.Millisecond)
		if err := s.CreateRoom(t.Context(), r); err != nil {
			t.Fatalf("CreateRoom: %v", err)
		}
		after := time.Now()
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		if got.CreatedAt.Before(before) || got.CreatedAt.After(after) {
			t.Fatalf("CreatedAt=%v, want between %v and %v", got.CreatedAt, before, after)
		}
	}},
	{"NilOptions", func(t *testing.T, s store.Store) {
		r := NewRoom("ABCD")
		r.Options = nil
		if err := s.CreateRoom(t.Context(), r); err != nil {
			t.Fatalf("CreateRoom: %v", err)
		}
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, r)
	}},
	{"ErrConflict", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		r := NewRoom("ABCD")
		r.Game = "couriers"
		assertErr(t, "CreateRoom", s.CreateRoom(t.Context(), r), store.ErrConflict)
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, NewRoom("ABCD"))
	}},
}

var roomTests = []test{
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		_, err := s.Room(t.Context(), "ZZZZ")
		assertErr(t, "Room", err, store.ErrNotFound)
	}},
}

var setRoomOptionsTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustCreateRoom(t, s, "ABCD")
		want.Options = json.RawMessage(`{"rounds":5,"timer_ms":0}`)
		if err := s.SetRoomOptions(t.Context(), "ABCD", want.Options); err != nil {
			t.Fatalf("SetRoomOptions: %v", err)
		}
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, want)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.SetRoomOptions(t.Context(), "ZZZZ", json.RawMessage(`{}`))
		assertErr(t, "SetRoomOptions", err, store.ErrNotFound)
	}},
}

var setRoomHostTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustCreateRoom(t, s, "ABCD")
		for _, h := range []store.Host{
			{Seat: "seat-2", Returns: true},                 // passed by itself from the creator
			{Seat: "seat-3", Returns: true, Back: "seat-2"}, // and on again
			{Seat: "seat-3"},                                // passed on purpose
			{},                                              // back to the creator
		} {
			if err := s.SetRoomHost(t.Context(), "ABCD", h); err != nil {
				t.Fatalf("SetRoomHost: %v", err)
			}
			want.Host = h
			got, err := s.Room(t.Context(), "ABCD")
			if err != nil {
				t.Fatalf("Room: %v", err)
			}
			diff(t, "Room", got, want)
		}
	}},
	{"CreateRoom", func(t *testing.T, s store.Store) {
		want := NewRoom("ABCD")
		want.Host = store.Host{Seat: "seat-1", Returns: true}
		if err := s.CreateRoom(t.Context(), want); err != nil {
			t.Fatalf("CreateRoom: %v", err)
		}
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, want)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.SetRoomHost(t.Context(), "ZZZZ", store.Host{Seat: "x"})
		assertErr(t, "SetRoomHost", err, store.ErrNotFound)
	}},
}

var setRoomBotStrengthTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustCreateRoom(t, s, "ABCD")
		if want.BotStrength != "" {
			t.Fatalf("new room's BotStrength=%q, want \"\" (regular)", want.BotStrength)
		}
		for _, st := range []game.Strength{game.Sharp, game.Beginner, game.Regular} {
			if err := s.SetRoomBotStrength(t.Context(), "ABCD", st); err != nil {
				t.Fatalf("SetRoomBotStrength: %v", err)
			}
			want.BotStrength = st
			got, err := s.Room(t.Context(), "ABCD")
			if err != nil {
				t.Fatalf("Room: %v", err)
			}
			diff(t, "Room", got, want)
		}
	}},
	{"CreateRoom", func(t *testing.T, s store.Store) {
		want := NewRoom("ABCD")
		want.BotStrength = game.Beginner
		if err := s.CreateRoom(t.Context(), want); err != nil {
			t.Fatalf("CreateRoom: %v", err)
		}
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, want)
	}},
	{"OnlyThisRoom", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := MustCreateRoom(t, s, "WXYZ")
		if err := s.SetRoomBotStrength(t.Context(), "ABCD", game.Sharp); err != nil {
			t.Fatalf("SetRoomBotStrength: %v", err)
		}
		got, err := s.Room(t.Context(), "WXYZ")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, want)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.SetRoomBotStrength(t.Context(), "ZZZZ", game.Sharp)
		assertErr(t, "SetRoomBotStrength", err, store.ErrNotFound)
	}},
}

var setRoomNightClosedTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustCreateRoom(t, s, "ABCD")
		if want.NightClosed {
			t.Fatal("a new room's night is closed")
		}
		for _, closed := range []bool{true, true, false} {
			if err := s.SetRoomNightClosed(t.Context(), "ABCD", closed); err != nil {
				t.Fatalf("SetRoomNightClosed(%v): %v", closed, err)
			}
			want.NightClosed = closed
			diff(t, "Room", mustRoom(t, s, "ABCD"), want)
		}
	}},
	{"CreateRoom", func(t *testing.T, s store.Store) {
		want := NewRoom("ABCD")
		want.NightClosed = true
		if err := s.CreateRoom(t.Context(), want); err != nil {
			t.Fatalf("CreateRoom: %v", err)
		}
		diff(t, "Room", mustRoom(t, s, "ABCD"), want)
	}},
	{"OnlyThisRoom", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := MustCreateRoom(t, s, "WXYZ")
		if err := s.SetRoomNightClosed(t.Context(), "ABCD", true); err != nil {
			t.Fatalf("SetRoomNightClosed: %v", err)
		}
		diff(t, "Room", mustRoom(t, s, "WXYZ"), want)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.SetRoomNightClosed(t.Context(), "ZZZZ", true)
		assertErr(t, "SetRoomNightClosed", err, store.ErrNotFound)
	}},
}

var seatsTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1), NewSeat("ABCD", 2)}
		// Stored out of order: Seats must sort by position, not insertion.
		MustPutSeats(t, s, "ABCD", []store.Seat{want[2], want[0], want[1]})
		got := MustSeats(t, s, "ABCD")
		diff(t, "Seats", got, want)
		for _, seat := range got {
			assertUTC(t, "JoinedAt", seat.JoinedAt)
		}
	}},
	{"NoneYet", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		if got := MustSeats(t, s, "ABCD"); len(got) != 0 {
			t.Fatalf("Seats=%v, want none", got)
		}
	}},
	{"OnlyThisRoom", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		MustCreateRoom(t, s, "WXYZ")
		MustPutSeats(t, s, "ABCD", []store.Seat{NewSeat("ABCD", 0)})
		MustPutSeats(t, s, "WXYZ", []store.Seat{NewSeat("WXYZ", 0), NewSeat("WXYZ", 1)})
		diff(t, "Seats", MustSeats(t, s, "ABCD"), []store.Seat{NewSeat("ABCD", 0)})
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		_, err := s.Seats(t.Context(), "ZZZZ")
		assertErr(t, "Seats", err, store.ErrNotFound)
	}},
}

var putSeatsTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		a, b, c := NewSeat("ABCD", 0), NewSeat("ABCD", 1), NewSeat("ABCD", 2)
		MustPutSeats(t, s, "ABCD", []store.Seat{a, b, c})
		// A kick and a reorder: b leaves, c moves to the front.
		c.Position, a.Position = 0, 1
		MustPutSeats(t, s, "ABCD", []store.Seat{c, a})
		diff(t, "Seats", MustSeats(t, s, "ABCD"), []store.Seat{c, a})
	}},
	{"Empty", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		MustPutSeats(t, s, "ABCD", []store.Seat{NewSeat("ABCD", 0)})
		MustPutSeats(t, s, "ABCD", nil)
		if got := MustSeats(t, s, "ABCD"); len(got) != 0 {
			t.Fatalf("Seats=%v, want none", got)
		}
	}},
	{"BotsShareEmptyToken", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1), NewSeat("ABCD", 2)}
		for i := 1; i < 3; i++ {
			want[i].TokenHash, want[i].Bot = "", true
		}
		MustPutSeats(t, s, "ABCD", want)
		diff(t, "Seats", MustSeats(t, s, "ABCD"), want)
	}},
	{"Standin", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1)}
		want[1].Standin = true
		MustPutSeats(t, s, "ABCD", want)
		diff(t, "Seats", MustSeats(t, s, "ABCD"), want)
		want[1].Standin = false // the player took the seat back
		MustPutSeats(t, s, "ABCD", want)
		diff(t, "Seats", MustSeats(t, s, "ABCD"), want)
	}},
	{"ZeroJoinedAtIsNow", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		seat := NewSeat("ABCD", 0)
		seat.JoinedAt = time.Time{}
		before := time.Now().Truncate(time.Millisecond)
		MustPutSeats(t, s, "ABCD", []store.Seat{seat})
		got := MustSeats(t, s, "ABCD")[0].JoinedAt
		if got.Before(before) || got.After(time.Now()) {
			t.Fatalf("JoinedAt=%v, want about %v", got, before)
		}
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.PutSeats(t.Context(), "ZZZZ", []store.Seat{NewSeat("ZZZZ", 0)})
		assertErr(t, "PutSeats", err, store.ErrNotFound)
	}},
	{"ErrNotFoundEmpty", func(t *testing.T, s store.Store) {
		assertErr(t, "PutSeats", s.PutSeats(t.Context(), "ZZZZ", nil), store.ErrNotFound)
	}},
	{"ErrConflict", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		before := []store.Seat{NewSeat("ABCD", 0)}
		MustPutSeats(t, s, "ABCD", before)

		sameID := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1)}
		sameID[1].ID = sameID[0].ID
		sameToken := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1)}
		sameToken[1].TokenHash = sameToken[0].TokenHash
		for name, seats := range map[string][]store.Seat{"id": sameID, "token": sameToken} {
			assertErr(t, "PutSeats same "+name, s.PutSeats(t.Context(), "ABCD", seats), store.ErrConflict)
			// The replacement is one transaction: a failed put leaves the old seats.
			diff(t, "Seats after same "+name, MustSeats(t, s, "ABCD"), before)
		}
	}},
}

var unplayedRoomsTests = []test{
	{"OnlyOldRoomsWithoutMatches", func(t *testing.T, s store.Store) {
		old := NewRoom("OLD1")
		old.CreatedAt = T0.Add(-8 * 24 * time.Hour)
		played := NewRoom("OLD2")
		played.CreatedAt = old.CreatedAt
		for _, r := range []store.Room{old, played, NewRoom("NEW1")} {
			if err := s.CreateRoom(t.Context(), r); err != nil {
				t.Fatalf("CreateRoom: %v", err)
			}
		}
		MustCreateMatch(t, s, "OLD2", 1)
		got, err := s.UnplayedRooms(t.Context(), T0.Add(-7*24*time.Hour))
		if err != nil {
			t.Fatalf("UnplayedRooms: %v", err)
		}
		diff(t, "UnplayedRooms", got, []string{"OLD1"})
	}},
	{"None", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		got, err := s.UnplayedRooms(t.Context(), T0.Add(-time.Hour))
		if err != nil || len(got) != 0 {
			t.Fatalf("UnplayedRooms = %v, %v; want none", got, err)
		}
	}},
}

var deleteUnplayedRoomTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		if err := s.PutSeats(t.Context(), "ABCD", []store.Seat{NewSeat("ABCD", 0)}); err != nil {
			t.Fatalf("PutSeats: %v", err)
		}
		if err := s.DeleteUnplayedRoom(t.Context(), "ABCD"); err != nil {
			t.Fatalf("DeleteUnplayedRoom: %v", err)
		}
		_, err := s.Room(t.Context(), "ABCD")
		assertErr(t, "Room after delete", err, store.ErrNotFound)
		_, err = s.Seats(t.Context(), "ABCD")
		assertErr(t, "Seats after delete", err, store.ErrNotFound)
	}},
	{"ErrConflictWhenPlayed", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		m := MustCreateMatch(t, s, "ABCD", 1)
		assertErr(t, "DeleteUnplayedRoom", s.DeleteUnplayedRoom(t.Context(), "ABCD"), store.ErrConflict)
		if _, err := s.Match(t.Context(), m.ID); err != nil {
			t.Fatalf("the played room's match is gone: %v", err)
		}
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		assertErr(t, "DeleteUnplayedRoom", s.DeleteUnplayedRoom(t.Context(), "NONE"), store.ErrNotFound)
	}},
}

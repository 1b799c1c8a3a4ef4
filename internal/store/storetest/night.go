package storetest

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// A night in one room: the host picks game after game, and the members the
// next game has no seat for sit it out.
var setRoomGameTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustCreateRoom(t, s, "ABCD")
		if err := s.SetRoomHost(t.Context(), "ABCD", store.Host{Seat: "seat-2"}); err != nil {
			t.Fatalf("SetRoomHost: %v", err)
		}
		if err := s.SetRoomBotStrength(t.Context(), "ABCD", game.Sharp); err != nil {
			t.Fatalf("SetRoomBotStrength: %v", err)
		}
		want.Host, want.BotStrength = store.Host{Seat: "seat-2"}, game.Sharp
		for _, p := range []store.GamePick{
			{Game: "couriers", Options: json.RawMessage(`{"colourShift":1}`), After: 0}, // in the lobby
			{Game: "embassy", Options: json.RawMessage(`{"turnMs":90000}`), After: 3},   // after match 3
			{Game: "vault", Options: nil, After: 4},
		} {
			if err := s.SetRoomGame(t.Context(), "ABCD", p); err != nil {
				t.Fatalf("SetRoomGame(%s): %v", p.Game, err)
			}
			want.Game, want.Options, want.PickedAfter = p.Game, p.Options, p.After
			got, err := s.Room(t.Context(), "ABCD")
			if err != nil {
				t.Fatalf("Room: %v", err)
			}
			// The host, the bots' strength and the code stay with the room.
			diff(t, "Room after picking "+p.Game, got, want)
		}
	}},
	{"KeepsSeatsAndMatches", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		seats := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1), NewSeat("ABCD", 2)}
		seats[2].SitsOut = true
		MustPutSeats(t, s, "ABCD", seats)
		first := MustCreateMatch(t, s, "ABCD", 1)
		MustFinishMatch(t, s, first.ID, game.Result{Winners: []game.Seat{0}, Points: []int{1, 0, 0}}, T0.Add(30*60e9))
		if err := s.SetRoomGame(t.Context(), "ABCD", store.GamePick{Game: "embassy", Options: json.RawMessage(`{}`), After: 1}); err != nil {
			t.Fatalf("SetRoomGame: %v", err)
		}
		next := NewMatch("ABCD", 2)
		next.Setup.Game, next.Setup.Seats, next.Seats = "embassy", 2, next.Seats[:2]
		if err := s.CreateMatch(t.Context(), next); err != nil {
			t.Fatalf("CreateMatch: %v", err)
		}
		diff(t, "Seats", MustSeats(t, s, "ABCD"), seats)
		ms, err := s.Matches(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Matches: %v", err)
		}
		var games []string
		for _, m := range ms {
			games = append(games, m.Setup.Game)
		}
		diff(t, "the night's games, newest first", games, []string{"embassy", "vault"})
		diff(t, "the embassy match's seats", ms[0].Seats, next.Seats)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		err := s.SetRoomGame(t.Context(), "ZZZZ", store.GamePick{Game: "wink", Options: json.RawMessage(`{}`)})
		assertErr(t, "SetRoomGame", err, store.ErrNotFound)
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "another room", got, NewRoom("ABCD"))
	}},
	{"CreateRoom", func(t *testing.T, s store.Store) {
		want := NewRoom("ABCD")
		want.PickedAfter = 7 // an imported room, say
		if err := s.CreateRoom(t.Context(), want); err != nil {
			t.Fatalf("CreateRoom: %v", err)
		}
		got, err := s.Room(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Room: %v", err)
		}
		diff(t, "Room", got, want)
	}},
}

var sitsOutTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		want := []store.Seat{NewSeat("ABCD", 0), NewSeat("ABCD", 1), NewSeat("ABCD", 2)}
		want[0].SitsOut = true
		want[2].SitsOut = true
		MustPutSeats(t, s, "ABCD", want)
		diff(t, "Seats", MustSeats(t, s, "ABCD"), want)
		want[0].SitsOut = false // the host let them play the next game
		MustPutSeats(t, s, "ABCD", want)
		diff(t, "Seats", MustSeats(t, s, "ABCD"), want)
	}},
	{"BotSitsOut", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		bot := NewSeat("ABCD", 1)
		bot.TokenHash, bot.Bot, bot.SitsOut = "", true, true
		want := []store.Seat{NewSeat("ABCD", 0), bot}
		MustPutSeats(t, s, "ABCD", want)
		diff(t, "Seats", MustSeats(t, s, "ABCD"), want)
	}},
}

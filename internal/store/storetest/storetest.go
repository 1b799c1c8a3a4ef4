// Package storetest is the one behavioural test suite every store.Store backend must pass.
package storetest

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// test is one case of the suite. It gets a fresh, empty store.
type test struct {
	name string
	run  func(t *testing.T, s store.Store)
}

// suite lists every case, grouped by the method under test.
var suite = []struct {
	method string
	tests  []test
}{
	{"Ping", []test{{"OK", testPing}}},
	{"CreateRoom", createRoomTests},
	{"Room", roomTests},
	{"SetRoomOptions", setRoomOptionsTests},
	{"SetRoomHost", setRoomHostTests},
	{"UnplayedRooms", unplayedRoomsTests},
	{"DeleteUnplayedRoom", deleteUnplayedRoomTests},
	{"SetRoomBotStrength", setRoomBotStrengthTests},
	{"SetRoomGame", setRoomGameTests},
	{"SitsOut", sitsOutTests},
	{"SetRoomNightClosed", setRoomNightClosedTests},
	{"Seats", seatsTests},
	{"PutSeats", putSeatsTests},
	{"PutSeatPass", putSeatPassTests},
	{"SeatPass", seatPassTests},
	{"EndSeatPass", endSeatPassTests},
	{"CreateMatch", createMatchTests},
	{"Match", matchTests},
	{"Matches", matchesTests},
	{"PlayingMatches", playingMatchesTests},
	{"FinishMatch", finishMatchTests},
	{"AppendAction", appendActionTests},
	{"Actions", actionsTests},
	{"ClientAction", clientActionTests},
	{"Note", noteTests},
	{"PutNote", putNoteTests},
}

// Run runs the whole suite. open must return a new, empty store for each
// call and close it when t ends; cases run in parallel.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	for _, group := range suite {
		t.Run(group.method, func(t *testing.T) {
			t.Parallel()
			for _, tc := range group.tests {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					tc.run(t, open(t))
				})
			}
		})
	}
}

func testPing(t *testing.T, s store.Store) {
	if err := s.Ping(t.Context()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
}

// T0 is the suite's clock: nanoseconds and a non-UTC zone, so every case
// checks that times come back in UTC at millisecond precision.
var T0 = time.Date(2025, 3, 14, 15, 9, 26, 535_897_932, time.FixedZone("UTC+1", 3600))

// equateMillis compares times at the millisecond precision backends promise.
var equateMillis = cmp.Comparer(func(a, b time.Time) bool {
	return a.Truncate(time.Millisecond).Equal(b.Truncate(time.Millisecond))
})

// diff reports want against got with times compared to the millisecond.
func diff(tb testing.TB, what string, got, want any) {
	tb.Helper()
	if d := cmp.Diff(want, got, equateMillis); d != "" {
		tb.Fatalf("%s mismatch (-want +got):\n%s", what, d)
	}
}

// assertUTC fails unless t is in UTC, which both backends return.
func assertUTC(tb testing.TB, what string, t time.Time) {
	tb.Helper()
	if t.Location() != time.UTC {
		tb.Fatalf("%s location=%v, want UTC", what, t.Location())
	}
}

// assertErr fails unless err is (wraps) want.
func assertErr(tb testing.TB, what string, err, want error) {
	tb.Helper()
	if !errors.Is(err, want) {
		tb.Fatalf("%s err=%v, want %v", what, err, want)
	}
}

// NewRoom returns a room fixture with code.
func NewRoom(code string) store.Room {
	return store.Room{
		Code:      code,
		Game:      "vault",
		Options:   []byte(`{"rounds":3,"timer_ms":45000}`),
		HostHash:  store.Hash("host-" + code),
		CreatedAt: T0,
	}
}

// NewSeat returns a person's seat fixture at position.
func NewSeat(code string, position int) store.Seat {
	return store.Seat{
		ID:        fmt.Sprintf("seat-%s-%d", code, position),
		Position:  position,
		Name:      fmt.Sprintf("Player %d", position+1),
		TokenHash: store.Hash(fmt.Sprintf("token-%s-%d", code, position)),
		JoinedAt:  T0.Add(time.Duration(position) * time.Second),
	}
}

// NewMatch returns a match fixture: number in room code, three seats, a full seed.
func NewMatch(code string, number int) store.Match {
	var seed game.Seed
	for i := range seed {
		seed[i] = byte(i*7 + number)
	}
	return store.Match{
		ID:       fmt.Sprintf("match-%s-%d", code, number),
		RoomCode: code,
		Number:   number,
		Setup: game.Setup{
			Game:    "vault",
			Options: []byte(`{"rounds":3}`),
			Seats:   3,
			Seed:    seed,
		},
		Seats: []store.MatchSeat{
			{SeatID: "seat-a", Name: "Ada"},
			{SeatID: "seat-b", Name: "Bob"},
			{SeatID: "seat-c", Name: "Bot 1", Bot: true},
		},
		Status:    store.StatusPlaying,
		CreatedAt: T0.Add(time.Duration(number) * time.Minute),
	}
}

// NewAction returns an action record fixture at index, from seat 0, with
// data and a client id no other fixture action has.
func NewAction(matchID string, index int) store.ActionRecord {
	return store.ActionRecord{
		MatchID:  matchID,
		Index:    index,
		ClientID: fmt.Sprintf("client-%s-%d", matchID, index),
		Action: game.Action{
			Seat: 0,
			Type: "bid",
			Data: []byte(fmt.Sprintf(`{"amount":%d,"cards":["A","K"]}`, index)),
			At:   T0.UnixMilli() + int64(index),
		},
	}
}

// MustCreateRoom stores NewRoom(code) and returns it.
func MustCreateRoom(tb testing.TB, s store.Store, code string) store.Room {
	tb.Helper()
	r := NewRoom(code)
	if err := s.CreateRoom(tb.Context(), r); err != nil {
		tb.Fatalf("CreateRoom: %v", err)
	}
	return r
}

// MustPutSeats replaces code's seats.
func MustPutSeats(tb testing.TB, s store.Store, code string, seats []store.Seat) {
	tb.Helper()
	if err := s.PutSeats(tb.Context(), code, seats); err != nil {
		tb.Fatalf("PutSeats: %v", err)
	}
}

// MustCreateMatch stores NewMatch(code, number) and returns it.
func MustCreateMatch(tb testing.TB, s store.Store, code string, number int) store.Match {
	tb.Helper()
	m := NewMatch(code, number)
	if err := s.CreateMatch(tb.Context(), m); err != nil {
		tb.Fatalf("CreateMatch: %v", err)
	}
	return m
}

// MustRoomAndMatch stores a room with one match and returns the match.
func MustRoomAndMatch(tb testing.TB, s store.Store, code string) store.Match {
	tb.Helper()
	MustCreateRoom(tb, s, code)
	return MustCreateMatch(tb, s, code, 1)
}

// MustAppendAction appends rec.
func MustAppendAction(tb testing.TB, s store.Store, rec store.ActionRecord) {
	tb.Helper()
	if err := s.AppendAction(tb.Context(), rec); err != nil {
		tb.Fatalf("AppendAction: %v", err)
	}
}

// MustFinishMatch finishes match id with result at at.
func MustFinishMatch(tb testing.TB, s store.Store, id string, result game.Result, at time.Time) {
	tb.Helper()
	if err := s.FinishMatch(tb.Context(), id, result, at); err != nil {
		tb.Fatalf("FinishMatch: %v", err)
	}
}

// MustMatch returns match id.
func MustMatch(tb testing.TB, s store.Store, id string) store.Match {
	tb.Helper()
	m, err := s.Match(tb.Context(), id)
	if err != nil {
		tb.Fatalf("Match: %v", err)
	}
	return m
}

// MustActions returns match id's log.
func MustActions(tb testing.TB, s store.Store, id string) []store.ActionRecord {
	tb.Helper()
	recs, err := s.Actions(tb.Context(), id)
	if err != nil {
		tb.Fatalf("Actions: %v", err)
	}
	return recs
}

// MustKeepAcknowledged fails tb for each client id in acked that match
// id's log does not hold (an append the store acknowledged and then lost)
// and returns how many actions the log holds.
func MustKeepAcknowledged(tb testing.TB, s store.Store, id string, acked map[string]bool) int {
	tb.Helper()
	log := MustActions(tb, s, id)
	stored := map[string]bool{}
	for _, rec := range log {
		stored[rec.ClientID] = true
	}
	for cid := range acked {
		if !stored[cid] {
			tb.Errorf("acknowledged %s is lost", cid)
		}
	}
	return len(log)
}

// MustSeats returns code's seats.
func MustSeats(tb testing.TB, s store.Store, code string) []store.Seat {
	tb.Helper()
	seats, err := s.Seats(tb.Context(), code)
	if err != nil {
		tb.Fatalf("Seats: %v", err)
	}
	return seats
}

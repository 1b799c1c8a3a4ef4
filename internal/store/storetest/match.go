package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// result is the fixture outcome FinishMatch stores.
var result = game.Result{
	Winners: []game.Seat{0, 2},
	Points:  []int{5, 0, 5},
	Summary: game.M("vault.result.shared", game.PS("winners", []game.Seat{0, 2}), game.N("n", 5)),
}

var createMatchTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustRoomAndMatch(t, s, "ABCD")
		got := MustMatch(t, s, want.ID)
		diff(t, "Match", got, want)
		assertUTC(t, "CreatedAt", got.CreatedAt)
		// The seed decides every shuffle: a lossy round-trip would change the replay.
		if got.Setup.Seed != want.Setup.Seed {
			t.Fatalf("Seed=%x, want %x", got.Setup.Seed, want.Setup.Seed)
		}
	}},
	{"StatusIsPlaying", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		m := NewMatch("ABCD", 1)
		m.Status = ""
		if err := s.CreateMatch(t.Context(), m); err != nil {
			t.Fatalf("CreateMatch: %v", err)
		}
		if got := MustMatch(t, s, m.ID); got.Status != store.StatusPlaying || got.Result != nil || got.FinishedAt != nil {
			t.Fatalf("Status=%q Result=%v FinishedAt=%v, want playing, nil, nil", got.Status, got.Result, got.FinishedAt)
		}
	}},
	{"ErrConflictID", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		m.Number = 2
		assertErr(t, "CreateMatch", s.CreateMatch(t.Context(), m), store.ErrConflict)
	}},
	{"ErrConflictNumber", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		m.ID = "another-id"
		assertErr(t, "CreateMatch", s.CreateMatch(t.Context(), m), store.ErrConflict)
	}},
	{"SameNumberOtherRoom", func(t *testing.T, s store.Store) {
		MustRoomAndMatch(t, s, "ABCD")
		MustRoomAndMatch(t, s, "WXYZ")
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.CreateMatch(t.Context(), NewMatch("ZZZZ", 1))
		assertErr(t, "CreateMatch", err, store.ErrNotFound)
	}},
}

var matchTests = []test{
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		MustRoomAndMatch(t, s, "ABCD")
		_, err := s.Match(t.Context(), "no-such-match")
		assertErr(t, "Match", err, store.ErrNotFound)
	}},
}

var matchesTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		MustCreateRoom(t, s, "WXYZ")
		var want []store.Match
		for n := 1; n <= 3; n++ {
			want = append([]store.Match{MustCreateMatch(t, s, "ABCD", n)}, want...)
		}
		MustCreateMatch(t, s, "WXYZ", 1)
		MustFinishMatch(t, s, want[2].ID, result, T0.Add(time.Hour))
		want[2] = MustMatch(t, s, want[2].ID)

		got, err := s.Matches(t.Context(), "ABCD")
		if err != nil {
			t.Fatalf("Matches: %v", err)
		}
		diff(t, "Matches (newest first)", got, want)
	}},
	{"NoneYet", func(t *testing.T, s store.Store) {
		MustCreateRoom(t, s, "ABCD")
		got, err := s.Matches(t.Context(), "ABCD")
		if err != nil || len(got) != 0 {
			t.Fatalf("Matches=%v, %v, want none, nil", got, err)
		}
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		_, err := s.Matches(t.Context(), "ZZZZ")
		assertErr(t, "Matches", err, store.ErrNotFound)
	}},
}

var playingMatchesTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		a1 := MustRoomAndMatch(t, s, "ABCD")
		a2 := MustCreateMatch(t, s, "ABCD", 2)
		b1 := MustRoomAndMatch(t, s, "WXYZ")
		MustFinishMatch(t, s, a1.ID, result, T0)

		got, err := s.PlayingMatches(t.Context())
		if err != nil {
			t.Fatalf("PlayingMatches: %v", err)
		}
		diff(t, "PlayingMatches", got, []store.Match{a2, b1})
	}},
	{"None", func(t *testing.T, s store.Store) {
		got, err := s.PlayingMatches(t.Context())
		if err != nil || len(got) != 0 {
			t.Fatalf("PlayingMatches=%v, %v, want none, nil", got, err)
		}
	}},
}

var finishMatchTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		want := MustRoomAndMatch(t, s, "ABCD")
		at := T0.Add(90 * time.Minute)
		MustFinishMatch(t, s, want.ID, result, at)
		want.Status, want.Result, want.FinishedAt = store.StatusFinished, &result, &at

		got := MustMatch(t, s, want.ID)
		diff(t, "Match", got, want)
		assertUTC(t, "FinishedAt", *got.FinishedAt)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		MustRoomAndMatch(t, s, "ABCD")
		err := s.FinishMatch(t.Context(), "no-such-match", result, T0)
		assertErr(t, "FinishMatch", err, store.ErrNotFound)
	}},
	{"ErrConflict", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		MustFinishMatch(t, s, m.ID, result, T0)
		other := game.Result{Winners: []game.Seat{1}, Points: []int{0, 9, 0}, Summary: game.M("vault.result.late")}
		err := s.FinishMatch(t.Context(), m.ID, other, T0.Add(time.Hour))
		assertErr(t, "FinishMatch again", err, store.ErrConflict)
		// The first result stands.
		diff(t, "Result", MustMatch(t, s, m.ID).Result, &result)
	}},
	{"ConcurrentOneWins", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		errs := make([]error, 10)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() { errs[i] = s.FinishMatch(t.Context(), m.ID, result, T0) })
		}
		wg.Wait()
		assertOneWins(t, errs)
	}},
}

// assertOneWins fails unless exactly one of errs is nil and every other is ErrConflict.
func assertOneWins(tb testing.TB, errs []error) {
	tb.Helper()
	wins := 0
	for _, err := range errs {
		switch {
		case err == nil:
			wins++
		case !errors.Is(err, store.ErrConflict):
			tb.Fatalf("err=%v, want nil or ErrConflict", err)
		}
	}
	if wins != 1 {
		tb.Fatalf("%d of %d calls succeeded, want exactly 1", wins, len(errs))
	}
}

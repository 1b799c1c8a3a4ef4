package gametest_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// secret is a two-seat toy: each seat holds a hidden number; "peek" views
// can leak the other seat's number, which the harness must notice.
type secret struct {
	hand  [2]int
	leaky bool
}

func (s *secret) Check(a game.Action) error                      { return game.Unknown(a.Type) }
func (s *secret) Apply(a game.Action, r *game.Rand) []game.Event { return nil }
func (s *secret) Legal(game.Seat) []game.Move                    { return nil }
func (s *secret) Next() game.Turn                                { return game.Turn{} }
func (s *secret) Result() (game.Result, bool)                    { return game.Result{}, false }

func (s *secret) View(v game.Viewer) any {
	out := map[string]int{}
	if v.Kind == game.Player {
		out["mine"] = s.hand[v.Seat]
		if s.leaky {
			out["theirs"] = s.hand[1-v.Seat]
		}
	}
	return out
}

// Twin redraws seat s's hidden number.
func (s *secret) Twin(seat game.Seat, r *game.Rand) game.State {
	t := *s
	if seat >= 0 {
		t.hand[seat] += 1 + r.IntN(9)
	}
	return &t
}

func (s *secret) Invariant() error {
	if s.hand[0] < 0 || s.hand[1] < 0 {
		return fmt.Errorf("negative hand %v", s.hand)
	}
	return nil
}

// failure captures a harness failure instead of failing this test.
type failure struct {
	testing.TB
	msg string
}

func (f *failure) Helper() {}
func (f *failure) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(f)
}

// fails runs check against a recorder and returns the failure it reported.
func fails(t *testing.T, check func(tb testing.TB)) (msg string) {
	f := &failure{TB: t}
	defer func() {
		if r := recover(); r != nil && r != f {
			panic(r)
		}
		msg = f.msg
	}()
	check(f)
	return ""
}

func TestCheckLeaks(t *testing.T) {
	tests := []struct {
		name  string
		state *secret
		leaks bool
	}{
		{"OK each seat sees its own number", &secret{hand: [2]int{3, 7}}, false},
		{"ErrLeak a seat sees the other's number", &secret{hand: [2]int{3, 7}, leaky: true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := fails(t, func(tb testing.TB) {
				gametest.CheckLeaks(tb, tt.state, 2, game.RandFor(game.Seed{}, 0), "toy")
			})
			if got := msg != ""; got != tt.leaks {
				t.Fatalf("leak reported = %v (%q), want %v", got, msg, tt.leaks)
			}
		})
	}
}

func TestCheckInvariant(t *testing.T) {
	if msg := fails(t, func(tb testing.TB) { gametest.CheckInvariant(tb, &secret{hand: [2]int{-1, 2}}, "toy") }); msg == "" {
		t.Fatal("a broken invariant passed")
	}
	if msg := fails(t, func(tb testing.TB) { gametest.CheckInvariant(tb, &secret{hand: [2]int{1, 2}}, "toy") }); msg != "" {
		t.Fatalf("a sound state failed: %s", msg)
	}
}

func TestFill(t *testing.T) {
	m := game.Move{Type: "claim", Data: json.RawMessage(`{"epoch":2}`), Fields: map[string][]any{"location": {"CAF"}}}
	a := gametest.Fill(m, 1, 99, game.RandFor(game.Seed{}, 0))
	var got map[string]any
	if err := json.Unmarshal(a.Data, &got); err != nil {
		t.Fatal(err)
	}
	if a.Type != "claim" || a.Seat != 1 || got["location"] != "CAF" || got["epoch"] != float64(2) {
		t.Fatalf("Fill = %+v %v", a, got)
	}
}

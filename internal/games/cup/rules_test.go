package cup

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// newMatch deals a match with options raw ("" for the defaults).
func newMatch(tb testing.TB, raw string) *match {
	tb.Helper()
	st, err := Rules{}.New(game.Setup{Game: Slug, Seats: 2, Options: json.RawMessage(raw), Started: gametest.Start})
	if err != nil {
		tb.Fatal(err)
	}
	return st.(*match)
}

func act(s game.Seat, typ string, n int) game.Action {
	return game.Action{Seat: s, Type: typ, Data: mustData(pick{N: n}), At: gametest.Start + 1000}
}

func step(name string, a game.Action, rule string) gametest.Step {
	return gametest.Step{Name: name, Action: a, Rule: rule}
}

// One named case per ruling, as the refusals cite them.
func TestRules(t *testing.T) {
	seed := game.Seed{1}
	tests := []struct {
		name  string
		steps []gametest.Step
		want  func(tb testing.TB, m *match)
	}{
		{"R1 seat 0 hides first, seat 1 may not", []gametest.Step{
			step("guesser hides", act(1, ActHide, 5), "H2"),
			step("hider guesses", act(0, ActGuess, 5), "R3"),
			step("hide", act(0, ActHide, 5), ""),
		}, func(tb testing.TB, m *match) {
			if m.under != 5 || m.awaited() != 1 {
				tb.Fatalf("under %d, awaiting %d", m.under, m.awaited())
			}
		}},
		{"R2 only 1 to 9", []gametest.Step{
			step("zero", act(0, ActHide, 0), "R2"),
			step("ten", act(0, ActHide, 10), "R2"),
		}, nil},
		{"R3 a wrong guess is answered", []gametest.Step{
			step("hide", act(0, ActHide, 6), ""),
			step("low", act(1, ActGuess, 2), ""),
			step("high", act(1, ActGuess, 8), ""),
			step("hider may not guess", act(0, ActGuess, 6), "H2"),
		}, func(tb testing.TB, m *match) {
			v := m.View(game.TableViewer()).(*TableView)
			if len(v.Guesses) != 2 || v.Guesses[0].Answer != "higher" || v.Guesses[1].Answer != "lower" {
				tb.Fatalf("guesses %+v", v.Guesses)
			}
		}},
		{"R4 a right guess scores the guesser", []gametest.Step{
			step("hide", act(0, ActHide, 3), ""),
			step("right", act(1, ActGuess, 3), ""),
		}, func(tb testing.TB, m *match) {
			if m.points != [2]int{0, 1} || m.round != 2 || m.hider() != 1 || len(m.lifted) != 1 || m.lifted[0].Under != 3 {
				tb.Fatalf("points %v round %d lifted %+v", m.points, m.round, m.lifted)
			}
		}},
		{"R4 three misses score the hider, H1 a repeat is a miss", []gametest.Step{
			step("hide", act(0, ActHide, 9), ""),
			step("miss", act(1, ActGuess, 1), ""),
			step("repeat", act(1, ActGuess, 1), ""),
			step("miss again", act(1, ActGuess, 2), ""),
		}, func(tb testing.TB, m *match) {
			if m.points != [2]int{1, 0} || m.round != 2 {
				tb.Fatalf("points %v round %d", m.points, m.round)
			}
		}},
		{"R5 the referee hides, then takes a guess", []gametest.Step{
			step("a seat runs the timer", game.Action{Seat: 0, Type: ActTimeout, Data: mustData(timeout{}), At: gametest.Start + 30000}, "H2"),
			step("hider's time", game.Action{Seat: game.System, Type: ActTimeout, Data: mustData(timeout{}), At: gametest.Start + 30000}, ""),
			step("stale", game.Action{Seat: game.System, Type: ActTimeout, Data: mustData(timeout{}), At: gametest.Start + 60000}, "R5"),
			step("guesser's time", game.Action{Seat: game.System, Type: ActTimeout, Data: mustData(timeout{Step: 1}), At: gametest.Start + 60000}, ""),
		}, func(tb testing.TB, m *match) {
			if m.under < Lowest || m.under > Highest || len(m.guesses) != 1 || m.guesses[0] != 0 {
				tb.Fatalf("under %d guesses %v", m.under, m.guesses)
			}
			if d := m.View(game.TableViewer()).(*TableView).Deadline; d != gametest.Start+90000 {
				tb.Fatalf("deadline %d, want the guesser's next 30 s", d)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, "")
			gametest.Scenario(t, m, 2, seed, tt.steps...)
			if tt.want != nil {
				tt.want(t, m)
			}
		})
	}
}

// R6: the most points win and a tie is shared; the match then refuses
// everything.
func TestResult(t *testing.T) {
	m := newMatch(t, `{"rounds":2}`)
	r := game.RandFor(game.Seed{2}, 1)
	for _, a := range []game.Action{act(0, ActHide, 4), act(1, ActGuess, 4), act(1, ActHide, 7), act(0, ActGuess, 7)} {
		if err := m.Check(a); err != nil {
			t.Fatal(err)
		}
		m.Apply(a, r)
	}
	res, over := m.Result()
	if !over || len(res.Winners) != 2 || res.Summary.ID != "cup.result.tie" {
		t.Fatalf("result %+v over %v, want a shared win", res, over)
	}
	if err := m.Check(act(0, ActHide, 1)); err == nil {
		t.Fatal("a finished match took an action")
	}
}

// The number under the cup reaches nobody but its hider before the cup is
// lifted: the guesser's phone and the table never carry it, in any match
// the bots play, and a twin with another number looks the same to them.
func TestHiddenValueStaysWithTheHider(t *testing.T) {
	for seed := range 20 {
		setup := game.Setup{Game: Slug, Seats: 2, Seed: game.Seed{byte(seed)}, Options: json.RawMessage(`{"rounds":6}`), Started: gametest.Start}
		log := gametest.RandomPlay(t, Rules{}, setup, 500, gametest.BotMoves(bot{}))
		st, _ := Rules{}.New(setup)
		for i, a := range log {
			st.Apply(a, game.RandFor(setup.Seed, i+1))
			m := st.(*match)
			if m.hiding() || m.over() {
				continue
			}
			for _, v := range []game.Viewer{game.SeatViewer(m.guesser()), game.TableViewer()} {
				b, _ := json.Marshal(st.View(v))
				if strings.Contains(string(b), `"under"`) {
					t.Fatalf("seed %d action %d: %s sees %s", seed, i, gametest.Name(v), b)
				}
			}
			b, _ := json.Marshal(st.View(game.SeatViewer(m.hider())))
			if !strings.Contains(string(b), fmt.Sprintf(`"under":%d`, m.under)) {
				t.Fatalf("seed %d action %d: the hider does not see its number: %s", seed, i, b)
			}
		}
	}
}

// Bots play whole matches with every check of the harness: replay, leaks
// through twins, invariants and legal moves, with and without the timer.
func TestBotsPlay(t *testing.T) {
	for i, opts := range []string{`{}`, `{"rounds":6,"turnMs":0}`, `{"rounds":2,"turnMs":10000}`} {
		setup := game.Setup{Game: Slug, Seats: 2, Seed: game.Seed{byte(i), 7}, Options: json.RawMessage(opts), Started: gametest.Start}
		gametest.RandomPlay(t, Rules{}, setup, 500, gametest.BotMoves(bot{}))
		gametest.RandomPlay(t, Rules{}, setup, 500, gametest.RandomMoves)
	}
}

// Options outside their ranges are refused with the platform's worded errors.
func TestOptions(t *testing.T) {
	for _, raw := range []string{`{"rounds":3}`, `{"turnMs":5000}`, `{"turnMs":200000}`, `{"colour":1}`} {
		if _, err := (Rules{}).Options(json.RawMessage(raw)); err == nil {
			t.Errorf("%s accepted", raw)
		}
	}
	got, err := Rules{}.Options(nil)
	if err != nil || string(got) != `{"rounds":4,"turnMs":30000}` {
		t.Fatalf("defaults %s %v", got, err)
	}
}

func FuzzCheck(f *testing.F) {
	setup := game.Setup{Game: Slug, Seats: 2, Started: gametest.Start}
	gametest.FuzzCheck(f, Rules{}, setup, []game.Action{act(0, ActHide, 5)}, act(1, ActGuess, 5), act(1, ActGuess, 11))
}

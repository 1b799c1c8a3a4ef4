package game_test

import (
	"errors"
	"testing"

	"topsecret/internal/game"
)

// The gate refuses each wrong side of the table with its own code and
// message, and lets each right side through.
func TestGate(t *testing.T) {
	t.Parallel()
	g := game.Gate{Rule: "R9", Timer: func(typ string) bool { return typ == "timeout" },
		RefereeOnly: "x.refuse.referee_only", TimerIsReferees: "x.refuse.timer_is_referees"}
	for _, c := range []struct {
		name       string
		seat       game.Seat
		typ        string
		code, rule string
		id         string
	}{
		{"the referee fires a timer", game.System, "timeout", "", "", ""},
		{"a seat plays", 2, "play", "", "", ""},
		{"the referee plays", game.System, "play", game.CodeIllegal, "R9", "x.refuse.referee_only"},
		{"a seat fires a timer", 0, "timeout", game.CodeIllegal, "R9", "x.refuse.timer_is_referees"},
		{"a seat past the last", 3, "play", game.CodeMalformed, "", "game.malformed"},
		{"a seat below System", -2, "timeout", game.CodeMalformed, "", "game.malformed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := g.Check(game.Action{Seat: c.seat, Type: c.typ}, 3)
			if c.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var re *game.RuleError
			if !errors.As(err, &re) || re.Code != c.code || re.Rule != c.rule || re.Msg.ID != c.id {
				t.Fatalf("got %v, want %s/%s %s", err, c.code, c.rule, c.id)
			}
		})
	}
}

// The clock never runs backwards: an action stamped before the previous
// one happens at the previous one's time.
func TestClock(t *testing.T) {
	t.Parallel()
	c := game.Clock{Now: 1000}
	for _, step := range []struct{ stamp, want int64 }{{1500, 1500}, {1200, 1500}, {1500, 1500}, {2000, 2000}} {
		if got := c.Tick(game.Action{At: step.stamp}); got != step.want || c.Now != step.want {
			t.Fatalf("stamped %d: at %d (now %d), want %d", step.stamp, got, c.Now, step.want)
		}
	}
}

// Apply of an action Check refused is an engine bug and panics; a checked
// one comes through.
func TestChecked(t *testing.T) {
	t.Parallel()
	if got := game.Checked(7, nil); got != 7 {
		t.Fatalf("got %d", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a refused action")
		}
	}()
	game.Checked(0, game.Over())
}

// Judge refuses in the order every game checks: the end first, then the
// data, then the side of the table, then the game's own rules.
func TestJudge(t *testing.T) {
	t.Parallel()
	g := game.Gate{Rule: "R9", Timer: func(typ string) bool { return typ == "timeout" },
		RefereeOnly: "x.refuse.referee_only", TimerIsReferees: "x.refuse.timer_is_referees"}
	bad := game.Illegal("R1", "x.refuse.rule")
	for _, c := range []struct {
		name      string
		a         game.Action
		over      bool
		decodeErr error
		checkErr  error
		id        string
	}{
		{"all well", game.Action{Seat: 1, Type: "play"}, false, nil, nil, ""},
		{"over before anything", game.Action{Seat: 9, Type: "timeout"}, true, game.Unknown("x"), bad, "game.over"},
		{"unreadable before the gate", game.Action{Seat: 9, Type: "play"}, false, game.Unknown("play"), bad, "game.unknown_action"},
		{"the gate before the rules", game.Action{Seat: 0, Type: "timeout"}, false, nil, bad, "x.refuse.timer_is_referees"},
		{"the rules last", game.Action{Seat: 0, Type: "play"}, false, nil, bad, "x.refuse.rule"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := game.Judge(c.a, 2, c.over, g, func() (string, error) { return "cmd", c.decodeErr },
				func(string) error { return c.checkErr })
			if c.id == "" {
				if err != nil || got != "cmd" {
					t.Fatalf("got %q, %v", got, err)
				}
				return
			}
			var re *game.RuleError
			if !errors.As(err, &re) || re.Msg.ID != c.id || got != "" {
				t.Fatalf("got %q, %v, want %s", got, err, c.id)
			}
		})
	}
}

// table is a match of n seats that does nothing.
type table struct{ n int }

func (table) Check(game.Action) error                    { return nil }
func (table) Apply(game.Action, *game.Rand) []game.Event { return nil }
func (table) View(game.Viewer) any                       { return nil }
func (table) Legal(game.Seat) []game.Move                { return nil }
func (table) Next() game.Turn                            { return game.Turn{} }
func (table) Result() (game.Result, bool)                { return game.Result{}, false }
func (t table) Seats() int                               { return t.n }

// other is another game's state.
type other struct{ table }

// A bot looks only at its own game's match, from one of its seats.
func TestSeated(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		st   game.State
		seat game.Seat
		ok   bool
	}{
		{"the first seat", table{3}, 0, true},
		{"the last seat", table{3}, 2, true},
		{"past the last", table{3}, 3, false},
		{"the referee", table{3}, game.System, false},
		{"another game", other{table{3}}, 1, false},
	} {
		if _, s, ok := game.Seated[table](c.st, c.seat); ok != c.ok || (ok && s != int(c.seat)) {
			t.Errorf("%s: seat %d, %v", c.name, s, ok)
		}
	}
}

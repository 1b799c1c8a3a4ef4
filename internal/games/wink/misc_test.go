package wink

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func TestScenarios_Digital(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "R7 no stall: a full round of passes with an empty agent deck ends the game", m: fixture(agents()),
			steps: []gametest.Step{
				ok("Tom", act(tom, ActPass, nil, 1000)),
				ok("Jan swaps a location", act(jan, ActSwap, Swap{Location: true}, 1100)),
				ok("Marie", act(marie, ActPass, nil, 1200), check(func(tb testing.TB, m *match) {
					if v := m.tableView(); v.StallPassesLeft != 1 {
						tb.Fatalf("stall passes left %d, want 1", v.StallPassesLeft)
					}
				})),
				ok("Julia by timeout", game.Action{Seat: game.System, Type: ActTurnTimeout, Data: mustJSON(Timeout{Step: 7}), At: 61200},
					phase(PhaseOver, 0)),
			}},
		{name: "C6 accuse with unknown seats is malformed", m: fixture(),
			steps: []gametest.Step{{Name: "accuse", Action: act(marie, ActAccuse, Accuse{Winker: 9, Target: 1}, 1000), Code: game.CodeMalformed}}},
		{name: "C4 swap of nothing is refused", m: fixture(),
			steps: []gametest.Step{refused("swap", "C4", act(tom, ActSwap, Swap{}, 1000))}},
		{name: "C3 only the contact answers", m: fixture(),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				{Name: "Jan answers", Action: act(jan, ActConfirmClaim, nil, 1100), Rule: "C3", Code: game.CodeNotYourTurn},
			}},
	})
}

func TestCheck_ErrDecode(t *testing.T) {
	t.Parallel()
	m := fixture()
	for _, c := range []struct {
		name string
		a    game.Action
		code string
	}{
		{"unknown", game.Action{Seat: tom, Type: "dance"}, game.CodeUnknown},
		{"bad json", game.Action{Seat: tom, Type: ActClaim, Data: []byte(`{"location":`)}, game.CodeMalformed},
		{"unknown field", game.Action{Seat: tom, Type: ActPass, Data: []byte(`{"now":true}`)}, game.CodeMalformed},
		{"bad place", game.Action{Seat: tom, Type: ActClaim, Data: []byte(`{"location":"PAR"}`)}, game.CodeMalformed},
		{"no seat", game.Action{Seat: 7, Type: ActPass}, game.CodeMalformed},
	} {
		if err := m.Check(c.a); err == nil || gametest.MustRuleError(t, err).Code != c.code {
			t.Errorf("%s: %v, want code %s", c.name, err, c.code)
		}
	}
}

// TestClaim_TimingDoesNotLeak checks §5 rule 5: the auto-confirm deadline is
// the same whether the contact holds the named place or not.
func TestClaim_TimingDoesNotLeak(t *testing.T) {
	t.Parallel()
	deadline := func(m *match) (int64, string) {
		m.Apply(act(tom, ActClaim, Claim{Location: "FOU"}, 1000), game.RandFor(game.Seed{}, 1))
		b, _ := m.tableView().Timer, 0
		return m.Next().Timers[0].At, b.Kind
	}
	yes, k1 := deadline(fixture())
	no, k2 := deadline(fixture(holds(julia, noColour, Cafe)))
	if yes != no || k1 != k2 {
		t.Fatalf("deadlines %d (match) and %d (no match)", yes, no)
	}
}

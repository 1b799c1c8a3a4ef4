package vault

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func TestCheck_ErrDecode(t *testing.T) {
	t.Parallel()
	m := fixture(4)
	for _, c := range []struct {
		name string
		a    game.Action
		code string
	}{
		{"unknown", game.Action{Seat: anna, Type: "dance"}, game.CodeUnknown},
		{"bad json", game.Action{Seat: anna, Type: ActCommit, Data: []byte(`{"card":`)}, game.CodeMalformed},
		{"no card", game.Action{Seat: anna, Type: ActCommit}, game.CodeMalformed},
		{"card out of range", game.Action{Seat: anna, Type: ActCommit, Data: []byte(`{"card":90}`)}, game.CodeMalformed},
		{"unknown field", game.Action{Seat: anna, Type: ActBoom, Data: []byte(`{"loud":true}`)}, game.CodeMalformed},
		{"bad choice", game.Action{Seat: anna, Type: ActSecure, Data: []byte(`{"choice":"eat"}`)}, game.CodeMalformed},
		{"no seat", game.Action{Seat: 4, Type: ActNoSteal}, game.CodeMalformed},
	} {
		if err := m.Check(c.a); err == nil || gametest.MustRuleError(t, err).Code != c.code {
			t.Errorf("%s: %v, want code %s", c.name, err, c.code)
		}
	}
}

func TestScenarios_Digital(t *testing.T) {
	t.Parallel()
	timed := func(m *match) { m.opts.SelectTimeoutMs = 10000 }
	runScenarios(t, []scenario{
		{name: "R4 the select timer commits a random card for the undecided", m: fixture(4, timed),
			steps: steps(
				ok("Anna", commit(anna, D30, 100)),
				refused("timer early", "R22", func(m *match) game.Action { a := expire(m); a.At = 9999; return a }),
				ok("timer", expire, check(func(tb testing.TB, m *match) {
					if m.trick == 1 && m.phase == PhaseSelect || m.moments.reveal == nil {
						tb.Fatalf("no reveal after the select timer")
					}
					if got := m.moments.reveal.played[anna].card.rank(); got != D30 {
						tb.Fatalf("Anna's card became %s", got.Code())
					}
				}), said("vault.event.auto", game.P("who", daan))),
			)},
		{name: "H18 by default a card is chosen within a minute, or one is played for you", m: fixture(4),
			steps: steps(
				ok("Anna", commit(anna, D30, 100)),
				refused("59.999 s in", "R22", func(m *match) game.Action { a := expire(m); a.At = 59999; return a }),
				ok("a minute in", func(m *match) game.Action { a := expire(m); a.At = 60000; return a },
					said("vault.event.auto", game.P("who", bram)), said("vault.event.auto", game.P("who", daan))),
			)},
		{name: "R4 cards are chosen only in SELECT", m: fixture(4),
			steps: steps(
				plays(0, "D10 D15 D20 D25"),
				refused("Anna commits during SECURE", "R4", commit(anna, D30, 100)),
				refused("the card must be in hand", "R4", func(m *match) game.Action {
					return act(anna, ActCommit, Commit{Card: int(m.players[bram].hand[0])}, 100)
				}),
			)},
		{name: "R12 only touched lone cards decide", m: fixture(4, staked(bram, D25)),
			steps: steps(
				plays(0, "D10 MO D20 D25"),
				ok("Bram steals", stealTop(bram, daan, 10)),
				refused("Daan lost his card", "R12", secure(daan, ChoiceBank, 20)),
				ok("Anna decides", secure(anna, ChoiceBank, 30), check(func(tb testing.TB, m *match) {
					v := m.tableView()
					if !v.Players[anna].Decided || v.Players[carla].Decided {
						tb.Fatalf("decided flags wrong: %+v", v.Players)
					}
					if b, _ := json.Marshal(m.seatView(carla)); strings.Contains(string(b), `"decision"`) {
						tb.Fatalf("Carla sees a decision: %s", b)
					}
				})),
				refused("Anna again", "R12", secure(anna, ChoiceKeep, 40)),
				refused("Carla too late", "R12", secure(carla, ChoiceKeep, 8010)),
			)},
		{name: "R22 timers: only the referee fires them, and never stale", m: fixture(4, func(m *match) { m.opts.SelectTimeoutMs = 0 }),
			steps: steps(
				refused("no select timer once the host turned it off", "R22", func(m *match) game.Action {
					return game.Action{Seat: game.System, Type: ActSelectTimeout, Data: mustJSON(Timeout{Trick: 1, Step: 1}), At: 1e9}
				}),
				plays(0, "TE D10 D15 D20"),
				refused("a player fires the timer", "R22", func(m *match) game.Action { a := expire(m); a.Seat = anna; return a }),
				refused("the referee commits", "R22", func(m *match) game.Action {
					return game.Action{Seat: game.System, Type: ActCommit, Data: mustJSON(Commit{Card: 0})}
				}),
				refused("a steal timer in the Boom window", "R22", func(m *match) game.Action {
					a := expire(m)
					a.Type = ActStealTimeout
					return a
				}),
				ok("Anna shouts", boom(anna, 10)),
				refused("the old Boom timer", "R22", func(m *match) game.Action {
					return game.Action{Seat: game.System, Type: ActBoomTimeout, Data: mustJSON(Timeout{Trick: 1, Step: 2}), At: 5000}
				}),
			)},
	})
}

// TestView_CommitIsHidden checks §5: before the reveal, others see only
// "has committed", never the card.
func TestView_CommitIsHidden(t *testing.T) {
	t.Parallel()
	m := fixture(4)
	c := inHand(m, anna, D30)
	m.Apply(act(anna, ActCommit, Commit{Card: int(c)}, 10), game.RandFor(game.Seed{}, 1))
	needle := `"id":` + strconv.Itoa(int(c)) + `,`
	for _, v := range gametest.Viewers(4)[1:] {
		b := gametest.ViewJSON(t, m, v)
		if strings.Contains(string(b), needle) {
			t.Fatalf("%s sees Anna's commit: %s", gametest.Name(v), b)
		}
		if !strings.Contains(string(b), `"committed":true`) {
			t.Fatalf("%s does not see that Anna committed", gametest.Name(v))
		}
	}
	if sv := m.seatView(anna); sv.Committed == nil || sv.Committed.ID != int(c) {
		t.Fatalf("Anna's own commit %+v", sv.Committed)
	}
}

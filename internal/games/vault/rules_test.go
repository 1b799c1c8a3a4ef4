package vault

import (
	"testing"
	"topsecret/internal/game"
)

type scenario struct {
	name  string
	m     *match
	steps []step
}

func runScenarios(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			run(t, c.m, c.steps...)
		})
	}
}

// steps joins steps and step lists.
func steps(parts ...any) []step {
	var out []step
	for _, p := range parts {
		switch p := p.(type) {
		case step:
			out = append(out, p)
		case []step:
			out = append(out, p...)
		default:
			panic("steps: not a step")
		}
	}
	return out
}

func TestScenarios_TricksAndPairs(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "V-05 plain trick: everyone decides, silence keeps", m: fixture(4),
			steps: steps(
				plays(100, "D25 D10 D30 D15", phase(PhaseSecure), deciders(anna, bram, carla, daan)),
				ok("Anna banks", secure(anna, ChoiceBank, 1000)),
				ok("Bram keeps", secure(bram, ChoiceKeep, 1100)),
				ok("Carla banks", secure(carla, ChoiceBank, 1200), phase(PhaseSecure), zone(anna, "D25")),
				refused("timer early", "R22", func(m *match) game.Action { a := expire(m); a.At--; return a }),
				ok("Daan silent for 8 s", expire, phase(PhaseSelect),
					x1(anna, "D25"), x1(carla, "D30"), zone(bram, "D10"), zone(daan, "D15"), zone(anna, ""),
					said("vault.event.keep_silent", game.P("who", daan), term("card", D15))),
			)},
		{name: "V-06 staked D10 completed by an equal document goes to x2", m: fixture(4, staked(bram, D10)),
			steps: plays(100, "D15 D10 D20 D25", zone(bram, ""), x2(bram, "(D10,D10)=40"),
				deciders(anna, carla, daan))},
		{name: "V-07 staked D10 and a non-matching D25 both go to x1", m: fixture(4, staked(bram, D10)),
			steps: plays(100, "D15 D25 D20 D30", zone(bram, ""), x1(bram, "D10 D25"),
				deciders(anna, carla, daan), check(func(tb testing.TB, m *match) {
					if got := m.players[bram].score(); got != 35 {
						tb.Fatalf("Bram's x1 is worth %d, want 35", got)
					}
				}))},
		{name: "V-08 an agent on a staked document survives the blast", m: fixture(4, staked(carla, D30), staked(bram, D10)),
			steps: steps(
				plays(100, "D20 D15 AG TE", phase(PhaseBoom)),
				ok("Daan presses BOOM at +900 ms", boom(daan, 1000), phase(PhaseSelect),
					zone(anna, ""), zone(bram, ""), zone(carla, ""), x2(carla, "(D30,AG)=120"),
					discarded("D20 D10 D15 TE"), missed(daan, 0), deciders()),
			)},
		{name: "V-09 a document on an agent burns; the mole is void", m: fixture(4, staked(anna, Agent)),
			steps: steps(
				plays(100, "D25 TE D10 MO", phase(PhaseBoom)),
				refused("Daan's void mole", "R8", func(m *match) game.Action {
					return act(daan, ActSteal, Steal{Card: int(top(m, anna))}, 200)
				}),
				ok("Bram shouts", boom(bram, 300), phase(PhaseSecure), zone(anna, "AG"), zone(carla, ""),
					discarded("D25 D10 TE MO"), deciders(anna)),
			)},
		{name: "V-10 two agents go to x1 worth 0", m: fixture(4, staked(carla, Agent)),
			steps: plays(100, "D10 D15 AG D20", zone(carla, ""), x1(carla, "AG AG"), x2(carla, ""),
				deciders(anna, bram, daan), check(func(tb testing.TB, m *match) {
					if got := m.players[carla].score(); got != 0 {
						tb.Fatalf("Carla's safe is worth %d, want 0", got)
					}
				}))},
	})
}

func TestScenarios_Terrorist(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "V-11 missed Boom: others' presses are ignored, the silent terrorist pays 50", m: fixture(4),
			steps: steps(
				plays(0, "D10 TE D15 D20", phase(PhaseBoom)),
				refused("Anna (no TE) presses at +500 ms", "R11", boom(anna, 500)),
				refused("timer early", "R22", func(m *match) game.Action { a := expire(m); a.At = 2999; return a }),
				ok("window closes at +3000 ms", expire, missed(bram, 1), missed(anna, 0),
					said("vault.event.missed", game.P("who", bram), game.N("points", 50)), discarded("D10 D15 D20 TE"), phase(PhaseSelect),
					check(func(tb testing.TB, m *match) {
						if v := m.tableView(); v.Blast == nil || len(v.Blast.Missed) != 1 || v.Players[bram].Penalty != 50 {
							tb.Fatalf("blast %+v, Bram's penalty %d", v.Blast, v.Players[bram].Penalty)
						}
					})),
				refused("a press after the window", "R11", boom(bram, 3100)),
			)},
		{name: "V-12 two terrorists: one blast, only the silent one pays", m: fixture(4),
			steps: steps(
				plays(0, "TE D10 TE D15"),
				ok("Anna at +1200 ms", boom(anna, 1200), phase(PhaseBoom)),
				refused("Anna twice", "R11", boom(anna, 1300)),
				ok("window closes", expire, missed(carla, 1), missed(anna, 0), discarded("D10 D15 TE TE"),
					check(func(tb testing.TB, m *match) {
						if n := len(m.tableView().Booms); n != 1 {
							tb.Fatalf("%d Boom presses shown, want 1", n)
						}
					})),
			)},
		{name: "V-12 a press after the deadline is too late", m: fixture(4),
			steps: steps(
				plays(0, "TE D10 D15 D20"),
				refused("Anna at +3000 ms", "R11", boom(anna, 3000)),
			)},
		{name: "V-13 the terrorist hits its own player", m: fixture(4, staked(daan, D30)),
			steps: steps(
				plays(0, "AG AG D10 TE"),
				ok("Daan shouts", boom(daan, 100), zone(daan, ""), zone(anna, "AG"), discarded("D10 D30 TE")),
			)},
		{name: "V-14 mole and terrorist: no steal, the agent pair survives", m: fixture(4, staked(daan, D20)),
			steps: steps(
				plays(0, "MO TE D30 AG", phase(PhaseBoom), said("vault.event.void", game.P("who", anna))),
				ok("Bram shouts", boom(bram, 100), zone(carla, ""), x2(daan, "(D20,AG)=80"),
					discarded("D30 MO TE"), deciders()),
			)},
	})
}

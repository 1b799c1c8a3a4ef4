package vault

import (
	"strconv"
	"testing"

	"topsecret/internal/game"
)

// eligible asserts the moles' set E as "seat:CODE" entries in order.
func eligible(want ...string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		var got []string
		for _, x := range m.eligible {
			got = append(got, strconv.Itoa(x.owner)+":"+x.card.String())
		}
		if len(got) != len(want) {
			tb.Fatalf("E = %v, want %v", got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				tb.Fatalf("E = %v, want %v", got, want)
			}
		}
	}
}

// acted asserts whether seat s's mole has used its attempt.
func acted(s int, want bool) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].acted; got != want {
			tb.Fatalf("seat %d acted = %v, want %v", s, got, want)
		}
	}
}

func TestScenarios_Mole(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "V-15 a mole steals a just-played document", m: fixture(4),
			steps: steps(
				plays(0, "MO D30 D10 D20", phase(PhaseSteal), eligible("1:D30", "2:D10", "3:D20")),
				ok("Anna steals Bram's D30 at +700 ms", stealTop(anna, bram, 700),
					zone(anna, "D30"), zone(bram, ""), discarded("MO"), phase(PhaseSecure),
					deciders(anna, carla, daan), said("vault.event.stole", game.P("who", anna), game.P("owner", bram), term("card", D30))),
			)},
		{name: "V-16 mole race: first in log order wins, the other misses", m: fixture(4),
			steps: steps(
				plays(0, "MO D30 MO D15"),
				ok("Carla at +820 ms", stealTop(carla, bram, 820), zone(carla, "D30")),
				ok("Anna at +900 ms misses", func(m *match) game.Action {
					return act(anna, ActSteal, Steal{Card: int(m.eligible[0].card)}, 900)
				}, zone(anna, ""), phase(PhaseSecure), said("vault.event.steal_missed", game.P("who", anna)),
					check(func(tb testing.TB, m *match) {
						st := m.tableView().Steals
						if len(st) != 2 || st[0].Result != StoleCard || st[1].Result != MissedCard || st[0].Seq >= st[1].Seq {
							tb.Fatalf("steals %+v", st)
						}
					})),
				refused("Anna tries Daan's D15 at +950 ms", "R7", stealTop(anna, daan, 950),
					deciders(carla, daan), zone(daan, "D15"), zone(bram, "")),
			)},
		{name: "V-16 a second attempt inside the window is refused", m: fixture(4),
			steps: steps(
				plays(0, "MO D30 MO D15"),
				ok("Carla", stealTop(carla, bram, 820)),
				refused("Carla again", "R7", stealTop(carla, daan, 830)),
				refused("Bram is no mole", "R7", noSteal(bram, 840)),
			)},
		{name: "V-17 older staked cards cannot be stolen", m: fixture(4, staked(bram, D25)),
			steps: steps(
				plays(0, "MO MO AG D15", eligible("2:AG", "3:D15")),
				refused("Anna names Bram's old D25", "R6", stealTop(anna, bram, 100), acted(anna, false)),
				ok("Anna steals Daan's D15", stealTop(anna, daan, 200)),
				ok("Bram passes", noSteal(bram, 300), zone(anna, "D15"), zone(daan, ""), zone(bram, "D25"),
					deciders(anna, carla)),
			)},
		{name: "V-18 stealing an agent off a staked pair completes the thief's pair", m: fixture(4, staked(daan, D20), staked(anna, D30)),
			steps: steps(
				plays(0, "MO D10 D15 AG", zone(daan, "D20 AG")),
				ok("Anna steals Daan's AG", stealTop(anna, daan, 400), zone(anna, ""), x2(anna, "(D30,AG)=120"),
					zone(daan, "D20"), deciders(bram, carla, daan)),
			)},
		{name: "V-19 a stolen card that does not match goes to x1 with the staked one", m: fixture(4, staked(anna, D30)),
			steps: steps(
				plays(0, "MO D10 D15 D25"),
				ok("Anna steals Bram's D10", stealTop(anna, bram, 400), x1(anna, "D30 D10"), zone(anna, ""),
					check(func(tb testing.TB, m *match) {
						if got := m.players[anna].score(); got != 40 {
							tb.Fatalf("Anna's x1 is worth %d, want 40", got)
						}
					})),
			)},
		{name: "V-20 own mole and no steal leaves the staked card untouched", m: fixture(4, staked(anna, D25)),
			steps: steps(
				plays(0, "MO D10 D15 D20"),
				ok("Anna passes", noSteal(anna, 400), zone(anna, "D25"), deciders(bram, carla, daan)),
			)},
		{name: "V-20 letting the window expire is the same as no steal", m: fixture(4, staked(anna, D25)),
			steps: steps(
				plays(0, "MO D10 D15 D20"),
				refused("timer early", "R22", func(m *match) game.Action { a := expire(m); a.At = 4999; return a }),
				ok("window closes at +5000 ms", expire, zone(anna, "D25"), deciders(bram, carla, daan),
					said("vault.event.steal_timeout", game.P("who", anna))),
				refused("Anna too late", "R7", noSteal(anna, 5100)),
			)},
		{name: "V-21 stealing the document on a staked agent", m: fixture(4, staked(bram, Agent)),
			steps: steps(
				plays(0, "MO D30 D10 D15", zone(bram, "AG D30")),
				ok("Anna steals Bram's D30", stealTop(anna, bram, 300), zone(bram, "AG"), zone(anna, "D30"),
					deciders(anna, bram, carla, daan)),
			)},
		{name: "V-22 part of a document pair stolen", m: fixture(4, staked(carla, D15)),
			steps: steps(
				plays(0, "D10 D20 D15 MO", zone(carla, "D15 D15")),
				refused("Daan names the bottom D15", "R6", func(m *match) game.Action {
					return act(daan, ActSteal, Steal{Card: int(m.players[carla].stake[0])}, 100)
				}),
				ok("Daan takes the top D15", stealTop(daan, carla, 200), zone(carla, "D15"), zone(daan, "D15"),
					deciders(anna, bram, carla, daan)),
			)},
		{name: "V-28 two players: a mole can only rob the opponent", m: fixture(2),
			steps: steps(
				plays(0, "MO AG", eligible("1:AG")),
				ok("Anna steals Bram's AG", stealTop(anna, bram, 100), zone(anna, "AG"), zone(bram, ""),
					deciders(anna)),
			)},
		{name: "R6 a mole cannot name its own staked card", m: fixture(4, staked(anna, D25)),
			steps: steps(
				plays(0, "MO D10 D15 D20"),
				refused("Anna names her D25", "R6", stealTop(anna, anna, 100)),
			)},
		{name: "R7 moles with nothing to steal pass at once", m: fixture(2),
			steps: plays(0, "MO MO", phase(PhaseSelect), said("vault.event.steal_nothing", game.P("who", bram)), discarded("MO MO")),
		},
	})
}

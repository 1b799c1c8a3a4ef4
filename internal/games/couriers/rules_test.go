package couriers

import (
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// specScenarios are the Given/When/Then cases of §12, one named case each.
func specScenarios() []scenario {
	fight5 := []func(*match){at("chicago", "blue-1"), at("vancouver", "red-3"), moving(3)}
	attack := ok("red-3 enters Chicago", path(red, "red-3", "chicago"), phase(PhaseCards), pool(2))
	return []scenario{
		{name: "S01 dice mapping", n: 4, seed: seedWhere(0, faces(0, 5)), build: func() *match { return fixture(4) },
			steps: []gametest.Step{ok("red rolls", act(red, ActRoll, nil), pool(3), phase(PhaseMove), check(func(tb testing.TB, m *match) {
				if m.dice != [2]int{0, 3} {
					tb.Fatalf("dice %v, want [0 3]", m.dice)
				}
			}))}},
		{name: "S02 total 0 ends the turn", n: 4, seed: seedWhere(0, faces(0, 0)), build: func() *match { return fixture(4) },
			steps: []gametest.Step{ok("red rolls", act(red, ActRoll, nil), active(blue), phase(PhaseRoll), pool(0))}},
		{name: "S03 split roll", n: 4, build: func() *match { return fixture(4, moving(3)) },
			steps: []gametest.Step{
				ok("red-1 to Vancouver", path(red, "red-1", "vancouver"), where("red-1", "vancouver"), pool(2)),
				ok("red-2 via Anchorage to Montreal", path(red, "red-2", "anchorage", "montreal"),
					where("red-2", "montreal"), pool(0)),
				ok("end turn", act(red, ActEndTurn, nil), active(blue)),
			}},
		{name: "S04 stacking", n: 4, build: func() *match {
			return fixture(4, at("chicago", "red-1", "red-2"), at("vancouver", "red-3"), moving(2))
		}, steps: []gametest.Step{
			refused("end on two own agents", "R6", path(red, "red-3", "chicago")),
			ok("pass through them", path(red, "red-3", "chicago", "new_york"), where("red-3", "new_york"), pool(0)),
		}},
		{name: "S05 no passing an enemy", n: 4, build: func() *match { return fixture(4, fight5...) },
			steps: []gametest.Step{
				refused("through Chicago", "R11", path(red, "red-3", "chicago", "new_york")),
				ok("stop in Chicago", path(red, "red-3", "chicago"), phase(PhaseCards), pool(2), check(func(tb testing.TB, m *match) {
					if m.agentID(m.fight.aggressor) != "red-3" || m.agentID(m.fight.defenders[0]) != "blue-1" {
						tb.Fatalf("fight %+v", m.fight)
					}
				})),
			}},
		{name: "S06 tie to the aggressor", n: 4, build: func() *match { return fixture(4, fight5...) },
			steps: []gametest.Step{attack, ok("red 3", play(red, 3)), ok("blue 3", play(blue, 3),
				where("blue-1", ""), where("red-3", "chicago"), bonusOf("red-3", 1), pool(2), phase(PhaseMove),
				cards(red, []int{0, 0, 1, 2, 4, 5}, []int{3}), cards(blue, []int{0, 0, 1, 2, 4, 5}, []int{3}))}},
		{name: "S07 a 0 sends the loser home; loot", n: 4,
			build: func() *match { return fixture(4, append(fight5, carrying("blue-1", "green-B"))...) },
			steps: []gametest.Step{attack, ok("red 1", play(red, 1)),
				ok("blue 0", play(blue, 0), where("blue-1", "start_blue"), lies("green-B", "chicago"), phase(PhaseLoot)),
				ok("red loots", act(red, ActLoot, Loot{Take: true}), carries("red-3", "green-B"), phase(PhaseMove))}},
		{name: "S08 a lost attack ends the turn", n: 4,
			build: func() *match { return fixture(4, append(fight5, carrying("red-3", "red-A"))...) },
			steps: []gametest.Step{attack, ok("red 2", play(red, 2)),
				ok("blue 4", play(blue, 4), where("red-3", ""), lies("red-A", "chicago"), phase(PhaseLoot)),
				refused("red may not loot", "R15", act(red, ActLoot, Loot{Take: true})),
				ok("blue loots", act(blue, ActLoot, Loot{Take: true}), carries("blue-1", "red-A"), pool(0),
					active(blue), phase(PhaseRoll))}},
		{name: "S09 two defenders", n: 4, build: func() *match {
			return fixture(4, at("chicago", "blue-1", "blue-2"), at("vancouver", "red-3"), moving(1))
		}, steps: []gametest.Step{
			ok("red-3 enters", path(red, "red-3", "chicago"), phase(PhaseOrder)),
			ok("blue-2 first", act(red, ActDefender, Defender{Agent: "blue-2"}), phase(PhaseCards)),
			ok("red 5", play(red, 5)), ok("blue 1", play(blue, 1), where("blue-2", ""), phase(PhaseCards)),
			ok("red 4", play(red, 4)), ok("blue 0", play(blue, 0), where("blue-1", "start_blue"), bonusOf("red-3", 2),
				pool(0), phase(PhaseMove)),
		}},
		{name: "S10 the bonus belongs to the winner", n: 4, build: func() *match {
			return fixture(4, at("chicago", "red-3"), bonus("red-3", 1), at("anchorage", "red-1"), moving(0))
		}, steps: []gametest.Step{
			refused("red-1 has no steps", "R5", path(red, "red-1", "montreal")),
			ok("red-3 uses its bonus", path(red, "red-3", "new_york"), bonusOf("red-3", 0), where("red-3", "new_york")),
		}},
		{name: "S11 hand refill", n: 4, build: func() *match { return fixture(4, append(fight5, holding(red, 5))...) },
			steps: []gametest.Step{attack, ok("red 5", play(red, 5)), ok("blue 2", play(blue, 2),
				cards(red, []int{0, 0, 1, 2, 3, 4, 5}, []int{}))}},
		{name: "S12 pick-up on the way", n: 4, build: func() *match {
			return fixture(4, at("vancouver", "red-1"), lying("green-B", "chicago"), at("lagos", "red-2"),
				lying("blue-C", "lagos"), moving(2))
		}, steps: []gametest.Step{
			refused("red-2 has not moved", "R8", act(red, ActSuitcase, Handle{Agent: "red-2", Pickup: "blue-C"})),
			ok("red-1 takes green-B in passing", act(red, ActMove, Move{Agent: "red-1", Path: []string{"chicago", "new_york"},
				Ops: []Op{{At: 1, Pickup: "green-B"}}}), where("red-1", "new_york"), carries("red-1", "green-B")),
		}},
		{name: "S13 bases", n: 4, build: func() *match {
			return fixture(4, at("anchorage", "red-1"), carrying("red-1", "blue-A"), at("melbourne", "red-2"), moving(1))
		}, steps: []gametest.Step{
			refused("green's arrival base", "R4", path(red, "red-1", "arrival_green")),
			refused("back into the start base", "R4", path(red, "red-1", "start_red")),
			refused("arrival without a suitcase", "R18", path(red, "red-2", "arrival_red")),
		}},
		{name: "S14 delivery", n: 4, build: func() *match {
			return fixture(4, at("melbourne", "red-1"), carrying("red-1", "red-A"), moving(1))
		}, steps: []gametest.Step{ok("red-1 delivers", path(red, "red-1", "arrival_red"), secrets(red, 5),
			where("red-1", "start_red"), phase(PhaseMove), check(func(tb testing.TB, m *match) {
				for _, v := range gametest.Viewers(4) {
					if !strings.Contains(viewJSON(tb, m, v), `"id":"red-A","colour":"red","letter":"A","delivered_by":0,"clue":"5"`) {
						tb.Fatalf("%s does not see red-A = 5", gametest.Name(v))
					}
				}
				if d := m.players[red].deliveries; len(d) != 1 || m.caseID(d[0]) != "red-A" {
					tb.Fatalf("deliveries %v", d)
				}
			}))}},
		{name: "S15 first-three rule", n: 4, build: func() *match {
			return fixture(4, clues(red, ClueFive, ClueOne, ClueThree, ClueBomb), delivered(red, "red-A", "red-C"),
				at("suva", "red-2"), carrying("red-2", "red-D"), at("melbourne", "red-3"), carrying("red-3", "blue-B"), moving(1))
		}, steps: []gametest.Step{
			refused("a third own suitcase", "R19", path(red, "red-2", "arrival_red")),
			ok("an opponent's", path(red, "red-3", "arrival_red"), secrets(red, 11)),
		}},
		{name: "S16 bomb", n: 4, build: func() *match {
			return fixture(4, out("red-7"), at("melbourne", "red-4"), carrying("red-4", "blue-D"),
				at("lagos", "red-5"), carrying("red-5", "green-C"), moving(1))
		}, steps: []gametest.Step{
			ok("red-4 delivers the bomb", path(red, "red-4", "arrival_red"), where("red-4", ""), phase(PhaseBomb),
				check(func(tb testing.TB, m *match) {
					if m.bombLeft != 2 || !strings.Contains(viewJSON(tb, m, game.TableViewer()), `"id":"blue-D","colour":"blue","letter":"D","delivered_by":0,"clue":"BOMB"`) {
						tb.Fatalf("bombLeft %d, or blue-D not shown as the bomb", m.bombLeft)
					}
				})),
			refused("one victim", "R20", act(red, ActBombVictims, BombVictims{Agents: []string{"red-2"}})),
			refused("the courier again", "R20", act(red, ActBombVictims, BombVictims{Agents: []string{"red-4", "red-2"}})),
			ok("red-2 and red-5", act(red, ActBombVictims, BombVictims{Agents: []string{"red-2", "red-5"}}),
				lies("green-C", "lagos"), secrets(red, 0), phase(PhaseMove), check(func(tb testing.TB, m *match) {
					if m.inPlay(red) != 3 || len(m.players[red].deliveries) != 1 {
						tb.Fatalf("red has %d agents and %d deliveries", m.inPlay(red), len(m.players[red].deliveries))
					}
				})),
		}},
		{name: "S17 win mid-turn", n: 4, build: func() *match {
			return fixture(4, delivered(red, "red-A"), at("suva", "red-1"), carrying("red-1", "green-A"), moving(3))
		}, steps: []gametest.Step{ok("red-1 delivers 5", path(red, "red-1", "arrival_red"), secrets(red, 10),
			phase(PhaseOver), winners(red))}},
		{name: "S18 setup validation", n: 4, build: newFour, steps: []gametest.Step{
			refused("two in Lagos", "R9", hide(red, "5 3 1 BOMB", "lagos lagos paris cairo")),
			refused("two fives", "R10", hide(red, "5 5 1 BOMB", "lagos dakar paris cairo")),
			ok("a good setup", hide(red, "5 3 1 BOMB", "lagos dakar paris cairo")),
			refused("only once", "R9", hide(red, "3 5 1 BOMB", "lagos dakar paris cairo")),
		}},
		{name: "S19 first player", n: 3, seed: seedWhere(2, totals(3, 5, 5, 1, 4)), build: func() *match {
			st, _ := Rules{}.New(setupFor(3, 0, untimed))
			return st.(*match)
		}, steps: []gametest.Step{
			ok("red hides", hide(red, "5 3 1 BOMB", "lagos dakar paris cairo")),
			ok("blue hides", hide(blue, "5 3 1 BOMB", "lagos dakar paris cairo")),
			ok("green hides", hide(green, "5 3 1 BOMB", "lagos dakar paris cairo"), active(green), phase(PhaseRoll),
				check(func(tb testing.TB, m *match) {
					c := m.clone()
					for _, want := range []int{red, blue, green} {
						c.endTurn()
						if c.active != want {
							tb.Fatalf("turn order reaches seat %d, want %d", c.active, want)
						}
					}
				})),
		}},
		{name: "S20 exhaustion: shared win", n: 2, build: func() *match {
			return fixture(2, delivered(red, "red-A", "green-B"), delivered(1, "green-A", "red-B", "green-C"),
				at("suva", "red-1"), carrying("red-1", "red-C"), moving(1))
		}, steps: []gametest.Step{ok("red delivers its 1", path(red, "red-1", "arrival_red"), secrets(red, 9),
			phase(PhaseOver), winners(red, 1))}},
		{name: "S20 exhaustion: 10 still in reach", n: 2, build: func() *match {
			return fixture(2, delivered(red, "red-A", "green-B", "red-C"), delivered(1, "green-A", "red-B"), moving(1))
		}, steps: []gametest.Step{ok("red ends the turn", act(red, ActEndTurn, nil), phase(PhaseRoll), active(1))}},
	}
}

func TestSpecScenarios(t *testing.T) {
	t.Parallel()
	run(t, specScenarios())
}

func newFour() *match {
	st, _ := Rules{}.New(setupFor(4, 0, untimed))
	return st.(*match)
}

// hide is a hide action from "5 3 1 BOMB" and four city ids, for A–D.
func hide(s int, clues, cities string) game.Action {
	c, p := strings.Fields(clues), strings.Fields(cities)
	return act(s, ActHide, Hide{Clues: map[string]string{"A": c[0], "B": c[1], "C": c[2], "D": c[3]},
		A: p[0], B: p[1], C: p[2], D: p[3]})
}

// totals reports whether the stream's next throws of two dice add up to these totals.
func totals(ts ...int) func(r *game.Rand) bool {
	return func(r *game.Rand) bool {
		for _, want := range ts {
			if throw(r)+throw(r) != want {
				return false
			}
		}
		return true
	}
}

func winners(seats ...int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		res, over := m.Result()
		if !over || len(res.Winners) != len(seats) {
			tb.Fatalf("result %+v (over %v), want winners %v", res, over, seats)
		}
		for i, s := range seats {
			if res.Winners[i] != game.Seat(s) {
				tb.Fatalf("winners %v, want %v", res.Winners, seats)
			}
		}
	}
}

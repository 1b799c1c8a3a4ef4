package couriers

import (
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// rulingScenarios name at least one case per ruling of §11 that the spec
// scenarios do not already show directly.
func rulingScenarios() []scenario {
	fight := []func(*match){at("chicago", "blue-1"), at("vancouver", "red-3"), moving(3)}
	attack := ok("red-3 enters Chicago", path(red, "red-3", "chicago"))
	return []scenario{
		{name: "R1 seven combat cards 0 0 1 2 3 4 5; a card not in hand is refused", n: 4,
			build: func() *match { return fixture(4, append(fight, holding(blue, 0, 4))...) },
			steps: []gametest.Step{attack,
				ok("hands", act(red, ActCard, Card{Value: 5}), cards(red, []int{0, 0, 1, 2, 3, 4, 5}, []int{})),
				refused("blue has no 3", "R12", play(blue, 3)),
				{Name: "no card 6", Action: play(blue, 6), Code: game.CodeMalformed},
			}},
		{name: "R2 a roll of 0 moves nothing", n: 2, seed: seedWhere(0, faces(0, 0)), build: func() *match { return fixture(2) },
			steps: []gametest.Step{ok("red rolls nothing", act(red, ActRoll, nil), active(1), phase(PhaseRoll)),
				refused("red may not move", "§5", path(red, "red-1", "vancouver"))}},
		{name: "R3 die 1 before die 2", n: 2, seed: seedWhere(0, faces(5, 1)), build: func() *match { return fixture(2) },
			steps: []gametest.Step{ok("red rolls 3 and 1", act(red, ActRoll, nil), pool(4), check(func(tb testing.TB, m *match) {
				if m.dice != [2]int{3, 1} {
					tb.Fatalf("dice %v", m.dice)
				}
			}))}},
		{name: "R4 bases are never passed through", n: 4, build: func() *match {
			return fixture(4, at("anchorage", "red-1"), moving(3))
		}, steps: []gametest.Step{
			refused("through green's arrival base", "R4", path(red, "red-1", "arrival_green", "honolulu")),
			refused("through the own start base", "R4", path(red, "red-1", "start_red", "honolulu")),
			ok("around", goTo(red, "red-1", "honolulu"), where("red-1", "honolulu"), pool(1)),
		}},
		{name: "R5 any split, same agent twice, steps need not be used", n: 4, build: func() *match { return fixture(4, moving(5)) },
			steps: []gametest.Step{
				ok("red-1 one step", path(red, "red-1", "vancouver"), pool(4)),
				ok("red-1 again", path(red, "red-1", "chicago"), pool(3)),
				refused("four steps of three", "R5", path(red, "red-2", "vancouver", "chicago", "new_york", "dakar")),
				ok("end with steps left", act(red, ActEndTurn, nil), active(blue), pool(0)),
			}},
		{name: "R6 passing a full city is fine, stopping is not", n: 4, build: func() *match {
			return fixture(4, at("vancouver", "red-1", "red-2"), moving(2))
		}, steps: []gametest.Step{
			refused("a third into Vancouver", "R6", goTo(red, "red-3", "vancouver")),
			ok("through Vancouver", goTo(red, "red-3", "chicago"), where("red-3", "chicago")),
		}},
		{name: "R7 backtracking", n: 4, build: func() *match { return fixture(4, at("vancouver", "red-1"), moving(4)) },
			steps: []gametest.Step{
				ok("there and back", path(red, "red-1", "chicago", "vancouver"), where("red-1", "vancouver"), pool(2)),
				refused("a round trip by destination", "§6.1", goTo(red, "red-1", "vancouver")),
				ok("and again", path(red, "red-1", "honolulu", "vancouver"), pool(0)),
			}},
		{name: "R8 suitcases only on the way of a moving agent", n: 4, build: func() *match {
			return fixture(4, at("chicago", "red-1"), lying("green-B", "chicago"), lying("blue-C", "new_york"), moving(3))
		}, steps: []gametest.Step{
			refused("red-1 has not moved", "R8", act(red, ActSuitcase, Handle{Agent: "red-1", Pickup: "green-B"})),
			ok("takes green-B as it leaves", act(red, ActMove, Move{Agent: "red-1", To: "new_york",
				Via: []Stop{{City: "chicago", Pickup: "green-B"}}}), carries("red-1", "green-B")),
			ok("swaps it for blue-C where it stands", act(red, ActSuitcase, Handle{Agent: "red-1", Drop: true, Pickup: "blue-C"}),
				carries("red-1", "blue-C"), lies("green-B", "new_york")),
			refused("one suitcase at a time", "R8", act(red, ActSuitcase, Handle{Agent: "red-1", Pickup: "green-B"})),
			refused("nothing to put down", "R8", act(red, ActMove, Move{Agent: "red-2", To: "vancouver",
				Via: []Stop{{City: "vancouver", Drop: true}}})),
			refused("no suitcase handling in a base", "R8", act(red, ActMove, Move{Agent: "red-2", Path: []string{"vancouver"},
				Ops: []Op{{At: 0, Pickup: "green-B"}}})),
		}},
		{name: "R9 any four distinct cities, gateways included; bases are not cities", n: 4, build: newFour,
			steps: []gametest.Step{
				refused("a base", "R9", hide(red, "5 3 1 BOMB", "anchorage vancouver honolulu start_red")),
				ok("gateways", hide(red, "5 3 1 BOMB", "anchorage vancouver honolulu melbourne")),
			}},
		{name: "R10 the clue assignment is the owner's choice and stays secret", n: 4, build: newFour,
			steps: []gametest.Step{ok("red hides the bomb under A", hide(red, "BOMB 1 3 5", "lagos dakar paris cairo"),
				check(func(tb testing.TB, m *match) {
					if v := m.seatView(red); v.Clues["A"] != "BOMB" || v.Placement["A"] != "lagos" {
						tb.Fatalf("red's view %v %v", v.Clues, v.Placement)
					}
					for _, v := range gametest.Viewers(4)[1:] {
						if s := viewJSON(tb, m, v); strings.Contains(s, "BOMB") || strings.Contains(s, "lagos") {
							tb.Fatalf("%s sees red's setup: %s", gametest.Name(v), s)
						}
					}
				}))}},
		{name: "R11 a move by destination walks around enemies, or fights at the first", n: 4, build: func() *match {
			return fixture(4, fight...)
		}, steps: []gametest.Step{
			ok("around Chicago", goTo(red, "red-3", "new_york"), where("red-3", "new_york"), pool(0)),
		}},
		{name: "R11 no free route", n: 4, build: func() *match {
			return fixture(4, at("vancouver", "blue-1"), at("honolulu", "blue-2"), at("anchorage", "blue-3"), moving(3))
		}, steps: []gametest.Step{
			refused("all gateways held", "R11", goTo(red, "red-1", "chicago")),
			ok("fight at a gateway", goTo(red, "red-1", "vancouver"), phase(PhaseCards)),
		}},
		{name: "R12 cards are face down until both are in; once only; combatants only", n: 4,
			build: func() *match { return fixture(4, fight...) },
			steps: []gametest.Step{attack,
				refused("green is not fighting", "R12", play(green, 2)),
				ok("red plays 4", play(red, 4), check(func(tb testing.TB, m *match) {
					for _, v := range gametest.Viewers(4)[1:] {
						s := viewJSON(tb, m, v)
						if !strings.Contains(s, `"chosen":true`) || strings.Contains(s, `"sealed"`) {
							tb.Fatalf("%s: %s", gametest.Name(v), s)
						}
					}
					if v := m.seatView(red); v.Sealed == nil || *v.Sealed != 4 {
						tb.Fatalf("red's sealed card %v", v.Sealed)
					}
				})),
				refused("red again", "R12", play(red, 5)),
			}},
		{name: "R13 only a defender in the city may be chosen", n: 4, build: func() *match {
			return fixture(4, at("chicago", "blue-1", "blue-2"), at("vancouver", "red-3"), moving(1))
		}, steps: []gametest.Step{
			ok("enter", path(red, "red-3", "chicago"), phase(PhaseOrder)),
			refused("blue-3 is at home", "R13", act(red, ActDefender, Defender{Agent: "blue-3"})),
			refused("blue does not choose", "§6", act(blue, ActDefender, Defender{Agent: "blue-1"})),
		}},
		{name: "R14 0 against 0: the aggressor wins (a winning 0 does nothing more), the defender goes home", n: 4,
			build: func() *match { return fixture(4, fight...) },
			steps: []gametest.Step{attack, ok("red 0", play(red, 0)), ok("blue 0", play(blue, 0),
				where("blue-1", "start_blue"), where("red-3", "chicago"), bonusOf("red-3", 1))}},
		{name: "R15 a winner carrying a suitcase puts it down to loot", n: 4, build: func() *match {
			return fixture(4, append(fight, carrying("red-3", "red-B"), carrying("blue-1", "green-A"))...)
		}, steps: []gametest.Step{attack, ok("red 5", play(red, 5)), ok("blue 4", play(blue, 4), phase(PhaseLoot)),
			ok("red takes", act(red, ActLoot, Loot{Take: true}), carries("red-3", "green-A"), lies("red-B", "chicago"))}},
		{name: "R15 leaving the loot", n: 4, build: func() *match {
			return fixture(4, append(fight, carrying("blue-1", "green-A"))...)
		}, steps: []gametest.Step{attack, ok("red 5", play(red, 5)), ok("blue 4", play(blue, 4)),
			ok("red leaves it", act(red, ActLoot, Loot{Take: false}), carries("red-3", ""), lies("green-A", "chicago"),
				phase(PhaseMove))}},
		{name: "R16 the bonus step is spent before the pool", n: 4, build: func() *match { return fixture(4, fight...) },
			steps: []gametest.Step{attack, ok("red 5", play(red, 5)), ok("blue 1", play(blue, 1), bonusOf("red-3", 1), pool(2)),
				ok("red-3 walks two", path(red, "red-3", "new_york", "dakar"), bonusOf("red-3", 0), pool(1))}},
		{name: "R17 a lost attack forfeits bonus steps won earlier", n: 4, build: func() *match {
			return fixture(4, at("chicago", "blue-1"), at("montreal", "blue-2"), at("vancouver", "red-3"), at("anchorage", "red-4"),
				moving(3))
		}, steps: []gametest.Step{
			ok("red-3 attacks", path(red, "red-3", "chicago")), ok("red 5", play(red, 5)), ok("blue 1", play(blue, 1)),
			ok("red-4 attacks", path(red, "red-4", "montreal")), ok("red 1", play(red, 1)),
			ok("blue 4", play(blue, 4), bonusOf("red-3", 0), pool(0), active(blue)),
		}},
		{name: "R18 an opponent's suitcase counts for the deliverer", n: 4, build: func() *match {
			return fixture(4, at("melbourne", "red-1"), carrying("red-1", "yellow-B"), moving(1))
		}, steps: []gametest.Step{ok("red-1 delivers", path(red, "red-1", "arrival_red"), secrets(red, 3),
			secrets(yellow, 0), lies("yellow-B", ""), carries("red-1", ""))}},
		{name: "R19 an opponent's suitcase among the first three lifts the rule", n: 4, build: func() *match {
			return fixture(4, delivered(red, "red-C", "blue-C"), at("melbourne", "red-1"), carrying("red-1", "red-B"), moving(1))
		}, steps: []gametest.Step{ok("a third of red's own", path(red, "red-1", "arrival_red"), secrets(red, 5))}},
		{name: "R20 a bomb with two agents: only the courier", n: 4, build: func() *match {
			return fixture(4, out("red-3", "red-4", "red-5", "red-6", "red-7"), at("melbourne", "red-1"),
				carrying("red-1", "green-D"), moving(1))
		}, steps: []gametest.Step{ok("red-1 delivers the bomb", path(red, "red-1", "arrival_red"), phase(PhaseMove),
			where("red-1", ""), where("red-2", "start_red"))}},
		{name: "R20 a bomb on the last agent ends the turn", n: 4, build: func() *match {
			return fixture(4, out("red-2", "red-3", "red-4", "red-5", "red-6", "red-7"), at("melbourne", "red-1"),
				carrying("red-1", "green-D"), moving(1))
		}, steps: []gametest.Step{ok("red-1 delivers the bomb", path(red, "red-1", "arrival_red"), active(blue))}},
		{name: "R21 a delivered bomb counts as a delivery", n: 4, build: func() *match {
			return fixture(4, delivered(red, "red-A", "blue-D"), at("melbourne", "red-1"), carrying("red-1", "red-B"), moving(1))
		}, steps: []gametest.Step{ok("a third of red's own after the bomb", path(red, "red-1", "arrival_red"), secrets(red, 8))}},
		{name: "R22 10 secrets win at once, even mid-fight of the turn", n: 4, build: func() *match {
			return fixture(4, delivered(red, "green-A", "blue-C"), at("suva", "red-1"), carrying("red-1", "yellow-A"),
				at("melbourne", "red-2"), moving(3))
		}, steps: []gametest.Step{ok("red reaches 11", path(red, "red-1", "arrival_red"), phase(PhaseOver), winners(red),
			check(func(tb testing.TB, m *match) {
				if v := m.tableView(game.TableViewer()); !strings.Contains(viewJSON(tb, m, game.TableViewer()), `"clue":"BOMB"`) || v.Over == nil {
					tb.Fatalf("clues are not all shown at the end")
				}
			}))}},
		{name: "R23 nobody in play: the most secrets win", n: 2, build: func() *match {
			return fixture(2, delivered(1, "red-C"), out("green-1", "green-2", "green-3", "green-4", "green-5", "green-6", "green-7"),
				out("red-2", "red-3", "red-4", "red-5", "red-6", "red-7"), at("melbourne", "red-1"), carrying("red-1", "green-D"),
				moving(1))
		}, steps: []gametest.Step{ok("red's last agent opens a bomb", path(red, "red-1", "arrival_red"), phase(PhaseOver),
			winners(1))}},
		{name: "R24 a player without agents is skipped but keeps their secrets", n: 4, build: func() *match {
			return fixture(4, delivered(blue, "red-A"), out("blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "blue-7"), moving(1))
		}, steps: []gametest.Step{ok("red ends", act(red, ActEndTurn, nil), active(green), secrets(blue, 5))}},
		{name: "R27 no transfers between players", n: 4, build: func() *match { return fixture(4, moving(2)) },
			steps: []gametest.Step{{Name: "give", Action: act(red, "give", nil), Code: game.CodeUnknown}}},
	}
}

func TestRulings(t *testing.T) {
	t.Parallel()
	run(t, rulingScenarios())
}

// TestR25_TwoPlayersDiagonal checks R25: two players take red and green,
// so each arrival base lies behind the other's start base.
func TestR25_TwoPlayersDiagonal(t *testing.T) {
	t.Parallel()
	st, err := Rules{}.New(setupFor(2, 0, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got := st.(game.Colourer).SeatColours(); !slices.Equal(got, []string{"red", "green"}) {
		t.Fatalf("colours %v", got)
	}
	for _, c := range []Colour{Red, Green} {
		other := Green + Red - c
		if dist(world.start[other], world.arrival[c]) != 2 {
			t.Errorf("%s's arrival base is not behind %s's start base", c, other)
		}
	}
}

// TestR26_TiesRollAgain checks R26 with scripted dice: only the tied
// highest roll again, in colour order, until one is highest.
func TestR26_TiesRollAgain(t *testing.T) {
	t.Parallel()
	m := fixture(4)
	m.firstRolls = nil
	throws := [][2]int{{3, 3}, {1, 0}, {3, 3}, {2, 4}, {2, 2}, {1, 3}, {3, 0}, {0, 1}, {2, 1}}
	i := 0
	got := m.firstPlayer(func() (int, int) { i++; return throws[i-1][0], throws[i-1][1] })
	if got != green || i != 9 || len(m.firstRolls) != 3 || len(m.firstRolls[2]) != 2 {
		t.Fatalf("first player %d after %d throws, rounds %v", got, i, m.firstRolls)
	}
}

// TestR3_OnlyRollsDrawRandomness applies every non-roll action of a
// fight under two different random streams: the outcomes are identical.
func TestR3_OnlyRollsDrawRandomness(t *testing.T) {
	t.Parallel()
	log := []game.Action{path(red, "red-3", "chicago"), play(red, 2), play(blue, 2), goTo(red, "red-3", "new_york"),
		act(red, ActEndTurn, nil)}
	var views []string
	for _, seed := range []byte{1, 2} {
		m := fixture(4, at("chicago", "blue-1"), at("vancouver", "red-3"), moving(3))
		for i, a := range log {
			if err := game.Step(m, game.Seed{seed}, i, a); err != nil {
				t.Fatal(err)
			}
		}
		views = append(views, viewJSON(t, m, game.OmniscientViewer()))
	}
	if views[0] != views[1] {
		t.Fatalf("outcomes differ:\n%s\n%s", views[0], views[1])
	}
}

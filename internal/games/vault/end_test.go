package vault

import (
	"reflect"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// result asserts the deal's points and winners.
func result(points []int, winners ...game.Seat) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		res, over := m.Result()
		if !over {
			tb.Fatalf("Result: not over")
		}
		if !slices.Equal(res.Points, points) || !slices.Equal(res.Winners, winners) {
			tb.Fatalf("points %v winners %v, want %v %v", res.Points, res.Winners, points, winners)
		}
	}
}

// overStep is an action after the deal's end: refused as match_over; then th run.
func overStep(th ...then) step {
	return func(*match) gametest.Step {
		return gametest.Step{Name: "after the end", Action: act(anna, ActBoom, nil, 1), Code: game.CodeOver, Then: thenAll(th)}
	}
}

// v24Safe is V-24's safe: x1 {D10, D25, AG}, x2 {(D20, D20), (D30, AG)}, 1 missed Boom.
func v24Safe(s int) []func(*match) {
	return []func(*match){
		banked(s, []Rank{D10, D25, Agent}, [2]Rank{D20, D20}, [2]Rank{D30, Agent}),
		missedBooms(s, 1),
	}
}

func TestScenarios_EndOfDeal(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "V-23 last trick: everything left is banked, the deal ends", m: fixture(4,
			holding(anna, D15), holding(bram, Mole), holding(carla, D10), holding(daan, Agent),
			staked(bram, D25), staked(carla, Agent)),
			steps: steps(
				plays(0, "D15 MO D10 AG", phase(PhaseSteal)),
				ok("Bram passes", noSteal(bram, 100), phase(PhaseDealEnd), deciders(),
					x2(carla, "(AG,D10)=40"), x1(anna, "D15"), x1(bram, "D25"), x1(daan, "AG"),
					result([]int{15, 25, 40, 0}, carla),
					check(func(tb testing.TB, m *match) {
						if v := m.tableView(); v.Over == nil || len(v.Safes) != 4 || v.Timer != nil {
							tb.Fatalf("deal end view: over %v, %d safes, timer %v", v.Over, len(v.Safes), v.Timer)
						}
						if len(m.Next().Seats) != 0 || len(m.Next().Timers) != 0 || len(m.Legal(anna)) != 0 {
							tb.Fatalf("deal end still awaits %+v", m.Next())
						}
					})),
				overStep(),
			)},
		{name: "V-24 scoring: 10 + 25 + 0 + 80 + 120 − 50 = 185", m: fixture(4, append([]func(*match){dealEnd}, v24Safe(anna)...)...),
			steps: steps(overStep(result([]int{185, 0, 0, 0}, anna), check(func(tb testing.TB, m *match) {
				sv := m.seatView(bram).Safes[anna]
				if sv.X1Points != 35 || sv.X2Points != 200 || sv.Penalty != 50 || sv.Score != 185 {
					tb.Fatalf("Anna's opened safe %+v", sv)
				}
			})))},
		{name: "V-25 deal tie: both top scorers win, a negative score stands", m: fixture(4, v25()...),
			steps: steps(overStep(result([]int{185, 185, 120, -20}, anna, bram), check(func(tb testing.TB, m *match) {
				res, _ := m.Result()
				want := game.M("vault.result.shared", game.PS("who", []game.Seat{anna, bram}), game.N("n", 185))
				if !reflect.DeepEqual(res.Summary, want) {
					tb.Fatalf("summary %+v, want %+v", res.Summary, want)
				}
			})))},
		{name: "V-27 a commit is final; the reveal waits for all four", m: fixture(4),
			steps: steps(
				ok("Anna commits D10", commit(anna, D10, 100)),
				refused("Anna commits D30", "R4", commit(anna, D30, 200)),
				ok("Bram", commit(bram, D15, 300)),
				ok("Carla", commit(carla, D15, 400), phase(PhaseSelect), check(func(tb testing.TB, m *match) {
					v := m.tableView()
					if !v.Players[anna].Committed || v.Players[daan].Committed || v.Reveal != nil {
						tb.Fatalf("committed flags %+v, reveal %v", v.Players, v.Reveal)
					}
					if w := m.Next().Seats; len(w) != 1 || w[0] != daan {
						tb.Fatalf("awaiting %v, want Daan", w)
					}
				})),
				ok("Daan", commit(daan, D20, 500), phase(PhaseSecure), zone(anna, "D10")),
			)},
	})
}

// TestSeries pins what the engine owes a series (V-26, R19): each match is
// one deal, the room adds Result.Points (penalties included) and stops at
// Info().Series.Target; totals, ties at the target and "NextDeal" live in
// the room (house ruling H14).
func TestSeries(t *testing.T) {
	t.Parallel()
	t.Run("V-26 series target is 1200 points", func(t *testing.T) {
		if s := (Rules{}).Info().Series; s.Target != 1200 || s.Unit != "points" {
			t.Fatalf("series %+v, want 1200 points", s)
		}
	})
	t.Run("V-26 deal points, penalties included, add up to the totals", func(t *testing.T) {
		totals := []int{1185 - 185, 1210 - 185, 1250 - 120, 990 + 20}
		res, _ := fixture(4, v25()...).Result()
		for i, p := range res.Points {
			totals[i] += p
		}
		if !slices.Equal(totals, []int{1185, 1210, 1250, 990}) {
			t.Fatalf("totals %v", totals)
		}
	})
}

func v25() []func(*match) {
	return append(append([]func(*match){dealEnd}, v24Safe(anna)...), append(v24Safe(bram),
		banked(carla, nil, [2]Rank{D30, Agent}), banked(daan, []Rank{D30}), missedBooms(daan, 1))...)
}

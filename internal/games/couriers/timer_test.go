package couriers

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// timed restores the default time limits on a fixture.
func timed(m *match) { m.opts = DefaultOptions() }

// expiry is the System timeout for step k at time at.
func expiry(k int, at int64) game.Action {
	return game.Action{Seat: game.System, Type: ActTimeout, Data: mustJSON(Timeout{Step: k}), At: at}
}

// timerScenarios pin each waiting point's default (§10) and the refusal
// of stale, early or forged timeouts.
func timerScenarios() []scenario {
	turn, card := int64(DefaultOptions().TurnTimeoutMs), int64(DefaultOptions().CombatCardTimeoutMs)
	after := func(d int64) int64 { return gametest.Start + d } // deadlines count from the last action
	fight := []func(*match){timed, at("chicago", "blue-1"), at("vancouver", "red-3"), moving(3)}
	return []scenario{
		{name: "§10 roll: the dice are rolled", n: 4, seed: seedWhere(0, faces(3, 3)), build: func() *match { return fixture(4, timed) },
			steps: []gametest.Step{
				refused("not yet", "§10", expiry(1, turn-1)),
				refused("a player cannot time out", "§10", game.Action{Seat: red, Type: ActTimeout, Data: mustJSON(Timeout{Step: 1}), At: turn}),
				ok("time is up", expiry(1, turn), phase(PhaseMove), pool(4)),
				refused("stale", "§10", expiry(1, 2*turn)),
			}},
		{name: "§10 move: the turn ends", n: 4, build: func() *match { return fixture(4, timed, moving(3)) },
			steps: []gametest.Step{ok("time is up", expiry(1, turn), active(blue), phase(PhaseRoll))}},
		{name: "§10 order: the lower defender first", n: 4, build: func() *match {
			return fixture(4, timed, at("chicago", "blue-1", "blue-2"), at("vancouver", "red-3"), moving(1))
		}, steps: []gametest.Step{ok("red-3 enters", path(red, "red-3", "chicago")),
			ok("time is up", expiry(2, after(turn)), phase(PhaseCards), check(func(tb testing.TB, m *match) {
				if m.agentID(m.fight.defenders[0]) != "blue-1" {
					tb.Fatalf("defender %s", m.agentID(m.fight.defenders[0]))
				}
			}))}},
		{name: "§10 cards: the lowest card in hand", n: 4, build: func() *match { return fixture(4, append(fight, holding(blue, 2, 5))...) },
			steps: []gametest.Step{ok("red-3 enters", path(red, "red-3", "chicago")), ok("red 1", play(red, 1)),
				refused("not yet", "§10", expiry(3, after(card-1))),
				ok("time is up", expiry(3, after(card)), where("red-3", ""), cards(blue, []int{5}, []int{0, 0, 1, 3, 4, 2}))}},
		{name: "§10 cards: both late", n: 4, build: func() *match { return fixture(4, fight...) },
			steps: []gametest.Step{ok("red-3 enters", path(red, "red-3", "chicago")),
				ok("time is up", expiry(2, after(card)), where("blue-1", "start_blue"), bonusOf("red-3", 1))}},
		{name: "§10 loot: left lying", n: 4, build: func() *match { return fixture(4, append(fight, carrying("blue-1", "blue-A"))...) },
			steps: []gametest.Step{ok("red-3 enters", path(red, "red-3", "chicago")), ok("red 5", play(red, 5)), ok("blue 1", play(blue, 1)),
				ok("time is up", expiry(4, after(turn)), lies("blue-A", "chicago"), phase(PhaseMove))}},
		{name: "§10 bomb: agents at home first, then the lowest ids", n: 4, build: func() *match {
			return fixture(4, timed, at("melbourne", "red-1"), carrying("red-1", "green-D"), at("lagos", "red-2"),
				at("paris", "red-3", "red-4"), at("cairo", "red-5", "red-6"), moving(1))
		}, steps: []gametest.Step{ok("the bomb", path(red, "red-1", "arrival_red"), phase(PhaseBomb)),
			ok("time is up", expiry(2, after(turn)), where("red-7", ""), where("red-2", ""), where("red-3", ""),
				where("red-4", "paris"))}},
		{name: "§10 setup: hidden at random for the late", n: 2, build: func() *match {
			st, _ := Rules{}.New(setupFor(2, 3, nil))
			return st.(*match)
		}, steps: []gametest.Step{
			ok("red hides", hide(red, "5 3 1 BOMB", "lagos dakar paris cairo")),
			refused("green still has time", "§10", expiry(2, gametest.Start+180000-1)),
			ok("time is up", expiry(2, gametest.Start+180000), phase(PhaseRoll), check(func(tb testing.TB, m *match) {
				if !m.players[1].hidden || m.Invariant() != nil {
					tb.Fatalf("green's setup was not made")
				}
			})),
		}},
		{name: "§10 no limit, no timer", n: 4, build: func() *match { return fixture(4, moving(1)) },
			steps: []gametest.Step{refused("nothing runs", "§10", expiry(1, 1<<40))}},
	}
}

func TestTimers(t *testing.T) {
	t.Parallel()
	run(t, timerScenarios())
}

// TestNext_Timers checks that Next arms exactly the running limit, for the right seats.
func TestNext_Timers(t *testing.T) {
	t.Parallel()
	m := fixture(4, timed, at("chicago", "blue-1"), at("vancouver", "red-3"), moving(3))
	m.Apply(path(red, "red-3", "chicago"), game.RandFor(game.Seed{}, 1))
	next := m.Next()
	if len(next.Seats) != 2 || len(next.Timers) != 1 || next.Timers[0].At != gametest.Start+30000 {
		t.Fatalf("next %+v", next)
	}
	if err := m.Check(next.Timers[0].Fires); err == nil {
		t.Fatalf("a timer fires before its time")
	}
}

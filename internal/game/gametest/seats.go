package gametest

import (
	"testing"

	"topsecret/internal/game"
)

// Seats is a Chooser that asks bots[s] for seat s, starting at a random
// seat, and plays the first action offered. A nil bot is an absent player
// who never acts: only the game's timers play for that seat.
func Seats(bots ...game.Bot) Chooser {
	return func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
		first := r.IntN(n)
		for i := range n {
			s := (first + i) % n
			if s >= len(bots) || bots[s] == nil {
				continue
			}
			if a, ok := bots[s].Act(st, game.Seat(s), now, r); ok {
				return a, true
			}
		}
		return game.Action{}, false
	}
}

// Run plays setup to the end with pick, firing due timers like the room,
// and returns the final state and the log. Unlike Play it checks only that
// every action is legal, so statistics over hundreds of matches stay fast.
func Run(tb testing.TB, rules game.Rules, setup game.Setup, pick Chooser, maxSteps int) (game.State, []game.Action) {
	tb.Helper()
	st, err := rules.New(setup)
	if err != nil {
		tb.Fatalf("new: %v", err)
	}
	r := game.RandFor(setup.Seed, 1<<40)
	now := Start
	var log []game.Action
	for idle := 0; ; {
		if _, over := st.Result(); over {
			return st, log
		}
		if len(log) >= maxSteps || idle > 100000 {
			tb.Fatalf("no result after %d actions", len(log))
		}
		a, ok := nextAction(tb, st, setup.Seats, &now, r, pick)
		if !ok {
			idle++
			continue
		}
		idle = 0
		st.Apply(a, game.RandFor(setup.Seed, len(log)+1))
		log = append(log, a)
		now += int64(r.IntN(400))
	}
}

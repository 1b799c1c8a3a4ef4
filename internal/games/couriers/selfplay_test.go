package couriers_test

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"topsecret/internal/games/couriers"
	"topsecret/internal/selfplay"
)

// matches is how many bot games TestSelfplay plays per player count. The
// full audit (replay from the stored log, invariant and leak checks after
// every action) costs about 0.15–0.45 s of CPU per game, so the 300-game
// run is asked for explicitly:
//
//	go test ./internal/games/couriers/ -run TestSelfplay -timeout 60m -args -selfplay=300
var matches = flag.Int("selfplay", 0, "bot games per player count in TestSelfplay (0 = 8, or 3 with -short)")

// TestSelfplay plays whole bot games through the platform's selfplay for
// 2, 3 and 4 players: every action replayed from the stored log, the
// invariant (agents and suitcases conserved, hands whole, stacks legal)
// and the leak check (no clue or face-down card in a view that may not
// see it) after every action, and a full replay at the end.
func TestSelfplay(t *testing.T) {
	t.Parallel()
	n := *matches
	switch {
	case n > 0:
	case testing.Short():
		n = 3
	default:
		n = 8
	}
	for players := couriers.MinPlayers; players <= couriers.MaxPlayers; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			t.Parallel()
			sum := selfplay.Run(context.Background(), selfplay.Config{Rules: couriers.Rules{}, Players: players,
				Matches: n, Seed: int64(players)})
			if sum.InvariantFailures > 0 || sum.Finished != n {
				t.Fatalf("%d of %d finished, %d failures: %v", sum.Finished, n, sum.InvariantFailures, sum.Failures)
			}
			t.Logf("%d players: %d games, %d actions (%d by timers), %.1f s, wins by seat %v, %v",
				players, sum.Matches, sum.Actions, sum.TimerActions, sum.Seconds, sum.Wins, sum.Stats)
		})
	}
}

package couriers_test

import (
	"flag"
	"testing"

	"topsecret/internal/game/gametest"
	"topsecret/internal/games/couriers"
)

// matches is how many bot games TestSelfplay plays per player count. The
// full audit (replay from the stored log, invariant and leak checks after
// every action) costs about 0.15–0.45 s of CPU per game, so the 300-game
// run is asked for explicitly:
//
//	go test ./internal/games/couriers/ -run TestSelfplay -timeout 60m -args -selfplay=300
var matches = flag.Int("selfplay", 8, "bot games per player count in TestSelfplay (3 with -short)")

// TestSelfplay plays whole bot games through the platform's selfplay for
// 2, 3 and 4 players: the invariant (agents and suitcases conserved, hands
// whole, stacks legal) and the leak check (no clue or face-down card in a
// view that may not see it) after every action.
func TestSelfplay(t *testing.T) {
	t.Parallel()
	gametest.Selfplay(t, couriers.Rules{}, gametest.Seeds(*matches, 3), nil)
}

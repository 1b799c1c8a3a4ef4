package embassy_test

import (
	"flag"
	"testing"

	"topsecret/internal/game/gametest"
	"topsecret/internal/games/embassy"
	"topsecret/internal/selfplay"
)

// games is how many bot games TestSelfplay plays per player count. The
// default keeps the suite quick; the thousand-game runs in
// docs/benchmarks.md ask for more:
//
//	go test ./internal/games/embassy/ -run TestSelfplay -timeout 60m -args -selfplay=1000
var games = flag.Int("selfplay", 40, "bot games per player count in TestSelfplay (10 with -short)")

// TestSelfplay plays bot games for each player count through the
// platform's selfplay: the invariant (every card in play in exactly one
// place, pieces where pieces may stand) and the leak check (no view
// changes with what only another seat, or nobody, may see) after every
// action. The bots must also play the memory game: at least 40% right
// guesses, where chance gives 25–33%.
func TestSelfplay(t *testing.T) {
	t.Parallel()
	gametest.Selfplay(t, embassy.Rules{}, gametest.Seeds(*games, 10), func(t *testing.T, sum selfplay.Summary) {
		right, wrong := sum.Stats["right_guesses"], sum.Stats["wrong_guesses"]
		if right+wrong == 0 || 5*right < 2*(right+wrong) {
			t.Errorf("bots guessed right %d times, wrong %d times", right, wrong)
		}
	})
}

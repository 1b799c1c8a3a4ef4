package embassy_test

import (
	"context"
	"flag"
	"fmt"
	"testing"

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
// platform's selfplay, which replays every step from the stored
// log, runs the invariant (every card in play in exactly one place, pieces
// where pieces may stand) and the leak check (no view changes with what
// only another seat, or nobody, may see) after every action. Each count
// runs in two halves so both cores stay busy. The bots must also play the
// memory game: at least 40% right guesses, where chance gives 25–33%.
func TestSelfplay(t *testing.T) {
	t.Parallel()
	matches := *games / 2
	if testing.Short() {
		matches = 5
	}
	for n := embassy.MinPlayers; n <= embassy.MaxPlayers; n++ {
		for half := range 2 {
			t.Run(fmt.Sprintf("%dp-%d", n, half), func(t *testing.T) {
				t.Parallel()
				sum := selfplay.Run(context.Background(), selfplay.Config{Rules: embassy.Rules{}, Players: n,
					Matches: matches, Seed: int64(10*n + half)})
				if sum.Finished != matches || sum.InvariantFailures != 0 {
					t.Fatalf("%d of %d finished, %d failures: %v", sum.Finished, matches, sum.InvariantFailures, sum.Failures)
				}
				right, wrong := sum.Stats["right_guesses"], sum.Stats["wrong_guesses"]
				if right+wrong == 0 || 5*right < 2*(right+wrong) {
					t.Errorf("bots guessed right %d times, wrong %d times", right, wrong)
				}
				t.Logf("%d players: %d actions, %.1fs, wins %v, stats %v", n, sum.Actions, sum.Seconds, sum.Wins, sum.Stats)
			})
		}
	}
}

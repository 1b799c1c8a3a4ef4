package inkognito

import (
	"maps"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// setupFor is an n-seat game with the given seed, helper level and further options.
func setupFor(n, seed int, helper string, more ...map[string]any) game.Setup {
	opts := map[string]any{"helper": helper}
	for _, m := range more {
		maps.Copy(opts, m)
	}
	return gametest.SetupFor(Rules{}, n, seed, opts)
}

// Every setting outside its declared range is refused in words.
func TestOptionBounds(t *testing.T) { gametest.OptionBounds(t, Rules{}) }

// TestRandomPlay plays random legal moves over many seeds × 3–5 players.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		steps := 0
		for seed := range gametest.Seeds(40, 4) {
			log := gametest.Play(t, Rules{}, setupFor(n, seed, HelperFull), gametest.RandomMoves,
				gametest.Options{MaxSteps: 20000, LeakEvery: 4})
			steps += len(log)
		}
		t.Logf("%d actions", steps)
	})
}

// TestBotPlay fills every seat with a bot over many seeds × 3–5 players and
// checks that bots end their games by calling, mostly correctly.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		games, dials, correct, steps := 0, 0, 0, 0
		for seed := range gametest.Seeds(50, 5) {
			setup := setupFor(n, 1000+seed, HelperOff)
			log, st := gametest.BotPlay(t, Rules{}, setup, gametest.Options{MaxSteps: 20000, LeakEvery: 5})
			d, c := DialStats(st)
			games, dials, correct, steps = games+1, dials+d, correct+c, steps+len(log)
		}
		t.Logf("%d games, %d calls, %d correct, %d actions", games, dials, correct, steps)
		if correct*10 < dials*9 {
			t.Errorf("bots called correctly %d times of %d", correct, dials)
		}
	})
}

package vault

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// setupFor is an n-seat deal with the given seed and options (nil = defaults).
func setupFor(n, seed int, opts map[string]any) game.Setup {
	return gametest.SetupFor(Rules{}, n, seed, opts)
}

// Every setting outside its declared range is refused in words.
func TestOptionBounds(t *testing.T) { gametest.OptionBounds(t, Rules{}) }

// withSelectTimer is the option set that arms the select timer, so random
// play also exercises auto-commits.
var withSelectTimer = map[string]any{"selectTimeoutMs": 10000}

// TestRandomPlay plays random legal moves for many seeds × 2–6 players, every
// harness check on, half of the seeds with the select timer armed.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		for seed := range gametest.Seeds(50, 8) {
			var opts map[string]any
			if seed%2 == 1 {
				opts = withSelectTimer
			}
			gametest.Play(t, Rules{}, setupFor(n, seed, opts), gametest.RandomMoves,
				gametest.Options{MaxSteps: 2000, LeakEvery: 4})
		}
	})
}

// TestBotPlay fills every seat with a bot for many seeds × 2–6 players and
// checks that bots steal, shout in time and score.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		steals, pairs, total := 0, 0, 0
		for seed := range gametest.Seeds(60, 8) {
			setup := setupFor(n, 1000+seed, nil)
			log, st := gametest.BotPlay(t, Rules{}, setup, gametest.Options{MaxSteps: 2000, LeakEvery: 4})
			m := st.(*match)
			for _, a := range log {
				if a.Type == ActSteal {
					steals++
				}
			}
			for _, p := range m.players {
				if p.missed > 0 {
					t.Fatalf("seed %d: a bot forgot to shout Boom", seed)
				}
				pairs += len(p.x2)
			}
			total++
		}
		if steals == 0 || pairs == 0 {
			t.Errorf("%d bot deals: %d steals, %d pairs", total, steals, pairs)
		}
	})
}

package embassy

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// setupFor is an n-seat match with the given seed and options (nil = defaults).
func setupFor(n, seed int, opts map[string]any) game.Setup {
	return gametest.SetupFor(Rules{}, n, seed, opts)
}

// Every setting outside its declared range is refused in words.
func TestOptionBounds(t *testing.T) { gametest.OptionBounds(t, Rules{}) }

// fastTimers makes time limits short, so random play also runs out of time.
var fastTimers = map[string]any{"turnTimeoutMs": 10000, "choiceTimeoutMs": 5000, "revealMs": 2000}

// TestRandomPlay plays random legal moves for many seeds × 2–4 players with
// every harness check on; random play rarely collects four of a kind, so
// each match stops after a bounded number of actions.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		for seed := range gametest.Seeds(8, 2) {
			opts := map[string]any(nil)
			if seed%2 == 1 {
				opts = fastTimers
			}
			gametest.Play(t, Rules{}, setupFor(n, seed, opts), capped(gametest.RandomMoves, 300),
				gametest.Options{MaxSteps: 100000, LeakEvery: 2})
		}
	})
}

// capped lets pick choose until the log is limit long, then the bot
// finishes the match, so random play still ends.
func capped(pick gametest.Chooser, limit int) gametest.Chooser {
	steps := 0
	bot := gametest.BotMoves(Bot{})
	return func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
		steps++
		if steps > limit {
			return bot(st, n, now, r)
		}
		return pick(st, n, now, r)
	}
}

// TestBotPlay fills every seat with a bot for several seeds × 2–4 players
// (selfplay_test.go plays hundreds more) and checks that the bots play the
// memory game: they challenge, and guess right far more often than chance.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		stats := map[string]int{}
		for seed := range gametest.Seeds(8, 2) {
			setup := setupFor(n, 1000+seed, nil)
			_, st := gametest.BotPlay(t, Rules{}, setup, gametest.Options{MaxSteps: 20000, LeakEvery: 3})
			for k, v := range st.(game.Reporter).Report() {
				stats[k] += v
			}
		}
		right, guesses := stats["right_guesses"], stats["right_guesses"]+stats["wrong_guesses"]
		t.Logf("%d players: %v", n, stats)
		if guesses == 0 || float64(right)/float64(guesses) < 0.45 {
			t.Errorf("bots guessed right %d times of %d", right, guesses)
		}
	})
}

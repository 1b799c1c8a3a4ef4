package wink

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// setupFor is an n-seat match in mode with the given seed.
func setupFor(n int, mode string, seed int) game.Setup {
	return gametest.SetupFor(Rules{}, n, seed, map[string]any{"mode": mode})
}

// Every setting outside its declared range is refused in words.
func TestOptionBounds(t *testing.T) { gametest.OptionBounds(t, Rules{}) }

// eachMode runs play for both modes and every player count. The suite
// keeps to tens of seeds (10 with -short) so CI stays quick on two cores;
// `topsecret selfplay` plays thousands with the same checks.
func eachMode(t *testing.T, play func(t *testing.T, mode string, n int)) {
	for _, mode := range []string{ModeTable, ModeRemote} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			gametest.EachCount(t, Rules{}, func(t *testing.T, n int) { play(t, mode, n) })
		})
	}
}

// TestRandomPlay plays random legal moves for 40 seeds × 4–8 players × both modes.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, mode string, n int) {
		for seed := range gametest.Seeds(40, 10) {
			gametest.Play(t, Rules{}, setupFor(n, mode, seed), gametest.RandomMoves,
				gametest.Options{MaxSteps: 20000, LeakEvery: 7})
		}
	})
}

// TestBotPlay fills every seat with a bot for 60 seeds × 4–8 players × both modes.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, mode string, n int) {
		claims, total := 0, 0
		for seed := range gametest.Seeds(60, 10) {
			log := gametest.Play(t, Rules{}, setupFor(n, mode, 1000+seed), gametest.BotMoves(Bot{}),
				gametest.Options{MaxSteps: 20000, LeakEvery: 7})
			for _, a := range log {
				if a.Type == ActClaim {
					claims++
				}
			}
			total++
		}
		if mode == ModeRemote && claims == 0 {
			t.Errorf("bots never claimed in %d remote games", total)
		}
	})
}

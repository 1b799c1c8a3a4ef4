package wink

import (
	"encoding/json"
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func setupFor(n int, mode string, seed int) game.Setup {
	var s game.Seed
	s[0], s[1], s[2] = byte(seed), byte(seed>>8), byte(n)
	opts, _ := json.Marshal(map[string]any{"mode": mode})
	return game.Setup{Game: "wink", Seats: n, Seed: s, Options: opts}
}

// seedsFor is the number of seeds per player count and mode, 10 with
// -short. The suite keeps to tens of seeds so CI stays quick on two cores;
// `topsecret selfplay` plays thousands with the same checks.
func seedsFor(full int) int {
	if testing.Short() {
		return 10
	}
	return full
}

// TestRandomPlay plays random legal moves for 40 seeds × 4–8 players × both modes.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{ModeTable, ModeRemote} {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			t.Run(fmt.Sprintf("%s/%d", mode, n), func(t *testing.T) {
				t.Parallel()
				for seed := range seedsFor(40) {
					gametest.Play(t, Rules{}, setupFor(n, mode, seed), gametest.RandomMoves,
						gametest.Options{MaxSteps: 20000, LeakEvery: 7})
				}
			})
		}
	}
}

// TestBotPlay fills every seat with a bot for 60 seeds × 4–8 players × both modes.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{ModeTable, ModeRemote} {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			t.Run(fmt.Sprintf("%s/%d", mode, n), func(t *testing.T) {
				t.Parallel()
				claims, total := 0, 0
				for seed := range seedsFor(60) {
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
	}
}

package inkognito

import (
	"encoding/json"
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func setupFor(n, seed int, helper string) game.Setup {
	var s game.Seed
	s[0], s[1], s[2] = byte(seed), byte(seed>>8), byte(n)
	opts, _ := json.Marshal(map[string]any{"helper": helper})
	return game.Setup{Game: "inkognito", Seats: n, Seed: s, Options: opts, Started: gametest.Start}
}

// seedsFor is the number of seeds per player count: full normally, a tenth with -short.
func seedsFor(full int) int {
	if testing.Short() {
		return max(full/10, 3)
	}
	return full
}

// TestRandomPlay plays random legal moves over many seeds × 3–5 players.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			t.Parallel()
			steps := 0
			for seed := range seedsFor(40) {
				log := gametest.Play(t, Rules{}, setupFor(n, seed, HelperFull), gametest.RandomMoves,
					gametest.Options{MaxSteps: 20000, LeakEvery: 4})
				steps += len(log)
			}
			t.Logf("%d actions", steps)
		})
	}
}

// TestBotPlay fills every seat with a bot over many seeds × 3–5 players and
// checks that bots end their games by calling, mostly correctly.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			t.Parallel()
			games, dials, correct, steps := 0, 0, 0, 0
			for seed := range seedsFor(50) {
				setup := setupFor(n, 1000+seed, HelperOff)
				log := gametest.Play(t, Rules{}, setup, gametest.BotMoves(Bot{}),
					gametest.Options{MaxSteps: 20000, LeakEvery: 5})
				st, err := game.Replay(Rules{}, setup, log)
				if err != nil {
					t.Fatal(err)
				}
				d, c := DialStats(st)
				games, dials, correct, steps = games+1, dials+d, correct+c, steps+len(log)
			}
			t.Logf("%d games, %d calls, %d correct, %d actions", games, dials, correct, steps)
			if correct*10 < dials*9 {
				t.Errorf("bots called correctly %d times of %d", correct, dials)
			}
		})
	}
}

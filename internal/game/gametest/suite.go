package gametest

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/selfplay"
)

// SetupFor is an n-seat match of rules on seed, with options (nil: the
// game's defaults), started at Start. The seed holds the player count, so
// each count plays its own deals.
func SetupFor(rules game.Rules, n, seed int, opts map[string]any) game.Setup {
	var s game.Seed
	s[0], s[1], s[2] = byte(seed), byte(seed>>8), byte(n)
	var raw json.RawMessage
	if opts != nil {
		raw, _ = json.Marshal(opts)
	}
	return game.Setup{Game: rules.Info().Slug, Seats: n, Seed: s, Options: raw, Started: Start}
}

// Seeds is how many seeds a test plays per player count: full, or short
// with -short, so the inner loop stays quick on two cores.
func Seeds(full, short int) int {
	if testing.Short() {
		return min(full, short)
	}
	return full
}

// EachCount runs play as a parallel subtest for every player count rules
// allows, named by the count.
func EachCount(t *testing.T, rules game.Rules, play func(t *testing.T, n int)) {
	t.Helper()
	info := rules.Info()
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			play(t, n)
		})
	}
}

// Pinned is a match kept in testdata/golden, played afresh when the
// golden files are recorded again.
type Pinned struct {
	Name  string
	Setup game.Setup
	// Pick plays the match; nil lets the game's bot play every seat.
	Pick Chooser
}

// KeepGolden checks the matches of testdata/golden: each step's views and
// the final views replay as recorded. With update it first plays every
// pinned match afresh (at most maxSteps actions) and records it.
func KeepGolden(t *testing.T, rules game.Rules, pinned []Pinned, maxSteps int, update bool) {
	t.Helper()
	dir := filepath.Join("testdata", "golden")
	if update {
		for _, p := range pinned {
			pick := p.Pick
			if pick == nil {
				bot, ok := game.BotFor(rules)
				if !ok {
					t.Fatalf("%s: no bot to play it", p.Name)
				}
				pick = BotMoves(bot)
			}
			log := RandomPlay(t, rules, p.Setup, maxSteps, pick)
			WriteGolden(t, filepath.Join(dir, p.Name+".json"), rules, p.Setup, log)
		}
	}
	Golden(t, rules, dir, update)
}

// Selfplay plays matches bot games for every player count through the
// platform's selfplay, which replays every action from the stored log and
// checks the invariant and the leaks after each. Each count runs in two
// halves so both cores stay busy. It fails on any failure or unfinished
// game; check, when given, judges each half's summary (how well the bots
// play).
func Selfplay(t *testing.T, rules game.Rules, matches int, check func(t *testing.T, sum selfplay.Summary)) {
	t.Helper()
	info := rules.Info()
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		for half := range 2 {
			games := (matches + 1 - half) / 2
			t.Run(fmt.Sprintf("%dp-%d", n, half), func(t *testing.T) {
				t.Parallel()
				sum := selfplay.Run(context.Background(), selfplay.Config{Rules: rules, Players: n,
					Matches: games, Seed: int64(10*n + half)})
				if sum.Finished != games || sum.InvariantFailures != 0 {
					t.Fatalf("%d of %d finished, %d failures: %v", sum.Finished, games, sum.InvariantFailures, sum.Failures)
				}
				if check != nil {
					check(t, sum)
				}
				t.Logf("%d players: %d games, %d actions (%d by timers), %.1f s, wins by seat %v, %v",
					n, sum.Matches, sum.Actions, sum.TimerActions, sum.Seconds, sum.Wins, sum.Stats)
			})
		}
	}
}

// BotPlay plays setup with the game's bot at every seat and every harness
// check on (Play with o), and returns the log and the state it replays to,
// for a game's counts of how well its bots play.
func BotPlay(t *testing.T, rules game.Rules, setup game.Setup, o Options) ([]game.Action, game.State) {
	t.Helper()
	bot, ok := game.BotFor(rules)
	if !ok {
		t.Fatalf("%s has no bot", setup.Game)
	}
	log := Play(t, rules, setup, BotMoves(bot), o)
	st, err := game.Replay(rules, setup, log)
	if err != nil {
		t.Fatal(err)
	}
	return log, st
}

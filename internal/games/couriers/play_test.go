package couriers

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

// untimed switches every time limit off, so random play is not cut short by timeouts.
var untimed = map[string]any{"setupTimeoutMs": 0, "turnTimeoutMs": 0, "combatCardTimeoutMs": 0}

// TestRandomPlay plays random legal moves for many seeds × 2–4 players with
// every harness check on; half of the seeds keep the default time limits,
// so timeouts fire too.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		for seed := range gametest.Seeds(8, 2) {
			var opts map[string]any
			if seed%2 == 1 {
				opts = untimed
			}
			gametest.Play(t, Rules{}, setupFor(n, seed, opts), randomCourier,
				gametest.Options{MaxSteps: 30000, LeakEvery: 7, ReplayEvery: 0})
		}
	})
}

// randomCourier plays a random legal move of a random seat half of the
// time and the bot's choice otherwise: purely random agents wander for
// thousands of turns, while half-random ones still try every kind of odd
// move (random setups, cards, victims, loot) yet finish a game.
func randomCourier(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	if r.IntN(2) == 0 {
		return gametest.RandomMoves(st, n, now, r)
	}
	return gametest.BotMoves(Bot{})(st, n, now, r)
}

// TestBotPlay fills every seat with a bot for many seeds × 2–4 players,
// with the harness's replay, leak and invariant checks.
func TestBotPlay(t *testing.T) {
	t.Parallel()
	gametest.EachCount(t, Rules{}, func(t *testing.T, n int) {
		wins, exhausted := 0, 0
		for seed := range gametest.Seeds(6, 2) {
			setup := setupFor(n, 1000+seed, nil)
			_, st := gametest.BotPlay(t, Rules{}, setup, gametest.Options{MaxSteps: 20000, LeakEvery: 5})
			if st.(*match).end.kind == endWin {
				wins++
			} else {
				exhausted++
			}
		}
		t.Logf("%d players: %d wins, %d exhausted", n, wins, exhausted)
		if wins == 0 {
			t.Errorf("bots never reached 10 secrets")
		}
	})
}

// TestAbsentPlayer plays bots against a seat whose player never acts: the
// default time limits play its setup, rolls, turn ends, cards, loot and
// bomb victims (§10), and the match still ends, every harness check on.
func TestAbsentPlayer(t *testing.T) {
	t.Parallel()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		setup := setupFor(n, 2000+n, nil)
		absent := game.Seat(n - 1)
		pick := func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
			for s := range game.Seat(n) {
				if s == absent {
					continue
				}
				if a, ok := (Bot{}).Act(st, s, now, r); ok {
					return a, true
				}
			}
			return game.Action{}, false
		}
		log := gametest.Play(t, Rules{}, setup, pick, gametest.Options{MaxSteps: 20000, LeakEvery: 5})
		timeouts := 0
		for _, a := range log {
			if a.Type == ActTimeout {
				timeouts++
			}
		}
		if timeouts == 0 {
			t.Errorf("%d players: no timeout fired", n)
		}
	}
}

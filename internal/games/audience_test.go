package games_test

import (
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/couriers"
	"topsecret/internal/games/embassy"
	"topsecret/internal/games/inkognito"
	"topsecret/internal/games/vault"
	"topsecret/internal/games/wink"
)

// audienceCases are the matches the audience check plays: every game, at
// its smallest and largest table, and wink in both modes and both ways of
// delivering a wink, with short timers where a setting allows them so the
// referee's timers fire too.
var audienceCases = []struct {
	rules   game.Rules
	players []int
	opts    map[string]any
}{
	{wink.Rules{}, []int{4, 8}, map[string]any{"mode": "remote"}},
	{wink.Rules{}, []int{4, 6}, map[string]any{"mode": "remote", "winkDelivery": "guaranteed", "focusTravelMs": 0,
		"turnTimeoutMs": 15000}},
	{wink.Rules{}, []int{4, 8}, map[string]any{"mode": "table", "turnTimeoutMs": 15000}},
	{vault.Rules{}, []int{2, 6}, map[string]any{"selectTimeoutMs": 10000}},
	{inkognito.Rules{}, []int{3, 5}, map[string]any{"turnTimeoutMs": 15000, "meetingTimeoutMs": 15000}},
	{embassy.Rules{}, []int{2, 4}, map[string]any{"turnTimeoutMs": 10000, "choiceTimeoutMs": 5000}},
	{couriers.Rules{}, []int{2, 4}, map[string]any{"setupTimeoutMs": 30000, "turnTimeoutMs": 30000,
		"combatCardTimeoutMs": 10000}},
}

// Every game's declared audiences are complete: over seeded matches its
// bots play (with naps, so the referee's timers fire, and, where random
// moves finish a match, random legal moves), after every action each
// viewer outside the audience the game declared has the same view, byte
// for byte, and the same legal moves as before. The room sends nothing
// to anyone else, so a hole here would be a frame never sent.
func TestAudiences_HoldEveryoneAnActionChanges(t *testing.T) {
	for _, tc := range audienceCases {
		slug := tc.rules.Info().Slug
		bot, ok := game.BotFor(tc.rules)
		if !ok {
			t.Fatalf("%s has no bot", slug)
		}
		for _, n := range tc.players {
			t.Run(fmt.Sprintf("%s/%d/%v", slug, n, tc.opts), func(t *testing.T) {
				t.Parallel()
				var heard gametest.Heard
				for seed := range gametest.Seeds(6, 2) {
					setup := gametest.SetupFor(tc.rules, n, 1000+seed, tc.opts)
					pick := napping(gametest.BotMoves(bot))
					if seed%3 == 2 && slug != "embassy" && slug != "couriers" {
						// Random moves end their matches; in these two they wander.
						pick = napping(gametest.RandomMoves)
					}
					heard.Add(gametest.Audiences(t, tc.rules, setup, 20000, pick))
				}
				t.Logf("%d actions (%d by timers): %.0f%% of the viewers in an action's audience, %d actions concerned nobody",
					heard.Actions, heard.Timers, 100*heard.Share(), heard.Nobody)
			})
		}
	}
}

// napping lets pick take a nap now and then: forty turns of letting time
// pass (about half a minute of game time), long enough for a timer.
func napping(pick gametest.Chooser) gametest.Chooser {
	nap := 0
	return func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
		if nap > 0 {
			nap--
			return game.Action{}, false
		}
		if r.IntN(30) == 0 {
			nap = 40
		}
		return pick(st, n, now, r)
	}
}

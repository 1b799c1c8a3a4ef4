package room_test

import (
	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/internal/games/embassy"
	"topsecret/internal/games/inkognito"
	"topsecret/internal/games/vault"
	"topsecret/internal/games/wink"
)

// everyGame is the rules the tests' registries are handed, as main hands
// down its shelf's.
var everyGame = []game.Rules{wink.Rules{}, vault.Rules{}, inkognito.Rules{}, couriers.Rules{}, embassy.Rules{}}

// rulesOf is the rules of the game called slug, for a replay of its match.
func rulesOf(slug string) game.Rules {
	for _, r := range everyGame {
		if r.Info().Slug == slug {
			return r
		}
	}
	return nil
}

// Package catalogue lists every game's board: the one line a new game adds
// on the web side (its engine's line is in internal/games).
package catalogue

import (
	"sync"

	"topsecret/static"
	"topsecret/web/boards"
	"topsecret/web/words"

	couriersboard "topsecret/web/games/couriers"
	embassyboard "topsecret/web/games/embassy"
	inkognitoboard "topsecret/web/games/inkognito"
	vaultboard "topsecret/web/games/vault"
	winkboard "topsecret/web/games/wink"
)

// all is every board, in no particular order.
var all = []boards.Game{
	winkboard.Game,
	vaultboard.Game,
	inkognitoboard.Game,
	embassyboard.Game,
	couriersboard.Game,
}

func init() {
	for _, g := range all {
		if g.Assets != nil {
			static.Include(boards.AssetPrefix(g.Slug), g.Assets)
		}
	}
}

// Lookup returns the board of game slug.
func Lookup(slug string) (boards.Game, bool) {
	for _, g := range all {
		if g.Slug == slug {
			return g, true
		}
	}
	return boards.Game{}, false
}

// All returns every board.
func All() []boards.Game { return append([]boards.Game(nil), all...) }

var (
	wordsOnce sync.Once
	catalog   *words.Catalog
)

// Words is the one catalogue of every message: the platform's and every
// game's, in every language they ship.
func Words() *words.Catalog {
	wordsOnce.Do(func() {
		catalog = words.New()
		for _, g := range all {
			if g.Messages == nil {
				continue
			}
			if err := catalog.Load(g.Messages, "."); err != nil {
				panic("catalogue: " + err.Error()) // embedded at build time
			}
		}
	})
	return catalog
}

// Package shelf lists every game this server can offer: adding a game is
// one line here. Main builds the shelf and hands it down to the rooms,
// the replays and the pages; tests that want every game build it the
// same way.
package shelf

import (
	"topsecret/web/catalogue"
	"topsecret/web/kit"

	"topsecret/web/boards/couriersboard"
	"topsecret/web/boards/cupboard"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/boards/vaultboard"
	"topsecret/web/boards/winkboard"
)

// games are the games, in the order the home page shows them.
var games = []kit.Game{
	winkboard.Game,
	vaultboard.Game,
	inkognitoboard.Game,
	couriersboard.Game,
	embassyboard.Game,
	cupboard.Game,
}

// New is the shelf of the games to offer: those in the works (kit.Game's
// Dev) only when dev is set (--dev-games).
func New(dev bool) *catalogue.Shelf {
	s, err := catalogue.New(dev, games...)
	if err != nil {
		panic("shelf: " + err.Error()) // the games and their messages are built in
	}
	return s
}

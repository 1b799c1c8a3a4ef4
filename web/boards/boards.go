// Package boards picks each game's own templ board for a viewer's frame.
package boards

import (
	"encoding/json"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/room"
	inkognitoboard "topsecret/web/games/inkognito"
	vaultboard "topsecret/web/games/vault"
	winkboard "topsecret/web/games/wink"
)

// Context is what a game board needs besides the game's view: who sits
// where, who is looking, and what they may do.
type Context struct {
	View    any
	Names   []string
	You     game.Seat // -1 for the table screen and spectators
	Table   bool
	Legal   []game.Move
	Players []room.SeatState // index = game seat; Connected drives "reconnecting…"
	Now     int64
	// Note is the viewer's own private notes (a clue sheet's marks), or nil.
	Note json.RawMessage
}

// boardFor maps a game slug to its board component.
var boardFor = map[string]func(Context) templ.Component{
	"wink":      wink,
	"inkognito": inkognito,
	"vault":     vault,
}

// wink is TOP SECRET's board: a phone for a seat's view, the table screen
// for the public view.
func wink(c Context) templ.Component {
	away := awaySeats(c)
	return winkboard.Board(winkboard.Context{View: c.View, Names: c.Names, You: int(c.You), Table: c.Table,
		Legal: c.Legal, Away: away, Now: c.Now})
}

// inkognito is Top Secret: Inkognito's board: a phone with the seat's black
// cards, sealed meeting choices and private clue sheet, or the table screen.
func inkognito(c Context) templ.Component {
	away := awaySeats(c)
	return inkognitoboard.Board(inkognitoboard.Context{View: c.View, Names: c.Names, You: int(c.You), Table: c.Table,
		Legal: c.Legal, Away: away, Now: c.Now, Note: c.Note})
}

// vault is TOP SECRET: Vault's board: a phone for a seat's view, the
// table screen for the public view.
func vault(c Context) templ.Component {
	away := awaySeats(c)
	return vaultboard.Board(vaultboard.Context{View: c.View, Names: c.Names, You: int(c.You), Table: c.Table,
		Legal: c.Legal, Away: away, Now: c.Now})
}

// Board returns the board for game slug.
func Board(slug string, c Context) templ.Component {
	if f, ok := boardFor[slug]; ok {
		return f(c)
	}
	return templ.NopComponent
}

// awaySeats marks the people whose phones are gone ("reconnecting…"); bots
// never are.
func awaySeats(c Context) []bool {
	away := make([]bool, len(c.Players))
	for i, p := range c.Players {
		away[i] = !p.Connected && !p.Bot
	}
	return away
}

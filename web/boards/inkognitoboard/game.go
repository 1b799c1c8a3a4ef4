// Package inkognitoboard draws the "Top Secret: Inkognito" board: a
// player's phone (inkognito.SeatView: own black cards, the sealed meeting
// choices, the telephone and the private clue sheet), the shared table
// screen (inkognito.TableView: the five sites, the Ambassador, meetings) and
// the all-seeing replay (inkognito.OmniscientView: the table plus every
// black card).
//
// The board never re-derives rules: which buttons are live comes from the
// legal moves the server sends along, and every button sends its legal
// move's own data (the telephone fills the move's template fields). Every
// word comes from the catalogue in messages/, the engine's as well.
package inkognitoboard

import (
	"github.com/a-h/templ"

	"topsecret/internal/games/inkognito"
	"topsecret/web/kit"
)

// Game is Inkognito's board, as the catalogue lists it.
var Game = kit.Game{
	Slug:        "inkognito",
	Rules:       inkognito.Rules{},
	Draw:        surfaces.Draw,
	Secrets:     surfaces.SecretFiles,
	Palette:     palette,
	Assets:      assets,
	Stylesheets: []string{"inkognito.css", "sheet.css", "table.css"},
	Messages:    messages,
	Progress:    progress,
	HowTo:       howTo,
}

// surfaces are the board by surface: the phone, the table screen and the
// all-seeing replay, which draws the table with every black card.
var surfaces = kit.Surfaces[*inkognito.SeatView, *inkognito.TableView, *inkognito.OmniscientView]{
	Phone: func(c kit.Context, v *inkognito.SeatView) templ.Component {
		if v == nil {
			return templ.NopComponent
		}
		return Phone(newPhone(c, v))
	},
	Table: func(c kit.Context, v *inkognito.TableView) templ.Component {
		if v == nil {
			return templ.NopComponent
		}
		return Table(newTable(c, v, nil))
	},
	Replay: func(c kit.Context, v *inkognito.OmniscientView) templ.Component {
		if v == nil {
			return templ.NopComponent
		}
		return Table(newTable(c, &v.TableView, v.Black))
	},
	Secrets: secrets,
}

// palette colours the agent sets (blue, yellow, green, pink) and the 5p
// Ambassador's black set (§2, H4).
var palette = kit.Palette{
	"blue":   "#4a8cf2",
	"yellow": "#efc53d",
	"green":  "#43c07a",
	"pink":   "#ee78b6",
	"black":  "#0d0d10",
}

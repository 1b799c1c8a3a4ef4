// Package winkboard draws the TOP SECRET ("wink") board: a player's phone
// (wink.SeatView), the shared table screen (wink.TableView) and the
// all-seeing replay (wink.OmniscientView, the table screen plus the secret
// files).
//
// The board never re-derives rules: which buttons are live comes from the
// legal moves the server sends along, and the data a button sends is the
// legal move's own data wherever the move carries it. Every word comes from
// the catalogue (messages/<lang>.json) through the kit.Context.
package winkboard

import (
	"github.com/a-h/templ"

	"topsecret/internal/games/wink"
	"topsecret/web/kit"
)

// Game is the wink board's registration in the catalogue.
var Game = kit.Game{
	Slug:        "wink",
	Rules:       wink.Rules{},
	Draw:        surfaces.Draw,
	Secrets:     surfaces.SecretFiles,
	Palette:     palette,
	Assets:      assets,
	Stylesheets: []string{"wink.css"},
	Messages:    messages,
	Progress:    progress,
	HowTo:       howTo,
}

// surfaces are the board by viewer: phone, table screen, all-seeing replay.
var surfaces = kit.Surfaces[*wink.SeatView, *wink.TableView, *wink.OmniscientView]{
	Phone:   phoneSurface,
	Table:   tableSurface,
	Replay:  replaySurface,
	Secrets: secretFiles,
}

// palette colours the eight agent colours the engine names. Purple is a
// muted lilac and orange a dark amber so that neither collapses into blue
// or yellow for red-green colour-blind players (TestSeatColours_*).
var palette = kit.Palette{
	"green":  "#3fbf74",
	"blue":   "#3f83f0",
	"purple": "#9870b0",
	"red":    "#e4483d",
	"yellow": "#f1c232",
	"orange": "#d89000",
	"white":  "#f2efe6",
	"black":  "#34343b",
}

// phoneSurface is one player's phone.
func phoneSurface(c kit.Context, v *wink.SeatView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return Phone(newPhone(c, v))
}

// tableSurface is the shared screen and every spectator.
func tableSurface(c kit.Context, v *wink.TableView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return Table(newTable(c, v))
}

// replaySurface is the all-seeing replay: the table screen as it stood; what
// nobody could see is listed by secretFiles beside it.
func replaySurface(c kit.Context, v *wink.OmniscientView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return Table(newTable(c, &v.TableView))
}

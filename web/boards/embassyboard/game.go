// Package embassyboard draws the TOP SECRET: Embassy board ("embassy"): a
// player's phone (embassy.SeatView), the shared table screen
// (embassy.TableView) and the all-seeing replay (embassy.OmniscientView).
//
// The 21×21 city is drawn once, as the static board.svg (generated from
// the engine's board model by a test); each frame carries only what moves:
// the spies and bodyguards, the face-down cards on the embassies, the
// highlighted destinations and the tap targets. Which buttons are live
// comes from the legal moves the server sends along, and a button sends
// the legal move's own data. Every word comes from the catalogue
// (messages/en.json): embassies are named, squares are pointed at, cards
// are worded by their sets' names.
package embassyboard

import (
	"topsecret/internal/games/embassy"
	"topsecret/web/kit"
)

// Game is the embassy board as the platform registers it.
var Game = kit.Game{
	Slug:        slug,
	Rules:       embassy.Rules{},
	Draw:        surfaces.Draw,
	Secrets:     surfaces.SecretFiles,
	Palette:     palette,
	Assets:      assets,
	Stylesheets: []string{"embassy.css"},
	Messages:    messages,
	Progress:    progress,
	HowTo:       howTo,
}

// slug is the game's id in the catalogue.
const slug = "embassy"

// surfaces draws each of the engine's views.
var surfaces = kit.Surfaces[*embassy.SeatView, *embassy.TableView, *embassy.OmniscientView]{
	Phone:   drawPhone,
	Table:   drawTable,
	Replay:  drawReplay,
	Secrets: secrets,
}

// palette colours the four spy colours (embassy.Colours).
var palette = kit.Palette{
	"blue":   "#3d7fe4",
	"green":  "#3fb36f",
	"yellow": "#f1c232",
	"red":    "#e4483d",
}

// messages is the catalogue folder, one <lang>.json per language.
var messages = kit.Folder(messageFiles, "messages")

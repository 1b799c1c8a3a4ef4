// Package couriersboard draws the TOP SECRET: Couriers board ("couriers"):
// a player's phone (couriers.SeatView), the shared table screen
// (couriers.TableView) and the all-seeing replay (couriers.OmniscientView).
//
// The world map is drawn once per language, as the static board.<lang>.svg
// with the city names in that language (generated from the engine's board
// model and the catalogues by a test); each frame carries only what moves: the
// agents, the suitcases, the latest route, the highlighted destinations and
// the tap targets. Which buttons are live comes from the legal moves the
// server sends along, and a control sends the legal move's own data (a
// template's open field filled from its listed values). Every word comes
// from the catalogue (messages/en.json): cities, agents, suitcases and clue
// cards are worded by their terms, never by their ids.
package couriersboard

import (
	"topsecret/internal/games/couriers"
	"topsecret/web/kit"
)

// Game is the couriers board as the platform registers it.
var Game = kit.Game{
	Slug:        slug,
	Rules:       couriers.Rules{},
	Draw:        surfaces.Draw,
	Secrets:     surfaces.SecretFiles,
	Palette:     palette,
	Assets:      assets,
	Stylesheets: []string{"couriers.css"},
	Script:      "couriers.js",
	Messages:    messages,
	Progress:    progress,
	HowTo:       howTo,
}

// slug is the game's id in the catalogue.
const slug = "couriers"

// surfaces draws each of the engine's views.
var surfaces = kit.Surfaces[*couriers.SeatView, *couriers.TableView, *couriers.OmniscientView]{
	Phone:   drawPhone,
	Table:   drawTable,
	Replay:  drawReplay,
	Secrets: secrets,
}

// palette colours the four colours of agents, suitcases and bases.
var palette = kit.Palette{
	"red":    "#e4483d",
	"blue":   "#3d7fe4",
	"green":  "#3fb36f",
	"yellow": "#f1c232",
}

// messages is the catalogue folder, one <lang>.json per language.
var messages = kit.Folder(messageFiles, "messages")

// Package vaultboard draws the TOP SECRET: Vault board ("vault"): a
// player's phone (vault.SeatView), the shared table screen
// (vault.TableView) and the all-seeing replay (vault.OmniscientView).
//
// The board never re-derives rules: which buttons are live comes from the
// legal moves the server sends along, and the data a button sends is the
// legal move's own data (with a template's open field filled in). Every
// word comes from the catalogue (messages/en.json); cards are worded by
// their terms, never by their codes.
package vaultboard

import (
	"topsecret/internal/games/vault"
	"topsecret/web/kit"
)

// Game is the vault board as the platform registers it.
var Game = kit.Game{
	Slug:        "vault",
	Rules:       vault.Rules{},
	Draw:        surfaces.Draw,
	Secrets:     surfaces.SecretFiles,
	Palette:     palette,
	Assets:      assets,
	Stylesheets: []string{"vault.css"},
	Messages:    messages,
	Progress:    progress,
	HowTo:       howTo,
}

// surfaces draws each of the engine's views.
var surfaces = kit.Surfaces[*vault.SeatView, *vault.TableView, *vault.OmniscientView]{
	Phone:   drawPhone,
	Table:   drawTable,
	Replay:  drawReplay,
	Secrets: secrets,
}

// palette colours the six colour sets (seat i plays colour i, H1).
var palette = kit.Palette{
	"red":    "#e4483d",
	"blue":   "#3d7fe4",
	"green":  "#3fb36f",
	"yellow": "#f1c232",
	"black":  "#5a5a66",
	"white":  "#f2efe6",
}

// seriesTarget is the points a series runs to (R19), for the deal's end.
var seriesTarget = vault.Rules{}.Info().Series.Target

// messages is the catalogue folder, one <lang>.json per language.
var messages = kit.Folder(messageFiles, "messages")

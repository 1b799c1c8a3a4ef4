package vaultboard

import (
	"embed"

	"topsecret/web/kit"
)

// assetFiles is the board's static folder: its stylesheet, served under
// /static/games/vault/.
//
//go:embed vault.css
var assetFiles embed.FS

// assets is assetFiles as the kit serves it.
var assets = kit.Files("vault", assetFiles)

// messageFiles holds the board's and the engine's words.
//
//go:embed messages/*.json
var messageFiles embed.FS

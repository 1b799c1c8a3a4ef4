package vaultboard

import (
	"embed"
	"io/fs"
)

// assetFiles is the board's static folder: its stylesheet, served under
// /static/games/vault/.
//
//go:embed vault.css
var assetFiles embed.FS

// assets is assetFiles as the kit serves it.
var assets fs.FS = assetFiles

// messageFiles holds the board's and the engine's words.
//
//go:embed messages/*.json
var messageFiles embed.FS

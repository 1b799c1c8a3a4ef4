package inkognitoboard

import (
	"embed"

	"topsecret/web/kit"
)

// assetFiles is the board's static folder: its stylesheets, served under
// /static/games/inkognito/.
//
//go:embed inkognito.css sheet.css table.css
var assetFiles embed.FS

// assets is assetFiles as the kit serves it.
var assets = kit.Files("inkognito", assetFiles)

// messageFiles holds the board's and the engine's words, one <lang>.json
// per language.
//
//go:embed messages/*.json
var messageFiles embed.FS

// messages is the message folder itself, as the catalogue loads it.
var messages = kit.Folder(messageFiles, "messages")

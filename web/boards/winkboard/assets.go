package winkboard

import (
	"embed"
	"io/fs"

	"topsecret/web/kit"
)

// assetFiles is the board's stylesheet, served under /static/games/wink/.
//
//go:embed wink.css
var assetFiles embed.FS

// messageFiles are the board's and the engine's words, one file a language.
//
//go:embed messages/*.json
var messageFiles embed.FS

// assets and messages are the folders the registration hands the platform.
var (
	assets         = kit.Files("wink", assetFiles)
	messages fs.FS = kit.Folder(messageFiles, "messages")
)

package winkboard

import (
	"embed"
	"io/fs"
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
	assets   fs.FS = assetFiles
	messages fs.FS = mustSub(messageFiles, "messages")
)

// mustSub is fs.Sub of an embedded folder, which cannot fail at run time.
func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("winkboard: " + err.Error())
	}
	return sub
}

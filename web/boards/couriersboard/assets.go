package couriersboard

import (
	"embed"

	"topsecret/web/kit"
)

// assetFiles is the board's static folder, served under
// /static/games/couriers/: its stylesheet, its script and the drawn world
// map, once per language with its city names (board.<lang>.svg, generated
// by TestBoardSVG from the engine's board model and the catalogues).
//
//go:embed couriers.css couriers.js board.*.svg
var assetFiles embed.FS

// assets is assetFiles as the kit serves it.
var assets = kit.Files(slug, assetFiles)

// messageFiles holds the board's and the engine's words.
//
//go:embed messages/*.json
var messageFiles embed.FS

// boardURL is the content-hashed URL of the map drawn with its city names
// in lang, which phones cache for good.
func boardURL(lang string) string { return assets.Path("board." + lang + ".svg") }

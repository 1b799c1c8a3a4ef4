// Package cupboard draws "Under the Cup" ("cup"), the example game of
// docs/adding-a-game.md: a player's phone (cup.SeatView), the table screen
// (cup.TableView) and the all-seeing replay (cup.OmniscientView, the table
// with the number under the cup shown).
//
// Buttons come only from the legal moves the server sends; every word
// comes from messages/<lang>.json through the kit.Context.
package cupboard

import (
	"embed"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/games/cup"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// Game is the whole game as main lists it: rules and board.
var Game = kit.Game{
	Slug:        cup.Slug,
	Rules:       cup.Rules{},
	Dev:         true, // an example: offered only with --dev-games
	Draw:        surfaces.Draw,
	Secrets:     surfaces.SecretFiles,
	Palette:     palette,
	Assets:      kit.Files(cup.Slug, assetFiles),
	Stylesheets: []string{"cup.css"},
	Messages:    kit.Folder(messageFiles, "messages"),
	Progress:    progress,
	HowTo:       howTo,
}

// palette colours the two cups as wink colours its red and blue agents.
var palette = kit.Palette{"red": "#e4483d", "blue": "#3f83f0"}

// assetFiles is the board's stylesheet, served under /static/games/cup/.
//
//go:embed cup.css
var assetFiles embed.FS

// messageFiles are the board's and the engine's words, lobby and how-to.
//
//go:embed messages/*.json
var messageFiles embed.FS

// surfaces are the board by viewer.
var surfaces = kit.Surfaces[*cup.SeatView, *cup.TableView, *cup.OmniscientView]{
	Phone: func(c kit.Context, v *cup.SeatView) templ.Component {
		return Phone(board{c: c, t: v.TableView, you: v.You, under: v.Under})
	},
	Table: func(c kit.Context, v *cup.TableView) templ.Component {
		return Table(board{c: c, t: *v, you: game.System})
	},
	Replay: func(c kit.Context, v *cup.OmniscientView) templ.Component {
		return Table(board{c: c, t: v.TableView, you: game.System, under: v.Under})
	},
	Secrets: func(c kit.Context, v *cup.OmniscientView) []kit.Secret {
		if v.Under == 0 {
			return nil
		}
		return []kit.Secret{{Label: c.T("cup.ui.secret.under"), Value: kit.Itoa(v.Under)}}
	},
}

// progress names a replay step by its round.
func progress(w words.Reader, round, _ int) string {
	if round < 1 {
		return ""
	}
	return w.Say(game.M("cup.ui.round", game.N("round", round)))
}

// Package kit is the kit every game's board is built from: the context a
// board is drawn in, one typed registration per game, and the small pieces
// every board shares.
//
// A game's board lives in web/boards/<slug>board and declares one Game; main
// lists them (cmd/topsecret/shelf) and hands the list down. Nothing here
// knows any game.
package kit

import (
	"encoding/json"
	"io/fs"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/static"
	"topsecret/web/words"
)

// Context is what a board is drawn from besides the game's view: who sits
// where, who is looking, what they may do, and how to say things to them.
type Context struct {
	// View is the game's view for this viewer (a pointer to one of the
	// game's view structs).
	View any
	// Names are the match's seat names, index = game seat.
	Names []string
	// You is the viewer's seat, game.System on the table screen, for
	// spectators and in the all-seeing replay.
	You game.Seat
	// Table is true on the shared screen (and for spectators).
	Table bool
	// Host is true when the viewer hosts the room.
	Host bool
	// Legal are the moves the viewer may make now; buttons come only from these.
	Legal []game.Move
	// Ended says the room stopped the match before its rules ended it (the
	// host's "End the match", or nobody moving): the view still has a turn
	// and a clock in it, and the board shows neither.
	Ended bool
	// Away[s] is true while seat s's player is disconnected ("reconnecting…"),
	// and AwaySince[s] is since when (Unix ms).
	Away      []bool
	AwaySince []int64
	// Now is the server time of the frame, Unix ms.
	Now int64
	// Note is the viewer's own private notes (a clue sheet's marks), or nil.
	Note json.RawMessage
	// Words says messages in the viewer's language with the seat names.
	Words words.Reader
	// Lines are the viewer's recent events, oldest first: the room's log
	// on a live screen, the timeline's up to the step in a replay. No
	// game's view carries events; Log draws these.
	Lines []Line
}

// Me is the viewer's seat as an int (-1 when not seated).
func (c Context) Me() int { return int(c.You) }

// Name is seat s's name.
func (c Context) Name(s int) string { return c.Words.Name(game.Seat(s)) }

// Say words a message for the viewer.
func (c Context) Say(m game.Msg) string { return c.Words.Say(m) }

// T words a message given by id and arguments, for a board's own labels.
func (c Context) T(id string, args ...game.Arg) string { return c.Words.Say(game.M(id, args...)) }

// IsAway reports whether seat s's player is disconnected.
func (c Context) IsAway(s int) bool { return s >= 0 && s < len(c.Away) && c.Away[s] }

// AwaySinceOf is when seat s's player went away, Unix ms (0: not known).
func (c Context) AwaySinceOf(s int) int64 {
	if s < 0 || s >= len(c.AwaySince) {
		return 0
	}
	return c.AwaySince[s]
}

// Secret is one line of the all-seeing replay's "secret files": what nobody
// at the table could see, worded ("Marie's hand" — "Red agent, Café").
type Secret struct {
	Label string
	Value string
}

// Game is one game as the platform sees it, its rules and its board: the
// one registration a new game's web folder declares.
type Game struct {
	Slug string
	// Rules are the game's engine (internal/games/<slug>).
	Rules game.Rules
	// Dev marks a game still in the works, or an example: it is offered
	// only when the server runs with --dev-games.
	Dev bool
	// Draw draws any of the game's views (phone, table screen, replay).
	Draw func(Context) templ.Component
	// Secrets lists an all-seeing view's hidden facts; nil for none.
	Secrets func(Context) []Secret
	// Palette colours the game's seat colour names.
	Palette Palette
	// Assets is the board's folder of static files (its stylesheets, a
	// drawn board), served under /static/games/<slug>/: see Files.
	Assets *static.Folder
	// Stylesheets are the files in Assets every page of this game loads,
	// in this order: a board's styles split by surface and concept.
	Stylesheets []string
	// Script is a file in Assets every page of this game loads after the
	// app's scripts, deferred, for what markup alone cannot do (drawing a
	// proposed route); "" for none.
	Script string
	// Messages is the folder of the game's message catalogue, one
	// <lang>.json per language (and howto.<lang>.json for the briefing).
	Messages fs.FS
	// Progress words where a match stands in the game's own units
	// (vault's "Trick 4", inkognito's "Cycle 2 · round 1 of 5"), from the
	// round and turn numbers of game.Rounder and game.Turner (0 where the
	// game numbers none), for the replay's step bar and jump list. Nil:
	// the replay names no unit.
	Progress func(w words.Reader, round, turn int) string
	// HowTo is the game's how-to-play cards and first-turn hint, worded
	// through c; nil for none.
	HowTo func(c Context) HowTo
}

// StylesheetURLs are the stylesheets' content-hashed URLs, in order.
func (g Game) StylesheetURLs() []string {
	urls := make([]string, len(g.Stylesheets))
	for i, name := range g.Stylesheets {
		urls[i] = g.Assets.Path(name)
	}
	return urls
}

// SheetURL is the content-hashed URL of the one stylesheet a page of
// this game loads: its Stylesheets joined in order (static.Folder.Join),
// or the one it has as it is. "" for none.
func (g Game) SheetURL() string {
	switch len(g.Stylesheets) {
	case 0:
		return ""
	case 1:
		return g.Assets.Path(g.Stylesheets[0])
	}
	return g.Assets.Join(g.Slug+".page.css", g.Stylesheets...)
}

// ScriptURL is the script's content-hashed URL, or "".
func (g Game) ScriptURL() string {
	if g.Script == "" {
		return ""
	}
	return g.Assets.Path(g.Script)
}

// Files is a board's folder of static files (fsys), served under
// /static/games/<slug>/ once the game is handed to the server.
func Files(slug string, fsys fs.FS) *static.Folder { return static.NewFolder("games/"+slug, fsys) }

// Surfaces is a game's board by surface, typed by its view types (pointers):
// S the phone's, T the table screen's, O the all-seeing replay's. Its Draw
// and Secrets are a Game's.
type Surfaces[S, T, O any] struct {
	Phone func(Context, S) templ.Component
	Table func(Context, T) templ.Component
	// Replay draws the all-seeing view; nil draws nothing.
	Replay func(Context, O) templ.Component
	// Secrets lists the all-seeing view's hidden facts; nil for none.
	Secrets func(Context, O) []Secret
}

// Draw picks the surface for c.View's type; an unknown view draws nothing.
func (s Surfaces[S, T, O]) Draw(c Context) templ.Component {
	switch v := c.View.(type) {
	case S:
		if s.Phone != nil {
			return s.Phone(c, v)
		}
	case T:
		if s.Table != nil {
			return s.Table(c, v)
		}
	case O:
		if s.Replay != nil {
			return s.Replay(c, v)
		}
	}
	return templ.NopComponent
}

// SecretFiles lists the hidden facts of an all-seeing view.
func (s Surfaces[S, T, O]) SecretFiles(c Context) []Secret {
	if v, ok := c.View.(O); ok && s.Secrets != nil {
		return s.Secrets(c, v)
	}
	return nil
}

// Folder is the sub-folder dir of a board's embedded files (its messages),
// which cannot fail for an embedded folder that exists.
func Folder(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("boards: " + err.Error()) // embedded at build time
	}
	return sub
}

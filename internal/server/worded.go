package server

import (
	"encoding/json"
	"sync"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// worded holds each game's description worded per language: every live
// frame shows it, it never changes, and wording its options' labels and
// help again for each frame was a good part of an action's cost.
// Languages are the catalogue's few, so the maps stay small.
type worded struct {
	words *words.Catalog
	games sync.Map // wordedKey → game.Info
	// json holds game's answers as JSON, for JSON frames: the
	// description is a third of such a frame, marshalled once per language.
	json sync.Map // wordedKey → json.RawMessage
}

type wordedKey struct{ lang, slug string }

// game is info worded for a reader of lang (one of words.Known's). The
// result is shared: read it, never change it.
func (w *worded) game(lang string, info game.Info) game.Info {
	k := wordedKey{lang, info.Slug}
	if g, ok := w.games.Load(k); ok {
		return g.(game.Info)
	}
	g := w.words.Reader(lang, nil).Game(info)
	w.games.Store(k, g)
	return g
}

// gameJSON is game marshalled.
func (w *worded) gameJSON(lang string, info game.Info) json.RawMessage {
	k := wordedKey{lang, info.Slug}
	if b, ok := w.json.Load(k); ok {
		return b.(json.RawMessage)
	}
	b, err := json.Marshal(w.game(lang, info))
	if err != nil {
		panic(err) // a game.Info always marshals
	}
	w.json.Store(k, json.RawMessage(b))
	return b
}

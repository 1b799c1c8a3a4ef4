package server

import (
	"encoding/json"
	"sync"

	"topsecret/internal/game"
	"topsecret/web/catalogue"
)

// wordedGames holds each game's description worded per language: every
// live frame shows it, it never changes, and wording its options' labels
// and help again for each frame was a good part of an action's cost.
// Languages are the catalogue's few, so the map stays small.
var wordedGames sync.Map // wordedKey → game.Info

type wordedKey struct{ lang, slug string }

// gameIn is info worded for a reader of lang (one of words.Known's). The
// result is shared: read it, never change it.
func gameIn(lang string, info game.Info) game.Info {
	k := wordedKey{lang, info.Slug}
	if g, ok := wordedGames.Load(k); ok {
		return g.(game.Info)
	}
	g := catalogue.Words().Reader(lang, nil).Game(info)
	wordedGames.Store(k, g)
	return g
}

// wordedGamesJSON holds gameIn's answers as JSON, for JSON frames: the
// description is a third of such a frame, marshalled once per language.
var wordedGamesJSON sync.Map // wordedKey → json.RawMessage

// gameJSONIn is gameIn marshalled.
func gameJSONIn(lang string, info game.Info) json.RawMessage {
	k := wordedKey{lang, info.Slug}
	if b, ok := wordedGamesJSON.Load(k); ok {
		return b.(json.RawMessage)
	}
	b, err := json.Marshal(gameIn(lang, info))
	if err != nil {
		panic(err) // a game.Info always marshals
	}
	wordedGamesJSON.Store(k, json.RawMessage(b))
	return b
}

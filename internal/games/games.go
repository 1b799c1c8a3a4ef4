// Package games lists the five "Top Secret" games by slug.
package games

import (
	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/internal/games/embassy"
	"topsecret/internal/games/inkognito"
	"topsecret/internal/games/vault"
	"topsecret/internal/games/wink"
)

// Entry is one game of the catalogue. Rules is nil for a game not built yet.
type Entry struct {
	Info  game.Info
	Rules game.Rules
}

// Available reports whether the game can be played.
func (e Entry) Available() bool { return e.Rules != nil }

// All returns the catalogue in the order the home page shows it.
func All() []Entry {
	return []Entry{
		playable(wink.Rules{}),
		playable(vault.Rules{}),
		playable(inkognito.Rules{}),
		playable(couriers.Rules{}),
		playable(embassy.Rules{}),
	}
}

// playable is the entry of a built game.
func playable(r game.Rules) Entry { return Entry{Info: r.Info(), Rules: r} }

// Lookup returns the entry for slug.
func Lookup(slug string) (Entry, bool) {
	for _, e := range All() {
		if e.Info.Slug == slug {
			return e, true
		}
	}
	return Entry{}, false
}

// Package games lists the five "Top Secret" games by slug.
package games

import (
	"topsecret/internal/game"
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
		{Info: wink.Rules{}.Info(), Rules: wink.Rules{}},
		{Info: game.Info{Slug: "vault", Name: "Top Secret: Vault", MinPlayers: 2, MaxPlayers: 6,
			Blurb:  "Blatz and Tom Schoeps' card game of secret documents. Everyone plays a card at once: pair documents in your safe for double points, duck when a terrorist shouts \"Boom!\", and be the first to grab a freshly played card with your mole. A series runs to 1200 points.",
			Series: game.Series{Target: 1200, Unit: "points"}}},
		{Info: game.Info{Slug: "inkognito", Name: "Top Secret: Inkognito", MinPlayers: 3, MaxPlayers: 5,
			Blurb:  "Carnival in Venice. Masked agents meet on the city's sites and trade half-true clues: find out who your ally is, then dial the secret number before the other side does. A series runs to 3 points.",
			Series: game.Series{Target: 3, Unit: "points"}}},
		{Info: game.Info{Slug: "couriers", Name: "Top Secret: Couriers", MinPlayers: 2, MaxPlayers: 4,
			Blurb:  "Alex Randolph's race across the world map: your agents carry suitcases of secrets (or a bomb) from city to city with dice, and settle every encounter with hidden combat cards.",
			Series: game.Series{Unit: "wins"}}},
		{Info: game.Info{Slug: "embassy", Name: "Top Secret: Embassy", MinPlayers: 2, MaxPlayers: 4,
			Blurb:  "Spies creep through a city grid, dig tunnels and slip past bodyguards to raid embassies for secret cards, then prove their memory when challenged.",
			Series: game.Series{Unit: "wins"}}},
	}
}

// Lookup returns the entry for slug.
func Lookup(slug string) (Entry, bool) {
	for _, e := range All() {
		if e.Info.Slug == slug {
			return e, true
		}
	}
	return Entry{}, false
}

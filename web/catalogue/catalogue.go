// Package catalogue is the shelf of games a server offers: each game's
// rules and board, the one catalogue of every message they say and the
// folders of their assets. Main builds it from its list
// (cmd/topsecret/shelf) and hands it down; nothing here names a game.
package catalogue

import (
	"fmt"

	"topsecret/internal/game"
	"topsecret/static"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// Shelf is the games a server offers, in the order the home page shows
// them, with the messages of all of them. It never changes once made.
type Shelf struct {
	games []kit.Game
	words *words.Catalog
}

// New is a shelf of games, leaving out those in the works (Dev) unless
// dev is set (--dev-games). It fails on two games of one slug, a board
// without its rules or a message file that does not parse.
func New(dev bool, gs ...kit.Game) (*Shelf, error) {
	s := &Shelf{words: words.New()}
	seen := map[string]bool{}
	for _, g := range gs {
		if g.Dev && !dev {
			continue
		}
		if g.Rules == nil || g.Rules.Info().Slug != g.Slug {
			return nil, fmt.Errorf("catalogue: the board %q is not given its game's rules", g.Slug)
		}
		if seen[g.Slug] {
			return nil, fmt.Errorf("catalogue: two games are called %q", g.Slug)
		}
		seen[g.Slug] = true
		if g.Messages != nil {
			if err := s.words.Load(g.Messages, "."); err != nil {
				return nil, fmt.Errorf("catalogue: %s: %w", g.Slug, err)
			}
		}
		s.games = append(s.games, g)
	}
	return s, nil
}

// Lookup returns the game of slug on the shelf.
func (s *Shelf) Lookup(slug string) (kit.Game, bool) {
	for _, g := range s.games {
		if g.Slug == slug {
			return g, true
		}
	}
	return kit.Game{}, false
}

// All returns the games in the order the home page shows them.
func (s *Shelf) All() []kit.Game { return append([]kit.Game(nil), s.games...) }

// Rules are the games' engines, for the room registry and replays.
func (s *Shelf) Rules() []game.Rules {
	out := make([]game.Rules, len(s.games))
	for i, g := range s.games {
		out[i] = g.Rules
	}
	return out
}

// Words is the one catalogue of every message: the platform's and every
// game's on the shelf, in every language they ship.
func (s *Shelf) Words() *words.Catalog { return s.words }

// Assets are the games' folders of static files, for the server to serve.
func (s *Shelf) Assets() []*static.Folder {
	var out []*static.Folder
	for _, g := range s.games {
		if g.Assets != nil {
			out = append(out, g.Assets)
		}
	}
	return out
}

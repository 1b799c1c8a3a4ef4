package kit

import (
	"github.com/a-h/templ"

	"topsecret/internal/game"
)

// HowTo is a game's briefing for newcomers: a few short illustrated cards
// (the goal, a turn, the special moments, the end) and the one line a phone
// shows on its player's first turn. Every string is a message id from the
// game's messages/howto.<lang>.json, so the briefing speaks each reader's
// language.
type HowTo struct {
	// Cards are shown in order; a game has 3 to 6 (MinHowToCards,
	// MaxHowToCards).
	Cards []HowToCard
	// FirstTurn points at what to do now, on a player's first turn of their
	// first match in a room: while the board waits on the player, or, when
	// the board marks an element data-howto-now, while that says "true"
	// (a board whose first moves are something else, such as couriers'
	// secret setup, says when the hint's words apply).
	FirstTurn string
}

// HowToCard is one card of a briefing.
type HowToCard struct {
	// Title is the card's heading, a message id.
	Title string
	// Picture is drawn from the game's own pieces; it carries no words a
	// screen reader needs (the lines say it all).
	Picture templ.Component
	// Lines are 2 to 4 short sentences, message ids.
	Lines []string
}

// The bounds on a briefing: long enough to teach, short enough to read at
// the table.
const (
	MinHowToCards = 3
	MaxHowToCards = 6
)

// IDs lists every message id the briefing says, in order.
func (h HowTo) IDs() []string {
	var out []string
	for _, c := range h.Cards {
		out = append(out, c.Title)
		out = append(out, c.Lines...)
	}
	if h.FirstTurn != "" {
		out = append(out, h.FirstTurn)
	}
	return out
}

// briefing is g's how-to-play for c, empty when g has none.
func briefing(g Game, c Context) HowTo {
	if g.HowTo == nil {
		return HowTo{}
	}
	return g.HowTo(c)
}

// step words "2 of 5" for card i (0-based) of n.
func step(c Context, i, n int) string {
	return c.T("game.howto.step", game.X("at", Itoa(i+1)), game.X("of", Itoa(n)))
}

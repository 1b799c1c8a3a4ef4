package cup

import (
	"slices"

	"topsecret/internal/game"
)

// The optional hooks of the contract this game implements; a renamed method
// fails to compile here instead of silently turning a feature off.
var (
	_ game.BotPlayer = Rules{}
	_ game.Invariant = (*match)(nil)
	_ game.Twinner   = (*match)(nil)
	_ game.Cloner    = (*match)(nil)
	_ game.Turner    = (*match)(nil)
	_ game.Rounder   = (*match)(nil)
	_ game.Colourer  = (*match)(nil)
)

// Clone copies the match deeply.
func (m *match) Clone() game.State {
	c := *m
	c.guesses = slices.Clone(m.guesses)
	c.lifted = slices.Clone(m.lifted)
	c.public = game.Kept[TableView]{}
	return &c
}

// Twin is the match with another number under the cup, which only its
// hider may see; every other viewer must not tell the two apart. The
// number stays on the same side of every guess made, as the answers are public.
func (m *match) Twin(s game.Seat, r *game.Rand) game.State {
	c := m.Clone().(*match)
	if m.over() || m.hiding() || s != m.hider() {
		return c
	}
	lo, hi := Lowest, Highest
	for _, g := range m.guesses {
		if g > 0 && g < m.under {
			lo = max(lo, g+1)
		} else if g > m.under {
			hi = min(hi, g-1)
		}
	}
	c.under = lo + r.IntN(hi-lo+1)
	return c
}

// Invariant checks what must always hold: a point per lifted cup, at most
// Tries guesses, the number within bounds once hidden.
func (m *match) Invariant() error {
	switch {
	case m.points[0]+m.points[1] != len(m.lifted):
		return game.Malformed("points %v for %d lifted cups", m.points, len(m.lifted))
	case len(m.guesses) >= Tries:
		return game.Malformed("%d guesses left in a round", len(m.guesses))
	case m.under != 0 && (m.under < Lowest || m.under > Highest):
		return game.Malformed("%d under the cup", m.under)
	}
	return nil
}

// Turn numbers the moments a seat was awaited, from 1.
func (m *match) Turn() int { return m.step + 1 }

// Round is the round being played (R1).
func (m *match) Round() int { return min(m.round, m.opts.Rounds) }

// SeatColours are the two cups' colours, the board's palette's names.
func (m *match) SeatColours() []string { return []string{"red", "blue"} }

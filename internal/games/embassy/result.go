package embassy

import (
	"topsecret/internal/game"
)

// Result is the outcome once someone holds four identical secrets (R25).
func (m *match) Result() (game.Result, bool) {
	if m.phase != PhaseOver {
		return game.Result{}, false
	}
	res := game.Result{Winners: []game.Seat{game.Seat(m.winner)}, Points: make([]int, m.n)}
	res.Points[m.winner] = 1
	x, _ := m.fourOfAKind(m.winner)
	res.Summary = game.M("embassy.result.won", who(m.winner), game.T("secret", secretTerm(x)))
	return res, true
}

// stats are counts worth adding up over many matches (game.Reporter).
type stats struct {
	rolls, taken, challenges, right, wrong, swaps, immobile, blocked, noCardsTurns, timeouts int
}

// Report returns the match's counts; selfplay sums them.
func (m *match) Report() map[string]int {
	s := m.stats
	return map[string]int{"turns": m.turn, "rolls": s.rolls, "cards_taken": s.taken, "challenges": s.challenges,
		"right_guesses": s.right, "wrong_guesses": s.wrong, "bodyguard_swaps": s.swaps, "immobile": s.immobile,
		"blocked": s.blocked, "no_cards_turns": s.noCardsTurns, "timeouts": s.timeouts}
}

// Highlights is the win and how many turns it took, for the night's
// recap, whose fastest embassy win is the fewest.
func (m *match) Highlights() []game.Highlight {
	if m.phase != PhaseOver {
		return nil
	}
	w := game.Seat(m.winner)
	return []game.Highlight{{Kind: "embassy.fastest_win", Value: -m.turn, Seats: []game.Seat{w},
		Msg: game.M("embassy.highlight.fastest_win", game.P("who", w), game.N("n", m.turn))}}
}

package cup

import "topsecret/internal/game"

// Bot returns the game's computer player.
func (Rules) Bot() game.Bot { return bot{} }

// bot hides any number and guesses by halving what the answers leave open.
type bot struct{}

// Act picks seat s's move from what s sees.
func (bot) Act(st game.State, s game.Seat, now int64, r *game.Rand) (game.Action, bool) {
	v, ok := st.View(game.SeatViewer(s)).(*SeatView)
	if !ok || v.Over || len(st.Legal(s)) == 0 {
		return game.Action{}, false
	}
	if !v.Hidden {
		return game.Action{Seat: s, Type: ActHide, Data: mustData(pick{N: r.IntN(Highest-Lowest+1) + Lowest}), At: now}, true
	}
	lo, hi := Lowest, Highest
	for _, g := range v.Guesses {
		switch g.Answer {
		case "higher":
			lo = max(lo, g.N+1)
		case "lower":
			hi = min(hi, g.N-1)
		}
	}
	if hi < lo {
		lo, hi = Lowest, Highest
	}
	// Halving, give or take one, so a hider cannot count on the middle.
	n := (lo + hi) / 2
	if hi > lo {
		n = min(hi, max(lo, n+r.IntN(3)-1))
	}
	return game.Action{Seat: s, Type: ActGuess, Data: mustData(pick{N: n}), At: now}, true
}

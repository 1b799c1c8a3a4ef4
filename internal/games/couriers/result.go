package couriers

import (
	"slices"

	"topsecret/internal/game"
)

// How a match ended.
const (
	endWin        = "win"        // a player reached 10 secrets (R22)
	endExhaustion = "exhaustion" // nobody in play can reach 10 any more, or nobody is in play (R23)
)

// ending is the end of the match.
type ending struct {
	kind    string
	winners []int
}

// finish ends the match; every clue becomes visible to all (§8.3).
func (m *match) finish(kind string, winners []int) {
	m.phase = PhaseOver
	m.loot, m.bombLeft = nil, 0
	m.end = &ending{kind: kind, winners: winners}
	m.say(kindOver, "couriers.event.over", m.summaryArg())
}

// summary is the outcome in one line.
func (m *match) summary() game.Msg {
	w := make([]game.Seat, len(m.end.winners))
	for i, s := range m.end.winners {
		w[i] = game.Seat(s)
	}
	n := game.N("n", m.players[m.end.winners[0]].secrets)
	switch {
	case m.end.kind == endWin:
		return game.M("couriers.result.won", game.P("who", w[0]), n)
	case len(w) == 1:
		return game.M("couriers.result.most", game.P("who", w[0]), n)
	}
	return game.M("couriers.result.shared", game.PS("who", w), n)
}

func (m *match) summaryArg() game.Arg { return term("summary", m.summary()) }

// Result is the outcome once the match is over: the winners, and each
// seat's secrets as its points.
func (m *match) Result() (game.Result, bool) {
	if m.phase != PhaseOver {
		return game.Result{}, false
	}
	res := game.Result{Points: make([]int, m.n), Summary: m.summary()}
	for s, p := range m.players {
		res.Points[s] = p.secrets
	}
	for _, s := range m.end.winners {
		res.Winners = append(res.Winners, game.Seat(s))
	}
	slices.Sort(res.Winners)
	return res, true
}

// tally counts what happened in a match, for game.Reporter.
type tally struct {
	fights, aggressorWins, zeroes int
	deliveries, rivalCases, bombs int
}

// Report sums a finished match's events for selfplay: how bots fight and
// deliver, and how matches end.
func (m *match) Report() map[string]int {
	t := m.tally
	out := map[string]int{"fights": t.fights, "aggressor_wins": t.aggressorWins, "zero_losses": t.zeroes,
		"deliveries": t.deliveries, "rival_suitcases": t.rivalCases, "bombs": t.bombs, "turns": m.turn}
	if m.end != nil {
		out["ended_by_"+m.end.kind]++
	}
	return out
}

// Highlights is a win by ten secrets (R22) and how many turns it took,
// for the night's recap, whose fastest couriers win is the fewest.
func (m *match) Highlights() []game.Highlight {
	if m.end == nil || m.end.kind != endWin {
		return nil
	}
	w := game.Seat(m.end.winners[0])
	return []game.Highlight{{Kind: "couriers.fastest_win", Value: -m.turn, Seats: []game.Seat{w},
		Msg: game.M("couriers.highlight.fastest_win", game.P("who", w), game.N("n", m.turn))}}
}

package wink

import (
	"sort"

	"topsecret/internal/game"
)

// Result is the outcome once the match is over: every tied leader wins (R20)
// and each seat's points are its score-pile cards (§6).
func (m *match) Result() (game.Result, bool) {
	res := game.Result{Points: make([]int, m.n)}
	best := 0
	for i, p := range m.players {
		res.Points[i] = len(p.pile)
		best = max(best, len(p.pile))
	}
	for i, pts := range res.Points {
		if pts == best {
			res.Winners = append(res.Winners, game.Seat(i))
		}
	}
	if len(res.Winners) == 1 {
		res.Summary = game.M("wink.result.win", game.P("who", res.Winners[0]), game.N("n", best))
	} else {
		res.Summary = game.M("wink.result.tie", game.PS("who", res.Winners), game.N("n", best))
	}
	return res, m.phase == PhaseOver
}

// outcome is the game-over section of the views.
func (m *match) outcome() *Outcome {
	res, _ := m.Result()
	o := &Outcome{Summary: res.Summary, Reason: m.reason}
	for _, w := range res.Winners {
		o.Winners = append(o.Winners, int(w))
	}
	for i, pts := range res.Points {
		o.Ranking = append(o.Ranking, Standing{Seat: i, Score: pts})
	}
	sort.SliceStable(o.Ranking, func(i, j int) bool { return o.Ranking[i].Score > o.Ranking[j].Score })
	for i := range o.Ranking {
		o.Ranking[i].Rank = i + 1
		if i > 0 && o.Ranking[i].Score == o.Ranking[i-1].Score {
			o.Ranking[i].Rank = o.Ranking[i-1].Rank
		}
	}
	return o
}

// Highlights is who caught the most winks (agent cards in their score
// pile, R8), for the night's recap; none when nobody caught one.
func (m *match) Highlights() []game.Highlight {
	if m.phase != PhaseOver {
		return nil
	}
	best, seats := 0, []game.Seat{}
	for i, p := range m.players {
		n := 0
		for _, c := range p.pile {
			if c.kind == agentCard {
				n++
			}
		}
		switch {
		case n > best:
			best, seats = n, []game.Seat{game.Seat(i)}
		case n == best && n > 0:
			seats = append(seats, game.Seat(i))
		}
	}
	if best == 0 {
		return nil
	}
	return []game.Highlight{{Kind: "wink.most_caught", Value: best, Seats: seats,
		Msg: game.M("wink.highlight.most_caught", game.PS("who", seats), game.N("n", best))}}
}

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

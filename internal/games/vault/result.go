package vault

import (
	"sort"

	"topsecret/internal/game"
)

// Result is the deal's outcome once it is over: each seat's points are its
// deal score, penalties included, so they may be negative (§6); every tied
// top scorer wins (R18). The room adds the points up across matches (R19).
func (m *match) Result() (game.Result, bool) {
	if m.phase != PhaseDealEnd {
		return game.Result{}, false
	}
	res := game.Result{Points: make([]int, m.n)}
	for i := range m.players {
		res.Points[i] = m.players[i].score()
	}
	best := res.Points[0]
	for _, p := range res.Points {
		best = max(best, p)
	}
	for i, p := range res.Points {
		if p == best {
			res.Winners = append(res.Winners, game.Seat(i))
		}
	}
	if len(res.Winners) == 1 {
		res.Summary = game.M("vault.result.master_spy", game.P("who", res.Winners[0]), game.N("n", best))
	} else {
		res.Summary = game.M("vault.result.shared", game.PS("who", res.Winners), game.N("n", best))
	}
	return res, true
}

// outcome is the deal-end section of the views.
func (m *match) outcome() *Outcome {
	res, _ := m.Result()
	o := &Outcome{Summary: res.Summary, Winners: []int{}}
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

// Highlights is the deal's top score, for the night's recap: its biggest
// deal is the best of these over the night's deals.
func (m *match) Highlights() []game.Highlight {
	res, over := m.Result()
	if !over || len(res.Winners) == 0 {
		return nil
	}
	best := res.Points[res.Winners[0]]
	return []game.Highlight{{Kind: "vault.biggest_deal", Value: best, Seats: res.Winners,
		Msg: game.M("vault.highlight.biggest_deal", game.PS("who", res.Winners), game.N("n", best))}}
}

package wink

import (
	"fmt"
	"sort"
	"strings"

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
	var names []string
	for i, pts := range res.Points {
		if pts == best {
			res.Winners = append(res.Winners, game.Seat(i))
			names = append(names, fmt.Sprintf("{p%d}", i))
		}
	}
	card := "cards"
	if best == 1 {
		card = "card"
	}
	if len(names) == 1 {
		res.Summary = fmt.Sprintf("%s wins with %d %s.", names[0], best, card)
	} else {
		res.Summary = fmt.Sprintf("%s and %s tie for the win with %d %s each.",
			strings.Join(names[:len(names)-1], ", "), names[len(names)-1], best, card)
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

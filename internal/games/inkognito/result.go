package inkognito

import (
	"topsecret/internal/game"
)

// Result is the game's outcome once a call was resolved: the winners each
// score 1 point (§7), which the room adds to the series (target 3, R26).
func (m *match) Result() (game.Result, bool) {
	res := game.Result{Points: make([]int, m.n), Winners: []game.Seat{}}
	copy(res.Points, m.points[:m.n])
	d := m.dial
	if d == nil {
		return res, false
	}
	for _, w := range d.winners {
		res.Winners = append(res.Winners, game.Seat(w))
	}
	verdict := "inkognito.verdict.wrong"
	if d.correct {
		verdict = "inkognito.verdict.correct"
	}
	res.Summary = game.M("inkognito.result.dialled", m.subject("who", d.by), game.X("number", d.number),
		game.T("verdict", verdict), game.PS("winners", res.Winners), game.N("n", len(res.Winners)))
	return res, m.phase == PhaseOver
}

// DialStats reports this game's resolved calls (0 or 1) and how many were
// correct, for self-play statistics.
func (m *match) DialStats() (dials, correct int) {
	if m.dial == nil {
		return 0, 0
	}
	if m.dial.correct {
		return 1, 1
	}
	return 1, 0
}

// DialStats reports the resolved calls of an Inkognito state (0 or 1) and
// how many were correct; other states report 0, 0.
func DialStats(st game.State) (dials, correct int) {
	if m, ok := st.(*match); ok {
		return m.DialStats()
	}
	return 0, 0
}

// Report is what `topsecret selfplay` adds up over many games: how often
// the dialling bots were right.
func (m *match) Report() map[string]int {
	dials, correct := m.DialStats()
	return map[string]int{"dials": dials, "correct_dials": correct}
}

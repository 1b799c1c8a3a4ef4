package inkognito

import (
	"fmt"
	"strings"

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
	var names []string
	for _, w := range d.winners {
		res.Winners = append(res.Winners, game.Seat(w))
		names = append(names, fmt.Sprintf("{p%d}", w))
	}
	verdict := "wrong"
	if d.correct {
		verdict = "correct"
	}
	res.Summary = fmt.Sprintf("%s dialled %s – %s; %s score%s 1 point.", m.whoName(d.by), d.number, verdict,
		join(names), map[bool]string{true: "s", false: ""}[len(names) == 1])
	return res, m.phase == PhaseOver
}

func join(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
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

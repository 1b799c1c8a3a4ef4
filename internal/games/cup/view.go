package cup

import (
	"slices"

	"topsecret/internal/game"
)

// TableView is what everyone sees: whose round it is, the guesses and
// their answers, the points and the cups lifted. Never the number under
// the cup before it is lifted (R2).
type TableView struct {
	Round   int       `json:"round"`
	Rounds  int       `json:"rounds"`
	Hider   game.Seat `json:"hider"`
	Guesser game.Seat `json:"guesser"`
	// Hidden is true once this round's number is under the cup.
	Hidden  bool     `json:"hidden"`
	Guesses []Guess  `json:"guesses"`
	Points  [2]int   `json:"points"`
	Lifted  []Lifted `json:"lifted"`
	// Deadline is when the awaited seat's time runs out, Unix ms; 0 for none.
	Deadline int64 `json:"deadline,omitempty"`
	Over     bool  `json:"over"`
}

// Guess is one guess with its answer: "higher", "lower", or "lost" (the
// timer took it).
type Guess struct {
	N      int    `json:"n"`
	Answer string `json:"answer"`
}

// SeatView is a player's phone: the table, and the number under the cup
// for its hider.
type SeatView struct {
	TableView
	You game.Seat `json:"you"`
	// Under is the number this seat hid, 0 for the guesser.
	Under int `json:"under,omitempty"`
}

// OmniscientView is the replay's all-seeing view.
type OmniscientView struct {
	TableView
	Under int `json:"under,omitempty"`
}

// View whitelists what v may see.
func (m *match) View(v game.Viewer) any {
	t := m.public.Of(m.table)
	switch v.Kind {
	case game.Player:
		sv := &SeatView{TableView: t, You: v.Seat}
		if v.Seat == m.hider() && !m.over() {
			sv.Under = m.under
		}
		return sv
	case game.Omniscient:
		return &OmniscientView{TableView: t, Under: m.under}
	}
	return &t
}

// table builds the shared part of every view.
func (m *match) table() TableView {
	t := TableView{Round: min(m.round, m.opts.Rounds), Rounds: m.opts.Rounds, Hider: m.hider(), Guesser: m.guesser(),
		Hidden: !m.hiding(), Points: m.points, Lifted: slices.Clone(m.lifted), Over: m.over()}
	for _, n := range m.guesses {
		g := Guess{N: n, Answer: "lost"}
		if n > 0 && n < m.under {
			g.Answer = "higher"
		} else if n > m.under {
			g.Answer = "lower"
		}
		t.Guesses = append(t.Guesses, g)
	}
	if !m.over() && m.opts.TurnMs > 0 {
		t.Deadline = m.since + int64(m.opts.TurnMs)
	}
	return t
}

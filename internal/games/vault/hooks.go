package vault

import (
	"slices"

	"topsecret/internal/game"
)

// The contract and the optional hooks this game implements, in one place:
// a renamed method fails to compile here instead of silently turning a
// feature off.
var (
	_ game.Rules       = Rules{}
	_ game.State       = (*match)(nil)
	_ game.Seater      = (*match)(nil)
	_ game.Bot         = Bot{}
	_ game.Graded      = Bot{}
	_ game.Pacer       = Bot{}
	_ game.BotPlayer   = Rules{}
	_ game.Invariant   = (*match)(nil)
	_ game.Twinner     = (*match)(nil)
	_ game.Cloner      = (*match)(nil)
	_ game.Turner      = (*match)(nil)
	_ game.Rounder     = (*match)(nil)
	_ game.Reporter    = (*match)(nil)
	_ game.Colourer    = (*match)(nil)
	_ game.Highlighter = (*match)(nil)
	_ game.Addresser   = (*match)(nil)
)

// Audience is whom the latest action concerned: everyone. Every action of
// vault changes what the table shows (a card committed face down, a boom,
// a steal, a safe secured, the phase and its timer), and every seat's view
// holds the table's: over bot-played matches, with and without timers, no
// action left any viewer's view and moves as they were.
func (m *match) Audience() game.Audience { return game.Everyone() }

// Clone returns a deep copy that evolves exactly like the match under the
// same actions; replay timelines keep such snapshots.
func (m *match) Clone() game.State { return m.clone() }

// clone is a deep copy of the match. Event messages are shared: nothing
// changes a message once it is recorded.
func (m *match) clone() *match {
	c := *m
	// A twin differs in hidden cards, so it must build its own views.
	c.public.Drop()
	c.players = make([]player, len(m.players))
	for i, p := range m.players {
		p.hand, p.stake, p.x1, p.x2 = slices.Clone(p.hand), slices.Clone(p.stake), slices.Clone(p.x1), slices.Clone(p.x2)
		c.players[i] = p
	}
	c.discard, c.reserve, c.eligible = slices.Clone(m.discard), slices.Clone(m.reserve), slices.Clone(m.eligible)
	c.moments = m.moments.clone()
	return &c
}

// clone is a deep copy of the trick's moments.
func (mo moments) clone() moments {
	c := moments{booms: slices.Clone(mo.booms), steals: slices.Clone(mo.steals)}
	if mo.reveal != nil {
		r := *mo.reveal
		r.played = slices.Clone(r.played)
		c.reveal = &r
	}
	if mo.blast != nil {
		b := *mo.blast
		b.missed, b.burned = slices.Clone(b.missed), slices.Clone(b.burned)
		c.blast = &b
	}
	for _, b := range mo.banks {
		b.cards = slices.Clone(b.cards)
		c.banks = append(c.banks, b)
	}
	return c
}

// SeatColours are the seats' public colours: seat i plays colour i (H1),
// the names the board's palette knows.
func (m *match) SeatColours() []string { return slices.Clone(colours[:m.n]) }

// Turn numbers the steps of the deal from 1: every phase of every trick
// (commit, Boom, moles, bank-or-keep) is a turn of its own.
func (m *match) Turn() int { return m.step }

// Round is the trick being played, from 1.
func (m *match) Round() int { return m.trick }

// Report counts what a deal came to, for selfplay's totals: pairs banked
// in x2, cards banked in x1, missed Booms and cards discarded.
func (m *match) Report() map[string]int {
	r := map[string]int{"pairs": 0, "singles": 0, "missed_booms": 0, "discarded": len(m.discard)}
	for _, p := range m.players {
		r["pairs"] += len(p.x2)
		r["singles"] += len(p.x1)
		r["missed_booms"] += p.missed
	}
	return r
}

// Seats is the number of seats of the match.
func (m *match) Seats() int { return m.n }

package inkognito

import (
	"fmt"
	"math/bits"
	"slices"

	"topsecret/internal/game"
)

// Invariant reports a broken conservation law: every set of five location
// cards is whole (hand + played this cycle + Ambassador deck, sealed card),
// the black cards are a deal of the four identities and fragments, the 24
// numbers are distinct, every pair ever shown or sealed has exactly one
// true card (R1), and the phase fits the round.
func (m *match) Invariant() error {
	if err := m.locationsWhole(); err != nil {
		return err
	}
	var ids, frags uint8
	for _, a := range m.agents {
		ids |= 1 << m.black[a].ID
		frags |= 1 << m.black[a].Frag
	}
	if ids != 0xF || frags != 0xF {
		return fmt.Errorf("black cards are not a deal: identities %04b fragments %04b", ids, frags)
	}
	if n := AllNumbers(); len(slices.Compact(slices.Sorted(slices.Values(n)))) != 24 {
		return fmt.Errorf("the 24 numbers are not distinct")
	}
	for s := range 5 {
		for to := range 5 {
			if err := m.pairsTrue(s, m.pairs[s][to]); err != nil {
				return err
			}
		}
		if c := m.subs[s]; c != nil && c.typ == ActShowPair && m.black[s].True(c.pair[0]) == m.black[s].True(c.pair[1]) {
			return fmt.Errorf("seat %d sealed a pair without exactly one true card", s)
		}
	}
	return m.phaseFits()
}

// locationsWhole checks that each owner's five sites are each held or played once.
func (m *match) locationsWhole() error {
	owners := m.agents[:]
	if m.n == 5 {
		owners = append(slices.Clone(owners), m.amb)
	}
	for _, o := range owners {
		seen := m.hands[o]
		for s, cards := range m.table {
			for _, p := range cards {
				if p.who == o && p.amb == (o == m.amb) {
					if seen&(1<<s) != 0 {
						return fmt.Errorf("seat %d's %s card is in two places", o, Site(s))
					}
					seen |= 1 << s
				}
			}
		}
		if o == m.amb && m.commit != noSite {
			seen |= 1 << m.commit
		}
		if seen != fullHand {
			return fmt.Errorf("seat %d's location cards %05b, want all five", o, seen)
		}
	}
	if m.n < 5 {
		seen := uint8(0)
		for _, s := range m.deck {
			seen |= 1 << s
		}
		for s, cards := range m.table {
			for _, p := range cards {
				if p.amb {
					seen |= 1 << s
				}
			}
		}
		if seen != fullHand || bits.OnesCount8(seen) != len(m.deck)+m.ambPlayed() {
			return fmt.Errorf("Ambassador deck %v does not complete the cycle", m.deck)
		}
	}
	return nil
}

func (m *match) ambPlayed() int {
	k := 0
	for _, cards := range m.table {
		for _, p := range cards {
			if p.amb {
				k++
			}
		}
	}
	return k
}

// pairsTrue checks every pair in a ledger has exactly one true card for s (R1).
func (m *match) pairsTrue(s int, ledger uint64) error {
	for a := Face(0); a < numFaces; a++ {
		for b := a + 1; b < numFaces; b++ {
			if ledger&pairBit(a, b) != 0 && m.black[s].True(a) == m.black[s].True(b) {
				return fmt.Errorf("seat %d showed {%s,%s}, not exactly one true", s, a, b)
			}
		}
	}
	return nil
}

// phaseFits checks the phase against the round's state.
func (m *match) phaseFits() error {
	played := 0
	for _, a := range m.agents {
		if m.plays[a] != noSite {
			played++
		}
	}
	switch m.phase {
	case PhaseCommit, PhasePlay:
		if played != m.turn || m.ambCard != noSite || len(m.meetings) > 0 {
			return fmt.Errorf("%s with %d cards played at turn %d", m.phase, played, m.turn)
		}
	case PhaseAct, PhaseBlack:
		if played != 4 || m.ambCard == noSite || len(m.meetings) == 0 {
			return fmt.Errorf("%s with %d cards played and %d meetings", m.phase, played, len(m.meetings))
		}
	case PhaseOver:
		if m.dial == nil {
			return fmt.Errorf("over without a call")
		}
	}
	return nil
}

// clone is a deep copy of the game.
func (m *match) clone() *match {
	c := *m
	// A twin differs in hidden cards, so it must build its own views.
	c.public.Drop()
	c.deck = slices.Clone(m.deck)
	for i := range m.table {
		c.table[i] = slices.Clone(m.table[i])
	}
	c.meetings = slices.Clone(m.meetings)
	for i := range c.meetings {
		c.meetings[i].agents = slices.Clone(m.meetings[i].agents)
	}
	for i, s := range m.subs {
		if s != nil {
			cc := *s
			c.subs[i] = &cc
		}
	}
	c.requests = slices.Clone(m.requests)
	for i := range m.sheets {
		c.sheets[i] = slices.Clone(m.sheets[i])
		for j := range c.sheets[i] {
			c.sheets[i][j].Marks = slices.Clone(m.sheets[i][j].Marks)
		}
	}
	if m.dial != nil {
		d := *m.dial
		d.winners = slices.Clone(m.dial.winners)
		c.dial = &d
	}
	return &c
}

// Twin returns a copy that differs only in what seat s alone may know (its
// black cards, its sealed submission, the 5p Ambassador's sealed card) or,
// for game.System, in what nobody may know (the Ambassador deck's order,
// the fictitious agent's black cards). The gametest leak check asserts that
// every other viewer sees the twin exactly as the original.
func (m *match) Twin(s game.Seat, r *game.Rand) game.State {
	c := m.clone()
	if m.phase == PhaseOver {
		return c
	}
	if s == game.System {
		r.Shuffle(len(c.deck), func(i, j int) { c.deck[i], c.deck[j] = c.deck[j], c.deck[i] })
		if m.n == 3 {
			c.black[Fict] = Black{ID: Identity(r.IntN(4)), Frag: Fragment(r.IntN(4))}
		}
		return c
	}
	i := int(s)
	if i != c.amb {
		c.black[i] = Black{ID: Identity(r.IntN(4)), Frag: Fragment(r.IntN(4))}
	} else if c.commit != noSite {
		if left := sitesOf(c.hands[i] | 1<<c.commit); len(left) > 1 {
			nc := left[r.IntN(len(left))]
			c.hands[i] = (c.hands[i] | 1<<c.commit) &^ (1 << nc)
			c.commit = nc
		}
	}
	if sub := c.subs[i]; sub != nil {
		*sub = twinCommand(*sub, r)
	}
	return c
}

// twinCommand is another sealed submission of the same meeting.
func twinCommand(c command, r *game.Rand) command {
	switch r.IntN(3) {
	case 0:
		return command{typ: ActDial, dial: [4]Fragment{3, 2, 1, 0}, dialOK: true}
	case 1:
		if c.typ == ActShowPair || c.typ == ActShowBlack || c.typ == ActPass {
			return command{typ: ActShowBlack, kind: Kind(r.IntN(2)), hasKind: true}
		}
	}
	c.kind = 1 - c.kind
	c.pair[0] = Face(r.IntN(numFaces))
	return c
}

package wink

import (
	"fmt"
	"slices"

	"topsecret/internal/game"
)

// Invariant reports a broken conservation law or phase rule: every agent card
// (7 per colour in play) and location card (8 per place) is in exactly one
// place, chips stay within 0–3, and hands fit the phase.
func (m *match) Invariant() error {
	agents := make([]int, m.n)
	locs := make([]int, 4)
	count := func(cs []Colour) {
		for _, c := range cs {
			agents[c]++
		}
	}
	countL := func(ls []Location) {
		for _, l := range ls {
			locs[l]++
		}
	}
	count(m.agentDeck)
	count(m.agentDiscard)
	count(m.removed)
	countL(m.locDeck)
	countL(m.locDiscard)
	if m.claim != nil {
		agents[m.claim.card]++
	}
	for i, p := range m.players {
		if p.agent != noColour {
			if int(p.agent) == i {
				return fmt.Errorf("seat %d holds its own colour", i)
			}
			agents[p.agent]++
		}
		if p.loc != noLocation {
			locs[p.loc]++
		}
		for _, c := range p.pile {
			if c.kind == agentCard {
				agents[c.val]++
			} else {
				locs[c.val]++
			}
		}
		if p.chips < 0 || p.chips > startChips || p.chips < m.queued(i) {
			return fmt.Errorf("seat %d has %d chips with %d queued accusations", i, p.chips, m.queued(i))
		}
		if err := m.handFits(i); err != nil {
			return err
		}
	}
	for c, k := range agents {
		if k != agentsPerColour {
			return fmt.Errorf("%d %s agent cards, want %d", k, Colour(c), agentsPerColour)
		}
	}
	for l, k := range locs {
		if k != locationsPerPlace {
			return fmt.Errorf("%d %s location cards, want %d", k, Location(l).Code(), locationsPerPlace)
		}
	}
	if m.phase == PhaseClaim && m.claim == nil || m.phase != PhaseClaim && m.claim != nil {
		return fmt.Errorf("phase %s with claim %v", m.phase, m.claim)
	}
	return nil
}

// handFits checks that seat i holds the cards its phase requires.
func (m *match) handFits(i int) error {
	p := m.players[i]
	if m.phase == PhaseOver {
		return nil
	}
	dealt := m.phase != PhaseDeal || (i-m.start+m.n)%m.n < (m.suitcase-m.start+m.n)%m.n
	wantAgent := dealt && !(m.claim != nil && m.claim.claimant == i)
	if (p.agent != noColour) != wantAgent || (p.loc != noLocation) != dealt {
		return fmt.Errorf("seat %d in %s: agent %s, location %q", i, m.phase, p.agent, p.loc.Code())
	}
	return nil
}

// clone is a deep copy of the match.
func (m *match) clone() *match {
	c := *m
	// A twin differs in hidden cards, so it must build its own views.
	c.public.Drop()
	c.players = make([]player, len(m.players))
	for i, p := range m.players {
		p.pile = slices.Clone(p.pile)
		p.sightings = slices.Clone(p.sightings)
		c.players[i] = p
	}
	c.agentDeck, c.agentDiscard, c.removed = slices.Clone(m.agentDeck), slices.Clone(m.agentDiscard), slices.Clone(m.removed)
	c.locDeck, c.locDiscard = slices.Clone(m.locDeck), slices.Clone(m.locDiscard)
	c.queue, c.winks = slices.Clone(m.queue), slices.Clone(m.winks)
	if m.claim != nil {
		cl := *m.claim
		c.claim = &cl
	}
	return &c
}

// Twin returns a copy of the match that differs only in what seat s alone may
// know (its cards and score-pile contents) or, for game.System, in what nobody
// may know (deck and discard order and contents). Every other viewer's view
// of the twin must equal its view of the match; the gametest leak check
// relies on it.
func (m *match) Twin(s game.Seat, r *game.Rand) game.State {
	c := m.clone()
	if m.phase == PhaseOver {
		return c
	}
	if s == game.System {
		c.shuffleAgents(r, c.agentDeck)
		c.shuffleLocations(r, c.locDeck)
		c.shuffleAgents(r, c.agentDiscard)
		c.shuffleLocations(r, c.locDiscard)
		// Trade cards between the hidden piles so contents change too.
		if len(c.agentDeck) > 0 && len(c.removed) > 0 {
			i, j := r.IntN(len(c.agentDeck)), r.IntN(len(c.removed))
			c.agentDeck[i], c.removed[j] = c.removed[j], c.agentDeck[i]
		}
		if len(c.agentDeck) > 0 && len(c.agentDiscard) > 0 {
			i, j := r.IntN(len(c.agentDeck)), r.IntN(len(c.agentDiscard))
			c.agentDeck[i], c.agentDiscard[j] = c.agentDiscard[j], c.agentDeck[i]
		}
		return c
	}
	i := int(s)
	p := &c.players[i]
	if p.agent != noColour {
		if j := pickOther(r, c.agentDeck, func(x Colour) bool { return x != p.agent && int(x) != i }); j >= 0 {
			p.agent, c.agentDeck[j] = c.agentDeck[j], p.agent
		}
	}
	if p.loc != noLocation {
		if j := pickOther(r, c.locDeck, func(x Location) bool { return x != p.loc }); j >= 0 {
			p.loc, c.locDeck[j] = c.locDeck[j], p.loc
		}
	}
	for k, cd := range p.pile {
		if cd.kind == agentCard {
			if j := pickOther(r, c.agentDeck, func(x Colour) bool { return int(x) != cd.val }); j >= 0 {
				p.pile[k].val, c.agentDeck[j] = int(c.agentDeck[j]), Colour(cd.val)
			}
		}
	}
	return c
}

// pickOther is a random index of d whose card satisfies ok, or -1.
func pickOther[T any](r *game.Rand, d []T, ok func(T) bool) int {
	var idx []int
	for i, x := range d {
		if ok(x) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return -1
	}
	return idx[r.IntN(len(idx))]
}

package vault

import (
	"fmt"
	"slices"

	"topsecret/internal/game"
)

// Invariant reports a broken conservation law or phase rule: each of the 90
// cards lies in exactly one place (hands, commits, stake zones, action
// slots, safes, discard, reserve), no stake zone holds more than two cards
// (R24) and hands stay level.
func (m *match) Invariant() error {
	seen := make([]int, deckSize)
	add := func(cs ...card) {
		for _, c := range cs {
			if c.valid() {
				seen[c]++
			}
		}
	}
	add(m.discard...)
	add(m.reserve...)
	size := -1
	for i, p := range m.players {
		add(p.hand...)
		add(p.commit, p.slot)
		add(p.stake...)
		add(p.x1...)
		for _, pr := range p.x2 {
			add(pr[0], pr[1])
			if !pairs(pr[0], pr[1]) {
				return fmt.Errorf("seat %d: x2 holds %s + %s, not a pair", i, pr[0], pr[1])
			}
		}
		if err := m.zoneFits(i); err != nil {
			return err
		}
		held := len(p.hand)
		if p.commit != noCard {
			held++
		}
		if size >= 0 && held != size {
			return fmt.Errorf("seat %d holds %d cards, another %d", i, held, size)
		}
		size = held
	}
	for c, k := range seen {
		if k != 1 {
			return fmt.Errorf("card %d (%s) is in %d places", c, card(c), k)
		}
	}
	if m.phase == PhaseSelect && size != m.tricks-m.trick+1 {
		return fmt.Errorf("trick %d of %d with %d cards in hand", m.trick, m.tricks, size)
	}
	return nil
}

// zoneFits checks seat i's stake zone and slots against the phase (R24, S2).
func (m *match) zoneFits(i int) error {
	p := &m.players[i]
	switch {
	case len(p.stake) > 2:
		return fmt.Errorf("seat %d has %d face-up cards (R24)", i, len(p.stake))
	case m.phase == PhaseSelect && (len(p.stake) > 1 || p.slot != noCard):
		return fmt.Errorf("seat %d enters a trick with %d staked cards and slot %v", i, len(p.stake), p.slot)
	case m.phase != PhaseSelect && p.commit != noCard:
		return fmt.Errorf("seat %d has a commit in %s", i, m.phase)
	case p.decider && (m.phase != PhaseSecure || len(p.stake) != 1):
		return fmt.Errorf("seat %d decides in %s with %d staked cards", i, m.phase, len(p.stake))
	}
	for _, c := range p.stake {
		if !c.rank().Stakes() {
			return fmt.Errorf("seat %d stakes a %s", i, c)
		}
	}
	return nil
}

// Twin returns a copy of the match that differs only in what seat s alone
// may know — its hand, its face-down commit, its safe's contents and its
// pending bank-or-keep choice — or, for game.System, in what nobody may
// know (the unused reserve). Every other viewer's view of the twin must
// equal its view of the match; the gametest leak check relies on it.
func (m *match) Twin(s game.Seat, r *game.Rand) game.State {
	c := m.clone()
	if m.phase == PhaseDealEnd {
		return c
	}
	if s == game.System {
		r.Shuffle(len(c.reserve), func(i, j int) { c.reserve[i], c.reserve[j] = c.reserve[j], c.reserve[i] })
		return c
	}
	p := &c.players[int(s)]
	pool := slices.Clone(p.hand)
	if p.commit != noCard {
		pool = append(pool, p.commit)
	}
	pool = append(pool, p.x1...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	n := len(p.hand)
	p.hand = pool[:n:n]
	sortCards(p.hand)
	rest := pool[n:]
	if p.commit != noCard {
		p.commit, rest = rest[0], rest[1:]
	}
	p.x1 = slices.Clone(rest)
	for k := range p.x2 {
		p.x2[k][0], p.x2[k][1] = p.x2[k][1], p.x2[k][0]
	}
	switch p.decision {
	case bank:
		p.decision = keep
	case keep:
		p.decision = bank
	}
	return c
}

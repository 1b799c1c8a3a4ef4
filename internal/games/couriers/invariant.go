package couriers

import (
	"fmt"
	"slices"

	"topsecret/internal/game"
)

// Invariant reports a broken conservation law: every suitcase lies on one
// city, is carried by exactly one agent or is delivered once; every agent
// is on a city, in its start base or eliminated, and carries only in a city; at rest no city holds two colours or three agents
// of one colour (R6, §7); each hand and discard make up the seven combat
// cards (R1); secrets are the sum of the delivered clues.
func (m *match) Invariant() error {
	if err := m.suitcasesConserved(); err != nil {
		return err
	}
	if err := m.agentsPlaced(); err != nil {
		return err
	}
	if err := m.citiesAtRest(); err != nil {
		return err
	}
	for s, p := range m.players {
		cards := slices.Concat(p.hand, p.discard)
		slices.Sort(cards)
		if !slices.Equal(cards, fullHand()) || len(p.hand) == 0 {
			return fmt.Errorf("seat %d: hand %v and discard %v are not the seven cards", s, p.hand, p.discard)
		}
		if p.sealed >= 0 && (!slices.Contains(p.hand, p.sealed) || !m.combatant(s) || m.phase != PhaseCards) {
			return fmt.Errorf("seat %d: sealed %d outside a fight or hand", s, p.sealed)
		}
		sum := 0
		for _, c := range p.deliveries {
			sum += m.players[caseSeat(c)].clues[c%SuitcasesPerColour].Secrets()
		}
		if sum != p.secrets {
			return fmt.Errorf("seat %d: %d secrets, deliveries hold %d", s, p.secrets, sum)
		}
	}
	if m.pool < 0 || m.pool > 6 {
		return fmt.Errorf("pool %d", m.pool)
	}
	return nil
}

// suitcasesConserved checks that each suitcase is in exactly one place.
func (m *match) suitcasesConserved() error {
	carried := map[int]int{}
	for a, ag := range m.agents {
		if ag.carries < 0 {
			continue
		}
		if !world.isCity(ag.at) {
			return fmt.Errorf("%s carries %s outside a city", m.agentID(a), m.caseID(ag.carries))
		}
		carried[ag.carries]++
		if m.cases[ag.carries].carrier != a {
			return fmt.Errorf("%s carries %s, whose carrier is %d", m.agentID(a), m.caseID(ag.carries), m.cases[ag.carries].carrier)
		}
	}
	delivered := map[int]int{}
	for _, p := range m.players {
		for _, c := range p.deliveries {
			delivered[c]++
		}
	}
	for c, sc := range m.cases {
		places := carried[c] + delivered[c]
		if sc.at != noNode {
			places++
			if !world.isCity(sc.at) {
				return fmt.Errorf("%s lies on base %s", m.caseID(c), world.id(sc.at))
			}
		}
		want := 1
		if m.phase == PhaseHide {
			want = 0
		}
		if places != want {
			return fmt.Errorf("%s is in %d places, want %d", m.caseID(c), places, want)
		}
		if (sc.deliveredBy >= 0) != (delivered[c] == 1) || (sc.carrier >= 0) != (carried[c] == 1) {
			return fmt.Errorf("%s: bookkeeping differs", m.caseID(c))
		}
	}
	return nil
}

// agentsPlaced checks that each of the 7 agents per colour is on a city,
// in its own start base or eliminated: never in another base (R4).
func (m *match) agentsPlaced() error {
	if len(m.agents) != m.n*AgentsPerColour {
		return fmt.Errorf("%d agents for %d players", len(m.agents), m.n)
	}
	for a, ag := range m.agents {
		if ag.at != noNode && !world.isCity(ag.at) && ag.at != world.start[m.colours[agentSeat(a)]] {
			return fmt.Errorf("%s stands in %s", m.agentID(a), world.id(ag.at))
		}
	}
	return nil
}

// citiesAtRest checks the stacking limit and that colours meet only in a fight.
func (m *match) citiesAtRest() error {
	o := m.occupancy()
	for n := range node(world.cities) {
		colours := 0
		for s := range m.n {
			k := o.own(n, s)
			if k > 2 {
				return fmt.Errorf("%d agents of seat %d in %s (R6)", k, s, world.id(n))
			}
			if k > 0 {
				colours++
			}
		}
		if colours > 1 && (m.fight == nil || m.fight.city != n) {
			return fmt.Errorf("%d colours meet in %s outside a fight", colours, world.id(n))
		}
	}
	return nil
}

// clone is a deep copy of the match.
func (m *match) clone() *match {
	c := *m
	c.colours = slices.Clone(m.colours)
	c.players = make([]player, len(m.players))
	for i, p := range m.players {
		p.hand, p.discard, p.deliveries = slices.Clone(p.hand), slices.Clone(p.discard), slices.Clone(p.deliveries)
		c.players[i] = p
	}
	c.agents, c.cases = slices.Clone(m.agents), slices.Clone(m.cases)
	c.bonus, c.moved = slices.Clone(m.bonus), slices.Clone(m.moved)
	if m.fight != nil {
		f := *m.fight
		f.defenders = slices.Clone(f.defenders)
		c.fight = &f
	}
	if m.loot != nil {
		l := *m.loot
		c.loot = &l
	}
	c.firstRolls = make([][]firstRoll, len(m.firstRolls))
	for i, r := range m.firstRolls {
		c.firstRolls[i] = slices.Clone(r)
	}
	if m.lastFight != nil {
		f := *m.lastFight
		c.lastFight = &f
	}
	if m.trail != nil {
		t := trail{agent: m.trail.agent, path: slices.Clone(m.trail.path)}
		c.trail = &t
	}
	if m.end != nil {
		e := ending{kind: m.end.kind, winners: slices.Clone(m.end.winners)}
		c.end = &e
	}
	return &c
}

// Clone is a deep copy that evolves exactly like the match (game.Cloner).
func (m *match) Clone() game.State { return m.clone() }

// Twin returns a copy differing only in what seat s alone may know: the
// clues under its undelivered suitcases, its placement before the reveal
// and its face-down combat card. Nothing is hidden from everyone, so the
// System twin is a plain copy. Every other viewer must see the twin as it
// sees the match; the leak checks rely on it.
func (m *match) Twin(s game.Seat, r *game.Rand) game.State {
	c := m.clone()
	if s == game.System || m.phase == PhaseOver {
		return c
	}
	p := &c.players[int(s)]
	if p.hidden {
		var free []int
		for l := range SuitcasesPerColour {
			if c.cases[int(s)*SuitcasesPerColour+l].deliveredBy < 0 {
				free = append(free, l)
			}
		}
		r.Shuffle(len(free), func(i, j int) {
			p.clues[free[i]], p.clues[free[j]] = p.clues[free[j]], p.clues[free[i]]
		})
		if c.phase == PhaseHide {
			r.Shuffle(len(p.place), func(i, j int) { p.place[i], p.place[j] = p.place[j], p.place[i] })
		}
	}
	if p.sealed >= 0 {
		p.sealed = p.hand[r.IntN(len(p.hand))]
	}
	return c
}

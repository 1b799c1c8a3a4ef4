package couriers

import (
	"topsecret/internal/game"
)

// mayDeliver applies the first-three rule (R19): a player whose first two
// deliveries were both their own colour may not deliver their own colour
// third. Colours are public, so this never reveals a clue.
func (m *match) mayDeliver(s, c int) bool {
	d := m.players[s].deliveries
	return len(d) != 2 || caseSeat(d[0]) != s || caseSeat(d[1]) != s || caseSeat(c) != s
}

// deliver opens the suitcase agent a carried into its arrival base (§8.1):
// its clue is shown to all and counts for the deliverer. A courier goes
// home after secrets; a bomb eliminates it and half the agents (§8.2).
func (m *match) deliver(a int) {
	s := agentSeat(a)
	c := m.agents[a].carries
	clue := m.players[caseSeat(c)].clues[c%SuitcasesPerColour]
	m.agents[a].carries = -1
	m.cases[c] = suitcase{at: noNode, carrier: -1, deliveredBy: s}
	p := &m.players[s]
	p.deliveries = append(p.deliveries, c)
	p.secrets += clue.Secrets()
	m.tally.deliveries++
	if caseSeat(c) != s {
		m.tally.rivalCases++
	}
	if clue == ClueBomb {
		m.tally.bombs++
	}
	m.say(kindDelivery, "couriers.event.delivered", who(s), m.caseArg(c), term("clue", clueTerm(clue)),
		game.N("n", p.secrets))
	if clue == ClueBomb {
		m.explode(a)
		return
	}
	m.agents[a].at = world.start[m.colours[s]]
	m.say(kindDelivery, "couriers.event.courier_home", m.agentArg(a), placeArg(m.agents[a].at))
	if !m.ended() {
		m.phase = PhaseMove
	}
}

// explode eliminates half the deliverer's agents in play, rounded up, the
// courier first; the player picks the others (R20).
func (m *match) explode(courier int) {
	s := agentSeat(courier)
	k := (m.inPlay(s) + 1) / 2
	m.say(kindBomb, "couriers.event.bomb", who(s), game.N("n", k))
	m.eliminate(courier)
	if m.ended() {
		return
	}
	if k > 1 {
		m.bombLeft = k - 1
		m.phase = PhaseBomb
		return
	}
	m.goOnOrEnd()
}

// goOnOrEnd resumes the turn, or ends it when the active player has no agent left.
func (m *match) goOnOrEnd() {
	if m.inPlay(m.active) == 0 {
		m.endTurn()
		return
	}
	m.phase = PhaseMove
}

// victimsCmd is ActBombVictims (R20).
type victimsCmd struct{ agents []int }

func (m *match) decodeVictims(a game.Action) (command, error) {
	d, err := decodeAs(a, BombVictims{})
	if err != nil {
		return nil, err
	}
	c := victimsCmd{}
	for _, id := range d.Agents {
		ag, ok := m.agentByID(id)
		if !ok {
			return nil, game.Malformed("bomb_victims: no agent %q", id)
		}
		c.agents = append(c.agents, ag)
	}
	return c, nil
}

func (c victimsCmd) check(m *match, s int) error {
	if err := m.expect(PhaseBomb, s); err != nil {
		return err
	}
	if len(c.agents) != m.bombLeft {
		return game.Illegal("R20", "couriers.refuse.wrong_count", game.N("n", m.bombLeft))
	}
	seen := map[int]bool{}
	for _, a := range c.agents {
		if agentSeat(a) != s || m.agents[a].at == noNode || seen[a] {
			return game.Illegal("R20", "couriers.refuse.not_eligible", m.agentArg(a))
		}
		seen[a] = true
	}
	return nil
}

func (c victimsCmd) apply(m *match, _ int, _ *game.Rand) { m.eliminateVictims(c.agents) }

// eliminateVictims removes the chosen agents, each dropping its suitcase, then goes on.
func (m *match) eliminateVictims(victims []int) {
	terms := make([]game.Msg, len(victims))
	for i, a := range victims {
		terms[i] = m.agentTerm(a)
	}
	m.say(kindBomb, "couriers.event.bomb_victims", who(m.active), game.TS("agents", terms))
	for _, a := range victims {
		m.eliminate(a)
	}
	m.bombLeft = 0
	if !m.ended() {
		m.goOnOrEnd()
	}
}

// defaultVictims are the bomb victims a timeout picks: agents in the start
// base first, then the lowest ids (§10).
func (m *match) defaultVictims() []int {
	s := m.active
	home := world.start[m.colours[s]]
	var first, rest []int
	for a := s * AgentsPerColour; a < (s+1)*AgentsPerColour; a++ {
		switch m.agents[a].at {
		case noNode:
		case home:
			first = append(first, a)
		default:
			rest = append(rest, a)
		}
	}
	return append(first, rest...)[:m.bombLeft]
}

// undelivered is U of R23: the secrets in suitcases not yet delivered.
// Every colour hides 9, so it follows from the public deliveries alone.
func (m *match) undelivered() int {
	u := m.n * (int(ClueFive) + int(ClueThree) + int(ClueOne))
	for _, p := range m.players {
		for _, c := range p.deliveries {
			u -= m.players[caseSeat(c)].clues[c%SuitcasesPerColour].Secrets()
		}
	}
	return u
}

// ended runs the win check (R22) and then the exhaustion check (R23), and
// finishes the match when either ends it.
func (m *match) ended() bool {
	if m.phase == PhaseOver {
		return true
	}
	for s, p := range m.players {
		if p.secrets >= WinningSecrets {
			m.finish(endWin, []int{s})
			return true
		}
	}
	u := m.undelivered()
	for s, p := range m.players {
		if m.inPlay(s) > 0 && p.secrets+u >= WinningSecrets {
			return false
		}
	}
	best := 0
	for _, p := range m.players {
		best = max(best, p.secrets)
	}
	var top []int
	for s, p := range m.players {
		if p.secrets == best {
			top = append(top, s)
		}
	}
	m.finish(endExhaustion, top)
	return true
}

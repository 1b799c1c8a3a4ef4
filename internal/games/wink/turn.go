package wink

import (
	"encoding/json"

	"topsecret/internal/game"
)

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// checkHolder refuses a turn action (claim, swap, pass) from anyone but the
// suitcase holder in TURN.
func (m *match) checkHolder(rule string, s int) error {
	switch m.phase {
	case PhaseDeal:
		return game.Illegal("R5", "the first round only deals cards; missions, swaps and passes start when the suitcase comes back")
	case PhaseClaim:
		if s == m.claim.claimant {
			return game.Illegal("R3", "your claim is your action for this turn; wait for {p%d} to answer", m.claim.contact)
		}
		return game.NotYourTurn(rule, "a claim is pending; it is not your turn")
	}
	if s != m.suitcase {
		return game.NotYourTurn(rule, "only the suitcase holder, {p%d}, may do that now", m.suitcase)
	}
	return nil
}

func (takeCards) check(m *match, s int, _ int64) error {
	if m.phase != PhaseDeal {
		return game.Illegal("C1", "cards are only taken in the first round")
	}
	if s != m.suitcase {
		return game.NotYourTurn("C1", "{p%d} is drawing now; wait for the suitcase", m.suitcase)
	}
	return nil
}

func (takeCards) apply(m *match, s int, t int64, r *game.Rand) { m.deal(t, r) }

// deal is C1 for the suitcase holder: draw an agent, then a location card.
func (m *match) deal(t int64, r *game.Rand) {
	s := m.suitcase
	if !m.drawAgent(s, t) || !m.drawLocation(s, t, r) {
		return
	}
	m.log(kindTake, nil, "{p%d} took their cards.", s)
	m.suitcase = m.next(s)
	if m.suitcase == m.start {
		m.enter(PhaseTurn, t)
		return
	}
	m.enter(PhaseDeal, t)
}

func (d dealTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer("C1", PhaseDeal, d.Step, m.opts.DealAutoMs, t)
}

func (dealTimeout) apply(m *match, _ int, t int64, r *game.Rand) { m.deal(t, r) }

func (c claimCmd) check(m *match, s int, _ int64) error {
	if err := m.checkHolder("C2", s); err != nil {
		return err
	}
	p := m.players[s]
	if c.epoch != p.epoch {
		return game.Stale("R11", "your agent card has changed since you chose to claim")
	}
	if m.remote() && !m.winked(s, int(p.agent), p.epoch) {
		return game.Illegal("R15", "only a player who winked may complete a mission: wink at {p%d} first", int(p.agent))
	}
	return nil
}

func (c claimCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	p := &m.players[s]
	contact := int(p.agent)
	m.claim = &claim{claimant: s, contact: contact, card: p.agent, loc: c.loc,
		match: m.players[contact].loc == c.loc}
	p.agent = noColour
	p.epoch++
	m.stall = 0
	m.log(kindClaim, nil, "{p%d} reveals a %s agent card: \"I meet {p%d} at the %s!\"", s, m.claim.card, contact, c.loc.Name())
	m.enter(PhaseClaim, t)
}

func (confirmClaim) check(m *match, s int, _ int64) error {
	if m.phase != PhaseClaim {
		return game.Illegal("C3", "there is no claim to answer")
	}
	if s != m.claim.contact {
		return game.NotYourTurn("C3", "only {p%d}, the named contact, answers this claim", m.claim.contact)
	}
	return nil
}

func (confirmClaim) apply(m *match, _ int, t int64, r *game.Rand) { m.resolveClaim(t, r) }

func (d claimTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer("R14", PhaseClaim, d.Step, m.opts.ClaimConfirmMs, t)
}

func (claimTimeout) apply(m *match, _ int, t int64, r *game.Rand) { m.resolveClaim(t, r) }

// resolveClaim settles CLAIM (§4.4 claim resolution, R16), then hears the
// queued accusations and passes the suitcase (R4, R12).
func (m *match) resolveClaim(t int64, r *game.Rand) {
	c := m.claim
	m.claim = nil
	p, ct := c.claimant, c.contact
	if c.match {
		m.log(kindReveal, nil, "{p%d} reveals the %s: mission accomplished! {p%d} and {p%d} score a card each.", ct, c.loc.Name(), p, ct)
		m.players[p].pile = append(m.players[p].pile, card{agentCard, int(c.card)})
		m.players[ct].pile = append(m.players[ct].pile, card{locationCard, int(m.players[ct].loc)})
		m.players[ct].loc = noLocation
		m.players[ct].locEpoch++
		if !m.drawAgent(p, t) || !m.drawLocation(ct, t, r) {
			return
		}
	} else {
		m.log(kindNotMe, nil, "{p%d}: \"Not me.\" The mission failed; the %s card is discarded.", ct, c.card)
		m.agentDiscard = append(m.agentDiscard, c.card)
		if !m.drawAgent(p, t) {
			return
		}
	}
	queue := m.queue
	m.queue = nil
	for _, q := range queue {
		if m.phase == PhaseOver {
			return
		}
		if err := m.checkAccusation(q.accuser, q.winker, q.target, q.epoch, 0); err != nil {
			m.notify(q.accuser, kindDropped, "Your accusation of {p%d} was dropped (%s); you keep your chip.", q.winker, err.(*game.RuleError).Msg)
			continue
		}
		m.accuse(q.accuser, q.winker, q.target, t)
	}
	if m.phase != PhaseOver {
		m.passSuitcase(t)
	}
}

func (d Swap) check(m *match, s int, _ int64) error {
	if err := m.checkHolder("C4", s); err != nil {
		return err
	}
	if !d.Agent && !d.Location {
		return game.Illegal("C4", "choose the agent card, the location card or both to swap")
	}
	if d.Agent && d.Epoch != m.players[s].epoch {
		return game.Stale("R11", "your agent card has changed since you chose to swap it")
	}
	return nil
}

func (d Swap) apply(m *match, s int, t int64, r *game.Rand) {
	switch {
	case d.Agent && d.Location:
		m.log(kindSwap, nil, "{p%d} swapped both cards.", s)
	case d.Agent:
		m.log(kindSwap, nil, "{p%d} drew a new agent card.", s)
	default:
		m.log(kindSwap, nil, "{p%d} drew a new location card.", s)
	}
	if d.Agent {
		m.stall = 0
		m.discardAgent(s)
	}
	if d.Location {
		m.discardLocation(s)
	}
	if d.Agent && !m.drawAgent(s, t) {
		return
	}
	if d.Location && !m.drawLocation(s, t, r) {
		return
	}
	if !d.Agent {
		// A location swap cannot end the game either; it counts as a pass
		// for the no-stall rule (house ruling, docs/games/wink.md).
		if m.stalled(t) {
			return
		}
	}
	m.passSuitcase(t)
}

func (pass) check(m *match, s int, _ int64) error { return m.checkHolder("C5", s) }

func (pass) apply(m *match, s int, t int64, _ *game.Rand) {
	m.log(kindPass, nil, "{p%d} passed the suitcase.", s)
	if m.stalled(t) {
		return
	}
	m.passSuitcase(t)
}

func (d turnTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer("R23", PhaseTurn, d.Step, m.opts.TurnTimeoutMs, t)
}

func (turnTimeout) apply(m *match, _ int, t int64, _ *game.Rand) {
	m.log(kindPass, nil, "{p%d} ran out of time and passed the suitcase.", m.suitcase)
	if m.stalled(t) {
		return
	}
	m.passSuitcase(t)
}

// stalled counts a pass made while the agent deck is empty and ends the game
// after a full round of them (R7, digital addition "no stall").
func (m *match) stalled(t int64) bool {
	if len(m.agentDeck) > 0 {
		m.stall = 0
		return false
	}
	m.stall++
	if m.stall < m.n {
		return false
	}
	m.endGame(t, "The agent deck is empty and the suitcase went a full round without a mission, so the game ends (R7).")
	return true
}

package wink

import (
	"encoding/json"
	"strconv"

	"topsecret/internal/game"
)

// intsJSON writes {"k1":v1,"k2":v2,…} from alternating names and numbers,
// in the order given. Legal moves and timers are built for every viewer of
// every change, and encoding/json spent most of their time on the
// reflection and the map sorting of two-field objects.
func intsJSON(kv ...any) json.RawMessage {
	b := make([]byte, 0, 16*len(kv))
	b = append(b, '{')
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, kv[i].(string))
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(kv[i+1].(int)), 10)
	}
	return append(b, '}')
}

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
		return game.Illegal("R5", "wink.refuse.deal_round")
	case PhaseClaim:
		if s == m.claim.claimant {
			return game.Illegal("R3", "wink.refuse.claim_is_your_turn", seatArg("contact", m.claim.contact))
		}
		return game.NotYourTurn(rule, "wink.refuse.claim_pending")
	}
	if s != m.suitcase {
		return game.NotYourTurn(rule, "wink.refuse.not_holder", seatArg("holder", m.suitcase))
	}
	return nil
}

func (takeCards) check(m *match, s int, _ int64) error {
	if m.phase != PhaseDeal {
		return game.Illegal("C1", "wink.refuse.take_first_round")
	}
	if s != m.suitcase {
		return game.NotYourTurn("C1", "wink.refuse.someone_drawing", seatArg("holder", m.suitcase))
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
	m.log(kindTake, "wink.event.take_cards", seatArg("who", s))
	m.suitcase = m.next(s)
	m.turn++
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
		return game.Stale("R11", "wink.refuse.claim_card_changed")
	}
	if m.remote() && !m.winked(s, int(p.agent), p.epoch) {
		return game.Illegal("R15", "wink.refuse.wink_first", seatArg("contact", int(p.agent)))
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
	m.log(kindClaim, "wink.event.claim", seatArg("claimant", s), termArg("card", m.claim.card.Term()),
		seatArg("contact", contact), termArg("place", c.loc.Term()))
	m.enter(PhaseClaim, t)
}

func (confirmClaim) check(m *match, s int, _ int64) error {
	if m.phase != PhaseClaim {
		return game.Illegal("C3", "wink.refuse.no_claim")
	}
	if s != m.claim.contact {
		return game.NotYourTurn("C3", "wink.refuse.not_contact", seatArg("contact", m.claim.contact))
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
		m.log(kindReveal, "wink.event.reveal", seatArg("contact", ct), termArg("place", c.loc.Term()), seatArg("claimant", p))
		m.players[p].pile = append(m.players[p].pile, card{agentCard, int(c.card)})
		m.players[ct].pile = append(m.players[ct].pile, card{locationCard, int(m.players[ct].loc)})
		m.players[ct].loc = noLocation
		m.players[ct].locEpoch++
		if !m.drawAgent(p, t) || !m.drawLocation(ct, t, r) {
			return
		}
	} else {
		m.log(kindNotMe, "wink.event.not_me", seatArg("contact", ct), termArg("card", c.card.Term()))
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
			m.notify(q.accuser, kindDropped, "wink.event.dropped", seatArg("winker", q.winker), termArg("why", err.(*game.RuleError).Msg))
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
		return game.Illegal("C4", "wink.refuse.swap_nothing")
	}
	if d.Agent && d.Epoch != m.players[s].epoch {
		return game.Stale("R11", "wink.refuse.swap_card_changed")
	}
	return nil
}

func (d Swap) apply(m *match, s int, t int64, r *game.Rand) {
	switch {
	case d.Agent && d.Location:
		m.log(kindSwap, "wink.event.swap_both", seatArg("who", s))
	case d.Agent:
		m.log(kindSwap, "wink.event.swap_agent", seatArg("who", s))
	default:
		m.log(kindSwap, "wink.event.swap_location", seatArg("who", s))
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
	m.log(kindPass, "wink.event.pass", seatArg("who", s))
	if m.stalled(t) {
		return
	}
	m.passSuitcase(t)
}

func (d turnTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer("R23", PhaseTurn, d.Step, m.opts.TurnTimeoutMs, t)
}

func (turnTimeout) apply(m *match, _ int, t int64, _ *game.Rand) {
	m.log(kindPass, "wink.event.turn_timeout", seatArg("who", m.suitcase))
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
	m.endGame(t, game.M("wink.result.reason.stall"))
	return true
}

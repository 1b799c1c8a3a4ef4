package vault

import (
	"topsecret/internal/game"
)

// Safe sides a banked card goes to (§0).
const (
	// SideX1 holds single cards at face value; agents there score 0 (R14).
	SideX1 = "x1"
	// SideX2 holds pairs at double value: 4v a pair (R15).
	SideX2 = "x2"
)

// secure is S4: full zones are banked automatically (R13); after the last
// trick every lone card goes to x1 (R16) and the deal ends; otherwise the
// players whose lone card was touched decide (R12).
func (m *match) secure(t int64) {
	for s := range m.players {
		if len(m.players[s].stake) == 2 {
			m.bankTwo(s)
		}
	}
	if len(m.players[0].hand) == 0 {
		for s := range m.players {
			p := &m.players[s]
			if len(p.stake) == 1 {
				m.bankOne(s, true, "vault.event.bank_last")
			}
		}
		m.endDeal(t)
		return
	}
	deciders := false
	for s := range m.players {
		p := &m.players[s]
		if len(p.stake) == 1 && p.touched {
			p.decider, deciders = true, true
		}
	}
	if !deciders {
		m.nextTrick(t)
		return
	}
	m.enter(PhaseSecure, t)
}

// bankTwo banks a two-card zone: a pair to x2, anything else both to x1 (R13).
func (m *match) bankTwo(s int) {
	p := &m.players[s]
	a, b := p.stake[0], p.stake[1]
	p.stake = p.stake[:0]
	bm := bankMoment{seat: s, cards: []card{a, b}, auto: true}
	if pairs(a, b) {
		p.x2 = append(p.x2, [2]card{a, b})
		bm.side = SideX2
		bm.seq = m.log(kindBank, "vault.event.bank_pair", seatArg("who", s), cardArg("a", a), cardArg("b", b),
			game.N("points", pairValue([2]card{a, b})))
	} else {
		p.x1 = append(p.x1, a, b)
		bm.side = SideX1
		bm.seq = m.log(kindBank, "vault.event.bank_two", seatArg("who", s), cardArg("a", a), cardArg("b", b))
	}
	m.moments.banks = append(m.moments.banks, bm)
}

// bankOne moves s's lone staked card to x1 and logs it as event id, whose
// arguments are the seat ("who") and the card ("card").
func (m *match) bankOne(s int, auto bool, id string) {
	p := &m.players[s]
	c := p.stake[0]
	p.stake = p.stake[:0]
	p.x1 = append(p.x1, c)
	seq := m.log(kindBank, id, seatArg("who", s), cardArg("card", c))
	m.moments.banks = append(m.moments.banks, bankMoment{seq: seq, seat: s, cards: []card{c}, side: SideX1, auto: auto})
}

func (c secureCmd) check(m *match, s int, t int64) error {
	if m.phase != PhaseSecure {
		return game.Illegal("R12", "vault.refuse.secure_phase")
	}
	p := &m.players[s]
	if !p.decider {
		return game.NotYourTurn("R12", "vault.refuse.secure_not_decider")
	}
	if p.decision != undecided {
		return game.Illegal("R12", "vault.refuse.secure_done")
	}
	if m.late(t) {
		return game.Illegal("R12", "vault.refuse.secure_late")
	}
	return nil
}

func (c secureCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	p := &m.players[s]
	p.decision = c.choice
	if c.choice == bank {
		m.notify(s, kindDecision, "vault.event.decided_bank", cardArg("card", p.stake[0]))
	} else {
		m.notify(s, kindDecision, "vault.event.decided_keep", cardArg("card", p.stake[0]))
	}
	for i := range m.players {
		if m.awaits(i) {
			return
		}
	}
	m.closeSecure(t)
}

func (secureTimeout) apply(m *match, _ int, t int64, _ *game.Rand) { m.closeSecure(t) }

// closeSecure applies every decision at once; undecided means keep (R12).
func (m *match) closeSecure(t int64) {
	for s := range m.players {
		p := &m.players[s]
		if !p.decider {
			continue
		}
		c := p.stake[0]
		switch p.decision {
		case bank:
			m.bankOne(s, false, "vault.event.bank_one")
		case keep:
			m.log(kindKeep, "vault.event.keep", seatArg("who", s), cardArg("card", c))
		default:
			m.log(kindKeep, "vault.event.keep_silent", seatArg("who", s), cardArg("card", c))
		}
	}
	m.nextTrick(t)
}

// endDeal opens the safes and ends the match (§6, R17).
func (m *match) endDeal(t int64) {
	m.eligible = nil
	m.enter(PhaseDealEnd, t)
	res, _ := m.Result()
	m.news.Say(kindOver, res.Summary)
	m.eventSeq++
}

// score is a seat's deal score: x1 at face value, x2 pairs at 4v, minus 50
// per missed Boom (§6).
func (p *player) score() int {
	return p.x1Points() + p.x2Points() - MissedBoomPenalty*p.missed
}

func (p *player) x1Points() int {
	n := 0
	for _, c := range p.x1 {
		n += c.rank().Value()
	}
	return n
}

func (p *player) x2Points() int {
	n := 0
	for _, pr := range p.x2 {
		n += pairValue(pr)
	}
	return n
}

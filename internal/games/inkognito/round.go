package inkognito

import (
	"math/bits"

	"topsecret/internal/game"
)

// current is the agent seat whose turn it is in PLAY(i).
func (m *match) current() int { return m.turnOrder()[m.turn] }

// startCycle gives every hand its five location cards and, in 3p/4p,
// shuffles the Ambassador deck (§5.2 CYCLE_START, R15). Ledgers persist.
func (m *match) startCycle(r *game.Rand) {
	for _, a := range m.agents {
		m.hands[a] = fullHand
	}
	if m.n == 5 {
		m.hands[m.amb] = fullHand
	} else {
		m.deck = []Site{Rialto, SanMarco, CaDoro, Accademia, Arsenale}
		m.doShuffle(r, len(m.deck), func(i, j int) { m.deck[i], m.deck[j] = m.deck[j], m.deck[i] })
	}
	for i := range m.table {
		m.table[i] = nil
	}
	if m.round > 1 {
		m.log("inkognito.event.cycle", game.N("cycle", m.cycle()))
	}
}

// startRound opens the next round: the 5p Ambassador commits, or the start seat plays.
func (m *match) startRound(r *game.Rand) {
	m.turn = 0
	m.phase = PhasePlay
	if m.n == 5 {
		m.phase = PhaseCommit
	}
	m.advance(r)
}

// advance performs the engine's automatic steps until a player must act:
// the forced last cards (R16), the fictitious agent's random card (R17).
func (m *match) advance(r *game.Rand) {
	for {
		switch m.phase {
		case PhaseCommit:
			h := m.hands[m.amb]
			if bits.OnesCount8(h) != 1 {
				return
			}
			m.commitSite(Site(bits.TrailingZeros8(h)))
		case PhasePlay:
			who := m.current()
			h := m.hands[who]
			switch {
			case m.isFict(who):
				left := sitesOf(h)
				m.playSite(who, left[m.intN(r, len(left))], r)
			case bits.OnesCount8(h) == 1:
				m.playSite(who, Site(bits.TrailingZeros8(h)), r)
			default:
				return
			}
		default:
			return
		}
	}
}

// commitSite seals the 5p Ambassador's card for this round (R21).
func (m *match) commitSite(s Site) {
	m.hands[m.amb] &^= 1 << s
	m.commit = s
	m.phase = PhasePlay
	m.log("inkognito.event.committed", m.subject("who", m.amb))
}

// playSite plays who's card face up; after the fourth agent, the
// Ambassador's card is turned over and meetings are detected.
func (m *match) playSite(who int, s Site, r *game.Rand) {
	m.hands[who] &^= 1 << s
	m.plays[who] = s
	m.table[s] = append(m.table[s], placed{who: who, round: m.cycleRound()})
	m.log("inkognito.event.plays", m.subject("who", who), siteArg("site", s))
	m.turn++
	if m.turn < 4 {
		return
	}
	m.reveal()
	m.detect(r)
}

// reveal turns over the Ambassador's card (AMB_REVEAL).
func (m *match) reveal() {
	if m.n == 5 {
		m.ambCard, m.commit = m.commit, noSite
	} else {
		m.ambCard, m.deck = m.deck[0], m.deck[1:]
	}
	m.table[m.ambCard] = append(m.table[m.ambCard], placed{who: m.amb, amb: true, round: m.cycleRound()})
	m.log("inkognito.event.reveal", siteArg("site", m.ambCard))
}

// detect builds the round's meetings from this round's cards only (§5.3, R5).
func (m *match) detect(r *game.Rand) {
	m.meetings = nil
	for s := Rialto; s <= Arsenale; s++ {
		var on []int
		for _, a := range m.agents {
			if m.plays[a] == s {
				on = append(on, a)
			}
		}
		if mt, ok := m.meetingAt(s, on, m.ambCard == s); ok {
			m.meetings = append(m.meetings, mt)
			m.announce(mt)
		}
	}
	if len(m.meetings) == 0 {
		m.log("inkognito.event.no_meeting")
		m.endRound(r)
		return
	}
	m.subs = [5]*command{}
	m.phase = PhaseAct
}

// meetingAt classifies the agents on a site, with or without the
// Ambassador, by the table of §5.3.
func (m *match) meetingAt(s Site, on []int, amb bool) (meeting, bool) {
	mt := meeting{site: s, agents: on}
	switch {
	case len(on) == 2 && !amb:
		mt.kind = MeetExchange
		if m.isFict(on[0]) || m.isFict(on[1]) {
			mt.kind = MeetPeek
			if m.isFict(on[0]) {
				mt.agents = []int{on[1], on[0]}
			}
		}
	case len(on) == 1 && amb && !m.isFict(on[0]):
		mt.kind = MeetAmb // FICT + AMB: nothing (R19)
	case len(on) == 2 && amb && m.n == 5:
		mt.kind = MeetInterview // R23
	default:
		return mt, false // one card, or 3+ cards (R5, R24)
	}
	return mt, true
}

// endRound clears the round and opens the next one, and a new cycle after
// round 5 (§5.2 ROUND_END, CYCLE_END, R14, R15).
func (m *match) endRound(r *game.Rand) {
	for i := range m.plays {
		m.plays[i] = noSite
	}
	m.ambCard = noSite
	m.meetings, m.requests = nil, nil
	m.subs = [5]*command{}
	m.round++
	if m.cycleRound() == 1 {
		m.startCycle(r)
	}
	m.startRound(r)
}

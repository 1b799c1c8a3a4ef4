package wink

import (
	"topsecret/internal/game"
)

func (d Accuse) check(m *match, s int, _ int64) error {
	if m.phase != PhaseDeal && m.phase != PhaseTurn && m.phase != PhaseClaim {
		return game.Illegal("C6", "wink.refuse.accuse_now")
	}
	return m.checkAccusation(s, d.Winker, d.Target, d.Epoch, m.queued(s))
}

// queued counts a's accusations waiting for the claim to resolve; each has a
// chip reserved.
func (m *match) queued(a int) int {
	n := 0
	for _, q := range m.queue {
		if q.accuser == a {
			n++
		}
	}
	return n
}

// checkAccusation validates Accuse(x, y, e) by accuser a (C6, R10, R11, R12),
// with reserved chips already promised to queued accusations.
func (m *match) checkAccusation(a, x, y, e, reserved int) error {
	if x < 0 || x >= m.n || y < 0 || y >= m.n {
		return game.Malformed("accuse: winker and target must be seats 0–%d", m.n-1)
	}
	if m.players[a].chips-reserved < 1 {
		return game.Illegal("C6", "wink.refuse.no_chips")
	}
	if x == a || y == a {
		return game.Illegal("R10", "wink.refuse.accuse_yourself")
	}
	if x == y {
		return game.Illegal("C6", "wink.refuse.wink_at_self")
	}
	if m.players[x].agent == noColour {
		if m.claim != nil && m.claim.claimant == x {
			return game.Illegal("R12", "wink.refuse.card_in_claim", seatArg("winker", x))
		}
		return game.Illegal("R12", "wink.refuse.no_agent_card", seatArg("winker", x))
	}
	if e != m.players[x].epoch {
		return game.Stale("R11", "wink.refuse.accuse_card_changed", seatArg("winker", x))
	}
	return nil
}

func (d Accuse) apply(m *match, s int, t int64, _ *game.Rand) {
	if m.phase == PhaseClaim {
		m.queue = append(m.queue, accusation{accuser: s, winker: d.Winker, target: d.Target, epoch: d.Epoch})
		m.news.Touch(game.Seat(s)) // held back, it is the accuser's alone until the claim resolves
		m.notify(s, kindQueued, "wink.event.queued", seatArg("winker", d.Winker), seatArg("target", d.Target))
		return
	}
	m.accuse(s, d.Winker, d.Target, t)
}

// accuse resolves a checked accusation (C6, R8, R9): the chip is spent, the
// winker's card is revealed and scored or discarded, and the winker redraws.
func (m *match) accuse(a, x, y int, t int64) {
	m.players[a].chips--
	c := m.players[x].agent
	m.players[x].agent = noColour
	m.players[x].epoch++
	m.stall = 0
	if int(c) == y {
		m.players[a].pile = append(m.players[a].pile, card{agentCard, int(c)})
		m.log(kindCaught, "wink.event.caught", seatArg("accuser", a), seatArg("winker", x), seatArg("target", y), termArg("card", c.Term()))
	} else {
		m.agentDiscard = append(m.agentDiscard, c)
		m.log(kindWrong, "wink.event.wrong", seatArg("accuser", a), seatArg("winker", x), seatArg("target", y), termArg("card", c.Term()))
	}
	m.drawAgent(x, t)
}

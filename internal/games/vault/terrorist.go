package vault

import (
	"strings"

	"topsecret/internal/game"
)

// startBoom opens the Boom window (S3a): every mole of the trick is void (R8).
func (m *match) startBoom(t int64) {
	m.eligible = nil
	m.enter(PhaseBoom, t)
	for s, p := range m.players {
		if p.slot != noCard && p.slot.rank() == Mole {
			m.log(kindVoid, "A terrorist is on the table: {p%d}'s mole steals nothing.", s)
		}
	}
}

// hasTerrorist reports whether s revealed a terrorist this trick.
func (m *match) hasTerrorist(s int) bool {
	p := &m.players[s]
	return p.slot != noCard && p.slot.rank() == Terrorist
}

func (boomCmd) check(m *match, s int, t int64) error {
	if m.phase != PhaseBoom {
		return game.Illegal("R11", "there is no terrorist on the table to shout about")
	}
	if !m.hasTerrorist(s) {
		// R11: presses by other players are ignored; only the sender hears why.
		return game.Illegal("R11", "only a terrorist's player shouts Boom; your press is ignored")
	}
	if m.players[s].boomed {
		return game.Illegal("R11", "you already shouted Boom")
	}
	if m.late(t) {
		return game.Illegal("R11", "too late: the Boom window has closed")
	}
	return nil
}

func (boomCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.players[s].boomed = true
	seq := m.log(kindBoom, "{p%d} shouted Boom!", s)
	m.moments.booms = append(m.moments.booms, seqSeat{seq: seq, seat: s})
	for i := range m.players {
		if m.awaits(i) {
			return
		}
	}
	m.blast(t)
}

func (boomTimeout) apply(m *match, _ int, t int64, _ *game.Rand) { m.blast(t) }

// blast closes the Boom window: each silent terrorist player gets a missed
// Boom (R11), then every stake zone loses its documents except one lying
// under an agent (R9, R20), and the action slots are emptied (R8).
func (m *match) blast(t int64) {
	b := &blastMoment{}
	for s := range m.players {
		p := &m.players[s]
		if m.hasTerrorist(s) && !p.boomed {
			p.missed++
			b.missed = append(b.missed, s)
			m.log(kindMissed, "{p%d} forgot to shout: −%d.", s, MissedBoomPenalty)
		}
	}
	var burned []string
	for s := range m.players {
		p := &m.players[s]
		var kept []card
		for i, c := range p.stake {
			if c.rank() == Agent || i == 0 && len(p.stake) == 2 && p.stake[1].rank() == Agent {
				kept = append(kept, c)
				continue
			}
			m.discardCard(c)
			b.burned = append(b.burned, played{seat: s, card: c})
			burned = append(burned, "{p"+itoa(s)+"}'s "+c.String())
			p.touched = true
		}
		p.stake = append([]card{}, kept...)
	}
	for s := range m.players {
		p := &m.players[s]
		if p.slot != noCard {
			m.discardCard(p.slot)
			p.slot = noCard
		}
	}
	what := "nothing"
	if len(burned) > 0 {
		what = strings.Join(burned, ", ")
	}
	b.seq = m.log(kindBlast, "Boom! Burned: %s.", what)
	m.moments.blast = b
	m.secure(t)
}

package vault

import (
	"topsecret/internal/game"
)

// startBoom opens the Boom window (S3a): every mole of the trick is void (R8).
func (m *match) startBoom(t int64) {
	m.eligible = nil
	m.enter(PhaseBoom, t)
	for s, p := range m.players {
		if p.slot != noCard && p.slot.rank() == Mole {
			m.log(kindVoid, "vault.event.void", seatArg("who", s))
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
		return game.Illegal("R11", "vault.refuse.boom_phase")
	}
	if !m.hasTerrorist(s) {
		// R11: presses by other players are ignored; only the sender hears why.
		return game.Illegal("R11", "vault.refuse.boom_no_terrorist")
	}
	if m.players[s].boomed {
		return game.Illegal("R11", "vault.refuse.boom_done")
	}
	if m.late(t) {
		return game.Illegal("R11", "vault.refuse.boom_late")
	}
	return nil
}

func (boomCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.players[s].boomed = true
	seq := m.log(kindBoom, "vault.event.boom", seatArg("who", s))
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
			m.log(kindMissed, "vault.event.missed", seatArg("who", s), game.N("points", MissedBoomPenalty))
		}
	}
	var burned []game.Msg
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
			burned = append(burned, owned(s, c))
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
	if len(burned) > 0 {
		b.seq = m.log(kindBlast, "vault.event.blast", game.TS("burned", burned))
	} else {
		b.seq = m.log(kindBlast, "vault.event.blast_nothing")
	}
	m.moments.blast = b
	m.secure(t)
}

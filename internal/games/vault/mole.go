package vault

import (
	"slices"

	"topsecret/internal/game"
)

// Results of a mole's attempt (R7), as the table shows them.
const (
	// StoleCard: the first valid request for the card got it.
	StoleCard = "stole"
	// MissedCard: another mole was faster; the attempt is spent.
	MissedCard = "missed"
	// PassedSteal: the mole chose not to steal.
	PassedSteal = "passed"
	// TimedOut: the window closed before the mole acted.
	TimedOut = "timeout"
	// NothingToSteal: no other player revealed a document or agent.
	NothingToSteal = "nothing"
)

// startSteal opens the moles' window (S3b). A mole with nothing eligible
// makes its attempt at once as "nothing" (house ruling H8).
func (m *match) startSteal(t int64) {
	m.enter(PhaseSteal, t)
	for s := range m.players {
		if m.isMole(s) && len(m.targets(s)) == 0 {
			m.players[s].acted = true
			seq := m.log(kindSteal, "vault.event.steal_nothing", seatArg("who", s))
			m.moments.steals = append(m.moments.steals, stealMoment{seq: seq, mole: s, result: NothingToSteal, from: -1, card: noCard})
		}
	}
	m.maybeEndSteal(t)
}

// isMole reports whether s revealed a mole this trick.
func (m *match) isMole(s int) bool {
	p := &m.players[s]
	return p.slot != noCard && p.slot.rank() == Mole
}

// targets are the eligible tiles s's mole may name, taken or not (R6).
func (m *match) targets(s int) []tile {
	var out []tile
	for _, x := range m.eligible {
		if x.owner != s {
			out = append(out, x)
		}
	}
	return out
}

func (c stealCmd) check(m *match, s int, t int64) error {
	if err := m.checkMole(s, t); err != nil {
		return err
	}
	i := slices.IndexFunc(m.eligible, func(x tile) bool { return x.card == c.c })
	switch {
	case i >= 0 && m.eligible[i].owner == s || i < 0 && slices.Contains(m.players[s].stake, c.c):
		return game.Illegal("R6", "vault.refuse.steal_own")
	case i < 0:
		return game.Illegal("R6", "vault.refuse.steal_not_eligible")
	}
	return nil
}

// checkMole refuses a steal or no-steal from anyone but a mole that has not acted.
func (m *match) checkMole(s int, t int64) error {
	if m.phase != PhaseSteal {
		if m.phase == PhaseBoom && m.isMole(s) {
			return game.Illegal("R8", "vault.refuse.steal_void")
		}
		return game.Illegal("R7", "vault.refuse.steal_phase")
	}
	if !m.isMole(s) {
		return game.NotYourTurn("R7", "vault.refuse.steal_no_mole")
	}
	if m.players[s].acted {
		return game.Illegal("R7", "vault.refuse.steal_done")
	}
	if m.late(t) {
		return game.Illegal("R7", "vault.refuse.steal_late")
	}
	return nil
}

func (c stealCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	i := slices.IndexFunc(m.eligible, func(x tile) bool { return x.card == c.c })
	x := &m.eligible[i]
	m.players[s].acted = true
	sm := stealMoment{mole: s, from: x.owner, card: x.card}
	if x.by >= 0 {
		sm.result = MissedCard
		sm.seq = m.log(kindSteal, "vault.event.steal_missed", seatArg("who", s), seatArg("by", x.by), seatArg("owner", x.owner), cardArg("card", x.card))
	} else {
		victim := &m.players[x.owner]
		j := slices.Index(victim.stake, x.card)
		victim.stake = slices.Delete(victim.stake, j, j+1)
		victim.touched = true
		thief := &m.players[s]
		thief.stake = append(thief.stake, x.card)
		thief.touched = true
		x.by = s
		sm.result = StoleCard
		sm.seq = m.log(kindSteal, "vault.event.stole", seatArg("who", s), seatArg("owner", x.owner), cardArg("card", x.card))
	}
	m.moments.steals = append(m.moments.steals, sm)
	m.maybeEndSteal(t)
}

func (noStealCmd) check(m *match, s int, t int64) error { return m.checkMole(s, t) }

func (noStealCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.players[s].acted = true
	seq := m.log(kindSteal, "vault.event.steal_passed", seatArg("who", s))
	m.moments.steals = append(m.moments.steals, stealMoment{seq: seq, mole: s, result: PassedSteal, from: -1, card: noCard})
	m.maybeEndSteal(t)
}

func (stealTimeout) apply(m *match, _ int, t int64, _ *game.Rand) {
	for s := range m.players {
		if m.isMole(s) && !m.players[s].acted {
			m.players[s].acted = true
			seq := m.log(kindSteal, "vault.event.steal_timeout", seatArg("who", s))
			m.moments.steals = append(m.moments.steals, stealMoment{seq: seq, mole: s, result: TimedOut, from: -1, card: noCard})
		}
	}
	m.endSteal(t)
}

// maybeEndSteal closes the window once every mole has acted.
func (m *match) maybeEndSteal(t int64) {
	for s := range m.players {
		if m.awaits(s) {
			return
		}
	}
	m.endSteal(t)
}

// endSteal discards the moles (S3b.4) and goes on to securing.
func (m *match) endSteal(t int64) {
	for s := range m.players {
		p := &m.players[s]
		if p.slot != noCard {
			m.discardCard(p.slot)
			p.slot = noCard
		}
	}
	m.secure(t)
}

package vault

import (
	"slices"

	"topsecret/internal/game"
)

func (c commitCmd) check(m *match, s int, _ int64) error {
	if m.phase != PhaseSelect {
		return game.Illegal("R4", "vault.refuse.commit_phase")
	}
	p := &m.players[s]
	if p.commit != noCard {
		return game.Illegal("R4", "vault.refuse.commit_final", cardArg("card", p.commit))
	}
	if !slices.Contains(p.hand, c.c) {
		return game.Illegal("R4", "vault.refuse.commit_not_in_hand")
	}
	return nil
}

func (c commitCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.place(s, c.c)
	m.notify(s, kindCommit, "vault.event.committed", cardArg("card", c.c))
	if m.allCommitted() {
		m.reveal(t)
	}
}

func (d selectTimeout) apply(m *match, _ int, t int64, r *game.Rand) {
	for s := range m.players {
		p := &m.players[s]
		if p.commit != noCard {
			continue
		}
		c := p.hand[r.IntN(len(p.hand))]
		m.place(s, c)
		m.log(kindAuto, "vault.event.auto", seatArg("who", s))
		m.notify(s, kindCommit, "vault.event.auto_mine", cardArg("card", c))
	}
	m.reveal(t)
}

// place moves c from s's hand to the commit slot (S1).
func (m *match) place(s int, c card) {
	p := &m.players[s]
	i := slices.Index(p.hand, c)
	p.hand = slices.Delete(p.hand, i, i+1)
	p.commit = c
}

func (m *match) allCommitted() bool {
	for _, p := range m.players {
		if p.commit == noCard {
			return false
		}
	}
	return true
}

// reveal turns every commit face-up at once (S2): D and AG go on top of the
// stake zone (R5), MO and TE to the action slot; then the trick goes to the
// Boom window, the moles' window or straight to securing.
func (m *match) reveal(t int64) {
	m.moments = moments{}
	m.eligible = nil
	var te, mo bool
	var what []game.Msg
	rv := &revealMoment{trick: m.trick}
	for s := range m.players {
		p := &m.players[s]
		c := p.commit
		p.commit = noCard
		rv.played = append(rv.played, played{seat: s, card: c})
		what = append(what, game.M("vault.term.played", seatArg("who", s), cardArg("card", c)))
		switch c.rank() {
		case Terrorist:
			p.slot, te = c, true
		case Mole:
			p.slot, mo = c, true
		default:
			p.stake = append(p.stake, c)
			p.touched = true
			m.eligible = append(m.eligible, tile{owner: s, card: c, by: -1})
		}
		if len(p.stake) > 2 {
			panic("vault: more than two face-up cards in a stake zone (R24)")
		}
	}
	rv.seq = m.log(kindReveal, "vault.event.reveal", game.N("trick", m.trick), game.TS("cards", what))
	m.moments.reveal = rv
	switch {
	case te:
		m.startBoom(t)
	case mo:
		m.startSteal(t)
	default:
		m.secure(t)
	}
}

// nextTrick clears the trick's flags and starts SELECT(t+1) (S4.5).
func (m *match) nextTrick(t int64) {
	for i := range m.players {
		p := &m.players[i]
		p.touched, p.boomed, p.acted, p.decider, p.decision = false, false, false, false, undecided
	}
	m.eligible = nil
	m.trick++
	m.enter(PhaseSelect, t)
}

// discardCard puts c face-up on the discard pile (R23).
func (m *match) discardCard(c card) { m.discard = append(m.discard, c) }

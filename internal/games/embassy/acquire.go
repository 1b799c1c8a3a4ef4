package embassy

import (
	"topsecret/internal/game"
)

type (
	keepCmd    struct{}
	declineCmd struct{}
	slotCmd    struct{ slot int }
	swapCmd    struct{ slot int }
	rejectCmd  struct{}
	placeCmd   struct{ embassy int }
)

// startAcquire is ACQUIRE(s, k, mode) of §6: s holds k on the "?" slot,
// seen only by s, and decides where it goes.
func (m *match) startAcquire(s int, k card, optional bool, _ int64) {
	m.acq = acquisition{who: s, card: k, optional: optional}
	if optional {
		m.phase = PhaseKeep
		return
	}
	m.toHolder()
}

// toHolder asks for an empty slot, or for the fifth-card choice (R13, R14).
func (m *match) toHolder() {
	s := m.acq.who
	if m.held(s) < Slots {
		m.phase = PhaseSlot
		return
	}
	m.phase = PhaseFifth
	m.log(kindCard, game.M("embassy.event.fifth", who(s)))
}

// finishAcquire ends ACQUIRE: four identical secrets win at once (R25),
// otherwise the turn passes.
func (m *match) finishAcquire(t int64) {
	s := m.acq.who
	m.acq = acquisition{who: -1, card: noCard}
	if x, ok := m.fourOfAKind(s); ok {
		m.phase, m.winner = PhaseOver, s
		m.log(kindOver, game.M("embassy.event.won", who(s), game.T("secret", secretTerm(x))))
		return
	}
	m.endTurn(t)
}

// fourOfAKind reports whether seat s's slots 1–4 hold four cards of one set.
func (m *match) fourOfAKind(s int) (int, bool) {
	sl := m.players[s].slots
	for _, c := range sl {
		if c == noCard || c.secret() != sl[0].secret() {
			return 0, false
		}
	}
	return sl[0].secret(), true
}

func (keepCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseKeep {
		return wrongPhase()
	}
	return nil
}

func (keepCmd) apply(m *match, s int, _ int64, _ *game.Rand) {
	m.log(kindCard, game.M("embassy.event.kept", who(s)))
	m.toHolder()
}

func (declineCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseKeep {
		return wrongPhase()
	}
	return nil
}

func (declineCmd) apply(m *match, s int, _ int64, _ *game.Rand) {
	m.log(kindCard, game.M("embassy.event.declined", who(s)))
	m.phase = PhasePlace
}

func (c slotCmd) check(m *match, s int, _ int64) error {
	switch m.phase {
	case PhaseSlot:
	case PhaseFifth:
		return game.Illegal("R13", "embassy.refuse.holder_full")
	default:
		return wrongPhase()
	}
	if m.players[s].slots[c.slot-1] != noCard {
		return game.Illegal("R13", "embassy.refuse.slot_taken", slotArg(c.slot))
	}
	return nil
}

func (c slotCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.players[s].slots[c.slot-1] = m.acq.card
	m.moved(handSpot(s), slotSpot(s, c.slot))
	m.log(kindCard, game.M("embassy.event.slotted", who(s), slotArg(c.slot)))
	m.finishAcquire(t)
}

func (c swapCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseFifth {
		return wrongPhase()
	}
	return nil
}

// apply puts the fifth card in the slot; the card it replaces goes to an embassy (R14).
func (c swapCmd) apply(m *match, s int, _ int64, _ *game.Rand) {
	sl := &m.players[s].slots[c.slot-1]
	*sl, m.acq.card = m.acq.card, *sl
	m.moved(handSpot(s), slotSpot(s, c.slot))
	m.moved(slotSpot(s, c.slot), handSpot(s))
	m.log(kindCard, game.M("embassy.event.swapped", who(s), slotArg(c.slot)))
	m.phase = PhasePlace
}

func (rejectCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseFifth {
		return wrongPhase()
	}
	return nil
}

func (rejectCmd) apply(m *match, s int, _ int64, _ *game.Rand) {
	m.log(kindCard, game.M("embassy.event.rejected", who(s)))
	m.phase = PhasePlace
}

func (c placeCmd) check(m *match, s int, _ int64) error {
	if m.phase != PhasePlace {
		return wrongPhase()
	}
	switch {
	case m.onEmbassy[c.embassy] != noCard:
		return game.Illegal("R14", "embassy.refuse.embassy_taken", embassyArg(c.embassy))
	case m.players[s].spy == embassyLoc(c.embassy):
		return game.Illegal("R14", "embassy.refuse.own_embassy", embassyArg(c.embassy))
	}
	return nil
}

// apply lays the card face down on the embassy: all see that it received
// a card, only the placer saw which (§10).
func (c placeCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.onEmbassy[c.embassy] = m.acq.card
	m.moved(handSpot(s), embassySpot(c.embassy))
	m.log(kindCard, game.M("embassy.event.placed", who(s), embassyArg(c.embassy)))
	m.finishAcquire(t)
}

// vacancies are the embassies seat s may place a card on (R14).
func (m *match) vacancies(s int) []int {
	var out []int
	for e, k := range m.onEmbassy {
		if k == noCard && m.players[s].spy != embassyLoc(e) {
			out = append(out, e)
		}
	}
	return out
}

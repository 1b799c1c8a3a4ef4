package embassy

import (
	"slices"

	"topsecret/internal/game"
)

type (
	rollCmd      struct{}
	moveCmd      struct{ to loc }
	bodyguardCmd struct{ owner int }
	passCmd      struct{}
)

// startTurn begins seat s's turn: an immobile spy does not roll (R21).
func (m *match) startTurn(s int, _ int64) {
	if m.turn > 0 && s == m.first {
		m.round++
	}
	m.turn++
	m.active, m.target = s, -1
	m.dests, m.destIDs, m.within, m.blockers, m.noCards = nil, nil, nil, nil, false
	m.phase = PhaseRoll
	if m.immobile(s) {
		m.phase = PhaseImmobile
		m.blockers = m.blockersOf(s)
		m.stats.immobile++
		m.log(kindBlocked, game.M("embassy.event.immobile", who(s)))
	}
}

// endTurn passes the turn clockwise (§8 TURN_END).
func (m *match) endTurn(t int64) { m.startTurn((m.active+1)%m.n, t) }

func (rollCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseRoll {
		return wrongPhase()
	}
	return nil
}

// apply rolls die 1 then die 2 and evaluates the roll (§8): doubles force
// a challenge when one is possible (R15), else the spy must move (R7) or is
// blocked (R22). No-cards mode is judged now (R20).
func (rollCmd) apply(m *match, s int, _ int64, r *game.Rand) {
	d := dice{seat: s, a: r.Die(6), b: r.Die(6)}
	m.roll = &d
	m.stats.rolls++
	m.log(kindRoll, game.M("embassy.event.roll", who(s), game.N("a", d.a), game.N("b", d.b)))
	m.noCards = m.noCardsOnBoard()
	if d.doubles() && m.challengePossible(s) {
		m.phase = PhaseChallenge
		m.log(kindChallenge, game.M("embassy.event.doubles", who(s)))
		return
	}
	w := m.newWalk(s, d.total()).run()
	m.dests = w.destinations(d.total())
	m.destIDs = idStrings(m.dests)
	if m.noCards {
		m.within = w.squaresWithin(d.total())
		m.stats.noCardsTurns++
		m.log(kindChallenge, game.M("embassy.event.no_cards", who(s)))
	}
	m.phase = PhaseMove
	if len(m.dests) == 0 {
		m.phase = PhaseBlocked
		m.blockers = m.blockersOf(s)
		m.stats.blocked++
		m.log(kindBlocked, game.M("embassy.event.blocked", who(s), game.N("n", d.total())))
	}
}

func (c moveCmd) check(m *match, s int, _ int64) error {
	switch m.phase {
	case PhaseChallenge:
		return game.Illegal("R15", "embassy.refuse.must_challenge")
	case PhaseMove:
	default:
		return wrongPhase()
	}
	if !hasDestination(m.dests, c.to) {
		return m.illegalPath(s, c.to)
	}
	return nil
}

// illegalPath says why no legal move of the roll ends at l (§5.2), citing
// the ruling the end breaks.
func (m *match) illegalPath(s int, l loc) error {
	if l.isEmbassy() {
		if l == m.players[s].spy {
			return game.Illegal("R6", "embassy.refuse.no_going_back")
		}
		return game.Illegal("R7", "embassy.refuse.unreachable", game.N("n", m.roll.total()))
	}
	switch theBoard.kind[l] {
	case Forbidden, Arrow:
		return game.Illegal("R8", "embassy.refuse.forbidden_end")
	case Wire, Building:
		return game.Illegal("§5.1", "embassy.refuse.no_square")
	case Start:
		return game.Illegal("R4", "embassy.refuse.start_square")
	}
	if m.pieceOn(l) {
		return game.Illegal("R11", "embassy.refuse.occupied")
	}
	return game.Illegal("R7", "embassy.refuse.unreachable", game.N("n", m.roll.total()))
}

// pieceOn reports whether any spy or bodyguard stands on square l.
func (m *match) pieceOn(l loc) bool {
	for _, p := range m.players {
		if p.spy == l || p.guard == l {
			return true
		}
	}
	return false
}

// apply moves the spy; entering an embassy that holds a card takes it (R10).
func (c moveCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.dests, m.destIDs, m.within = nil, nil, nil
	path := m.pathTo(s, m.roll.total(), c.to, false)
	m.players[s].spy = c.to
	if !c.to.isEmbassy() {
		m.walked(kindMove, game.M("embassy.event.moved", who(s), game.N("n", m.roll.total())), path)
		m.endTurn(t)
		return
	}
	e := c.to.embassy()
	m.walked(kindMove, game.M("embassy.event.entered", who(s), embassyArg(e)), path)
	k := m.onEmbassy[e]
	if k == noCard {
		m.endTurn(t)
		return
	}
	m.onEmbassy[e] = noCard
	m.stats.taken++
	m.log(kindCard, game.M("embassy.event.took", who(s), embassyArg(e)))
	m.moved(embassySpot(e), handSpot(s))
	m.startAcquire(s, k, false, t)
}

func (c bodyguardCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseImmobile && m.phase != PhaseBlocked {
		return wrongPhase()
	}
	if !slices.Contains(m.blockers, c.owner) {
		return game.Illegal("R23", "embassy.refuse.not_blocking", seatArg("owner", c.owner))
	}
	return nil
}

// apply puts the player's bodyguard where the blocking one stood and sends
// that one home; the spy stays and the turn ends (§5.3, R24).
func (c bodyguardCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	b := &m.players[c.owner]
	m.players[s].guard, b.guard = b.guard, m.home(c.owner)
	m.stats.swaps++
	m.log(kindBlocked, game.M("embassy.event.bodyguard", who(s), seatArg("owner", c.owner)))
	m.endTurn(t)
}

func (passCmd) check(m *match, _ int, _ int64) error {
	switch m.phase {
	case PhaseImmobile, PhaseBlocked:
		return nil
	case PhaseMove:
		return game.Illegal("R7", "embassy.refuse.must_move")
	}
	return wrongPhase()
}

func (passCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.log(kindBlocked, game.M("embassy.event.pass", who(s)))
	m.endTurn(t)
}

// noCardsOnBoard reports whether no embassy holds a card (R20).
func (m *match) noCardsOnBoard() bool {
	for _, k := range m.onEmbassy {
		if k != noCard {
			return false
		}
	}
	return true
}

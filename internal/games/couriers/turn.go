package couriers

import (
	"topsecret/internal/game"
)

// dieFaces are a special die's faces in index order; face 0 is blank (§2, R2).
var dieFaces = [6]int{0, 1, 1, 2, 2, 3}

// throw rolls one special die: the only use of randomness besides the
// random setup of a late player (R3).
func throw(r *game.Rand) int { return dieFaces[r.IntN(len(dieFaces))] }

// rollCmd is ActRoll: die 1, then die 2 (R3); a total of 0 ends the turn (R2).
type rollCmd struct{}

func (rollCmd) check(m *match, s int) error { return m.expect(PhaseRoll, s) }

func (rollCmd) apply(m *match, s int, r *game.Rand) {
	a, b := throw(r), throw(r)
	m.dice, m.pool, m.roller = [2]int{a, b}, a+b, s
	m.say(kindRoll, "couriers.event.roll", who(s), game.N("a", a), game.N("b", b), game.N("n", a+b))
	if m.pool == 0 {
		m.endTurn()
		return
	}
	m.phase = PhaseMove
}

// endTurnCmd is ActEndTurn: unused steps are forfeited (R5).
type endTurnCmd struct{}

func (endTurnCmd) check(m *match, s int) error { return m.expect(PhaseMove, s) }

func (endTurnCmd) apply(m *match, s int, _ *game.Rand) {
	m.say(kindTurn, "couriers.event.end_turn", who(s))
	m.endTurn()
}

// endTurn forfeits the pool and every bonus step (R17), runs the end
// checks (R23) and passes the turn clockwise to the next player with an
// agent in play (R24).
func (m *match) endTurn() {
	m.pool = 0
	clear(m.bonus)
	clear(m.moved)
	m.fight, m.loot, m.bombLeft = nil, nil, 0
	if m.ended() {
		return
	}
	for i := 1; i <= m.n; i++ {
		if s := (m.active + i) % m.n; m.inPlay(s) > 0 {
			m.beginTurn(s)
			return
		}
	}
	panic("couriers: a turn ends with nobody in play, yet the match goes on")
}

// beginTurn gives seat s the dice. A lap ends when the turn order passes
// the first player's place again.
func (m *match) beginTurn(s int) {
	rel := func(x int) int { return (x - m.starter + m.n) % m.n }
	if m.turn == 0 || rel(s) <= rel(m.active) {
		m.round++
	}
	m.turn++
	m.active = s
	m.pool = 0
	m.phase = PhaseRoll
	m.say(kindTurn, "couriers.event.turn", who(s), game.N("n", m.turn))
}

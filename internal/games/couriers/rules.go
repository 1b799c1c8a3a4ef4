package couriers

import (
	"topsecret/internal/game"
)

// Check reports why a would be refused now, or nil. It never changes the match.
func (m *match) Check(a game.Action) error {
	_, err := m.command(a)
	return err
}

// command decodes and checks a, returning the command ready to apply.
func (m *match) command(a game.Action) (command, error) {
	return game.Judge(a, m.n, m.phase == PhaseOver, gate, func() (command, error) { return m.stamped(a) },
		func(c command) error { return c.check(m, int(a.Seat)) })
}

// stamped decodes a; a timer carries the time it fires at, which decides
// whether it is due.
func (m *match) stamped(a game.Action) (command, error) {
	c, err := m.decode(a)
	if t, ok := c.(timeoutCmd); ok {
		t.at = m.clock.At(a)
		c = t
	}
	return c, err
}

// gate keeps the clock the referee's (§10).
var gate = game.Gate{Rule: "§10", Timer: func(typ string) bool { return typ == ActTimeout },
	RefereeOnly: "couriers.refuse.referee_only_timers", TimerIsReferees: "couriers.refuse.timer_is_referees"}

// Apply performs an action that passed Check and returns what happened.
func (m *match) Apply(a game.Action, r *game.Rand) []game.Event {
	cmd := game.Checked(m.command(a))
	t := m.clock.Tick(a)
	cmd.apply(m, int(a.Seat), r)
	m.step++
	m.since = t
	return m.news.Take()
}

// Next says who is awaited and which time limit the room must arm.
func (m *match) Next() game.Turn {
	var t game.Turn
	if m.phase == PhaseOver {
		return t
	}
	t.Seats = m.awaited()
	if l := m.limit(); l > 0 {
		t.Timers = []game.Timer{{At: m.since + int64(l), Fires: game.Action{Seat: game.System, Type: ActTimeout,
			Data: mustJSON(Timeout{Step: m.step})}}}
	}
	return t
}

// awaited lists the seats the running phase waits for.
func (m *match) awaited() []game.Seat {
	var out []game.Seat
	for s := range m.n {
		if m.awaits(s) {
			out = append(out, game.Seat(s))
		}
	}
	return out
}

// awaits reports whether the running phase waits for seat s.
func (m *match) awaits(s int) bool {
	switch m.phase {
	case PhaseHide:
		return !m.players[s].hidden
	case PhaseRoll, PhaseMove, PhaseOrder, PhaseBomb:
		return s == m.active
	case PhaseCards:
		return m.combatant(s) && m.players[s].sealed < 0
	case PhaseLoot:
		return s == agentSeat(m.loot.winner)
	}
	return false
}

// limit is the running waiting point's time limit in ms, 0 for none.
func (m *match) limit() int {
	switch m.phase {
	case PhaseHide:
		return m.opts.SetupTimeoutMs
	case PhaseCards:
		return m.opts.CombatCardTimeoutMs
	case PhaseOver:
		return 0
	}
	return m.opts.TurnTimeoutMs
}

// Refusals shared by several commands.

func wrongPhase() error { return game.Illegal("§5", "couriers.refuse.wrong_phase") }

func notYourTurn() error { return game.NotYourTurn("§6", "couriers.refuse.not_your_turn") }

// expect refuses unless the match is in phase p and, for turn phases, s is the active seat.
func (m *match) expect(p Phase, s int) error {
	if m.phase != p {
		return wrongPhase()
	}
	if s != m.active {
		return notYourTurn()
	}
	return nil
}

// timeoutCmd plays the waiting point's default for whoever is late (§10).
type timeoutCmd struct {
	step int
	at   int64
}

func (c timeoutCmd) check(m *match, _ int) error {
	l := m.limit()
	switch {
	case l == 0:
		return game.Stale("§10", "couriers.refuse.no_timer")
	case c.step != m.step:
		return game.Stale("§10", "couriers.refuse.stale_timer")
	case c.at < m.since+int64(l):
		return game.Stale("§10", "couriers.refuse.timer_not_due")
	}
	return nil
}

func (c timeoutCmd) apply(m *match, _ int, r *game.Rand) {
	for _, s := range m.awaited() {
		m.say(kindTimeout, "couriers.event.timeout", who(int(s)))
	}
	switch m.phase {
	case PhaseHide:
		m.hideForLate(r)
	case PhaseRoll:
		rollCmd{}.apply(m, m.active, r)
	case PhaseMove:
		endTurnCmd{}.apply(m, m.active, r)
	case PhaseOrder:
		m.chooseDefender(min(m.fight.defenders[0], m.fight.defenders[1]))
	case PhaseCards:
		m.playLowest()
	case PhaseLoot:
		m.decideLoot(false)
	case PhaseBomb:
		m.eliminateVictims(m.defaultVictims())
	}
}

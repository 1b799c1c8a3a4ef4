package vault

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
	return game.Judge(a, m.n, m.phase == PhaseDealEnd, gate, func() (command, error) { return decode(a) },
		func(c command) error { return c.check(m, int(a.Seat), m.clock.At(a)) })
}

// gate keeps the timers the referee's (R22).
var gate = game.Gate{Rule: "R22", Timer: system,
	RefereeOnly: "vault.refuse.referee_timers_only", TimerIsReferees: "vault.refuse.timer_action"}

// Apply performs an action that passed Check and returns what happened.
func (m *match) Apply(a game.Action, r *game.Rand) []game.Event {
	cmd := game.Checked(m.command(a))
	t := m.clock.Tick(a)
	m.public.Drop()
	cmd.apply(m, int(a.Seat), t, r)
	return m.news.Take()
}

// window is the length of the running phase's timer in ms, 0 for none.
func (m *match) window() int {
	switch m.phase {
	case PhaseSelect:
		return m.opts.SelectTimeoutMs
	case PhaseBoom:
		return m.opts.BoomWindowMs
	case PhaseSteal:
		return m.opts.StealWindowMs
	case PhaseSecure:
		return m.opts.SecureWindowMs
	}
	return 0
}

// deadline is when the running phase's timer fires; ok is false when none runs.
func (m *match) deadline() (at int64, ok bool) {
	w := m.window()
	return m.phaseAt + int64(w), w > 0
}

// timerType is the System action that closes each phase.
var timerType = map[Phase]string{
	PhaseSelect: ActSelectTimeout,
	PhaseBoom:   ActBoomTimeout,
	PhaseSteal:  ActStealTimeout,
	PhaseSecure: ActSecureTimeout,
}

// Next says who is awaited and which timer the room must arm (§4.4).
func (m *match) Next() game.Turn {
	var t game.Turn
	if m.phase == PhaseDealEnd {
		return t
	}
	for s := range m.n {
		if m.awaits(s) {
			t.Seats = append(t.Seats, game.Seat(s))
		}
	}
	if at, ok := m.deadline(); ok {
		t.Timers = []game.Timer{{At: at, Fires: game.Action{Seat: game.System, Type: timerType[m.phase],
			Data: mustJSON(Timeout{Trick: m.trick, Step: m.step})}}}
	}
	return t
}

// awaits reports whether the running phase waits for seat s.
func (m *match) awaits(s int) bool {
	p := &m.players[s]
	switch m.phase {
	case PhaseSelect:
		return p.commit == noCard
	case PhaseBoom:
		return p.slot != noCard && p.slot.rank() == Terrorist && !p.boomed
	case PhaseSteal:
		return p.slot != noCard && p.slot.rank() == Mole && !p.acted
	case PhaseSecure:
		return p.decider && p.decision == undecided
	}
	return false
}

// checkTimer refuses a timer action that is stale or not yet due.
func (m *match) checkTimer(want Phase, d Timeout, t int64) error {
	if m.phase != want || d.Step != m.step || d.Trick != m.trick {
		return game.Stale("R22", "vault.refuse.timer_stale")
	}
	at, ok := m.deadline()
	if !ok {
		return game.Stale("R22", "vault.refuse.timer_none")
	}
	if t < at {
		return game.Stale("R22", "vault.refuse.timer_early")
	}
	return nil
}

// late reports whether a player's action at t comes after the window closed.
func (m *match) late(t int64) bool {
	at, ok := m.deadline()
	return ok && t >= at
}

func (d selectTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer(PhaseSelect, Timeout(d), t)
}

func (d boomTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer(PhaseBoom, Timeout(d), t)
}

func (d stealTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer(PhaseSteal, Timeout(d), t)
}

func (d secureTimeout) check(m *match, _ int, t int64) error {
	return m.checkTimer(PhaseSecure, Timeout(d), t)
}

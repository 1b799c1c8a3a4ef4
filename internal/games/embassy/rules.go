package embassy

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
	return game.Judge(a, m.n, m.phase == PhaseOver, gate, func() (command, error) { return decode(a, m.n) },
		func(c command) error {
			if a.Seat != game.System && int(a.Seat) != m.awaited() {
				return game.NotYourTurn("§8", "embassy.refuse.not_your_turn", game.P("who", game.Seat(m.awaited())))
			}
			return c.check(m, int(a.Seat), m.clock.At(a))
		})
}

// gate keeps the timers the referee's (H4).
var gate = game.Gate{Rule: "H4", Timer: system,
	RefereeOnly: "embassy.refuse.referee_only", TimerIsReferees: "embassy.refuse.system_only"}

// Apply performs an action that passed Check and returns what happened.
func (m *match) Apply(a game.Action, r *game.Rand) []game.Event {
	cmd := game.Checked(m.command(a))
	t := m.clock.Tick(a)
	m.public.Drop()
	m.transfers = nil
	if _, hide := cmd.(hideCmd); !hide {
		m.step++
		m.stepAt = t
	}
	cmd.apply(m, int(a.Seat), t, r)
	m.observe()
	return m.news.Take()
}

// awaited is the seat the match waits for, -1 when over.
func (m *match) awaited() int {
	switch m.phase {
	case PhaseOver:
		return -1
	case PhasePenalty:
		return m.target
	case PhaseKeep, PhaseSlot, PhaseFifth, PhasePlace:
		return m.acq.who
	}
	return m.active
}

// limit is the running waiting point's time limit in ms, 0 for none.
func (m *match) limit() int {
	switch m.phase {
	case PhaseOver:
		return 0
	case PhaseRoll, PhaseMove, PhaseImmobile, PhaseBlocked:
		return m.opts.TurnTimeoutMs
	}
	return m.opts.ChoiceTimeoutMs
}

// Next says who is awaited and which timers the room must arm: the time
// limit of the waiting point and the end of a reveal.
func (m *match) Next() game.Turn {
	var t game.Turn
	if m.phase == PhaseOver {
		return t
	}
	t.Seats = []game.Seat{game.Seat(m.awaited())}
	if l := m.limit(); l > 0 {
		t.Timers = append(t.Timers, game.Timer{At: m.stepAt + int64(l), Fires: game.Action{Seat: game.System,
			Type: ActTimeout, Data: mustJSON(Timeout{Turn: m.turn, Step: m.step})}})
	}
	if m.reveal != nil {
		t.Timers = append(t.Timers, game.Timer{At: m.revealUntil(), Fires: game.Action{Seat: game.System,
			Type: ActHide, Data: mustJSON(Hide{Seq: m.reveal.seq})}})
	}
	return t
}

// wrongPhase refuses a command the running phase does not take (§8).
func wrongPhase() error { return game.Illegal("§8", "embassy.refuse.wrong_phase") }

type (
	timeoutCmd Timeout
	hideCmd    Hide
)

func (d timeoutCmd) check(m *match, _ int, t int64) error {
	l := m.limit()
	switch {
	case d.Turn != m.turn || d.Step != m.step || l == 0:
		return game.Stale("H4", "embassy.refuse.stale_timer")
	case t < m.stepAt+int64(l):
		return game.Stale("H4", "embassy.refuse.early_timer")
	}
	return nil
}

func (d timeoutCmd) apply(m *match, _ int, t int64, r *game.Rand) {
	s := m.awaited()
	m.log(kindTimeout, game.M("embassy.event.timeout", who(s)))
	m.stats.timeouts++
	m.playDefault(s, t, r)
}

func (d hideCmd) check(m *match, _ int, t int64) error {
	switch {
	case m.reveal == nil || m.reveal.seq != d.Seq:
		return game.Stale("H5", "embassy.refuse.stale_timer")
	case t < m.revealUntil():
		return game.Stale("H5", "embassy.refuse.early_timer")
	}
	return nil
}

func (d hideCmd) apply(m *match, _ int, _ int64, _ *game.Rand) { m.reveal = nil }

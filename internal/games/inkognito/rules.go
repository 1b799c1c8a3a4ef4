package inkognito

import (
	"slices"

	"topsecret/internal/game"
)

// Check reports why a would be refused now, or nil. It never changes the game.
func (m *match) Check(a game.Action) error {
	_, err := m.command(a)
	return err
}

// command decodes and checks a, returning the command ready to apply.
func (m *match) command(a game.Action) (command, error) {
	return game.Judge(a, m.n, m.phase == PhaseOver, gate, func() (command, error) { return decode(a) },
		func(c command) error { return m.check(int(a.Seat), c, m.clock.At(a)) })
}

// check applies the rules of c's kind for seat s at time t.
func (m *match) check(s int, c command, t int64) error {
	switch c.typ {
	case ActTimeout:
		return m.checkTimeout(c.step, t)
	case ActPlay:
		return m.checkPlay(s, c.site)
	case ActCommit:
		return m.checkCommit(s, c.site)
	case ActChooseBlack:
		return m.checkChoice(s, c.kind)
	}
	return m.checkMeetingAction(s, c)
}

// gate keeps the clock the referee's (H17).
var gate = game.Gate{Rule: "H17", Timer: func(typ string) bool { return typ == ActTimeout },
	RefereeOnly: "inkognito.refuse.referee_only_timers", TimerIsReferees: "inkognito.refuse.timer_is_referees"}

// Apply performs an action that passed Check and returns what happened.
func (m *match) Apply(a game.Action, r *game.Rand) []game.Event {
	c := game.Checked(m.command(a))
	s := int(a.Seat)
	t := m.clock.Tick(a)
	m.public.Drop()
	before := m.stage()
	switch c.typ {
	case ActTimeout:
		m.expire(r)
	case ActPlay:
		m.playSite(s, c.site, r)
	case ActCommit:
		m.commitSite(c.site)
	case ActChooseBlack:
		m.answer(s, c.kind, r)
	default:
		m.submit(s, c, r)
	}
	m.advance(r)
	if m.stage() != before {
		m.step++
		m.stageAt = t
	}
	return m.news.Take()
}

// Next says who is awaited and which time limit the room must arm (H17).
func (m *match) Next() game.Turn {
	var t game.Turn
	for _, s := range m.awaited() {
		t.Seats = append(t.Seats, game.Seat(s))
	}
	if tm := m.timer(); tm != nil && len(t.Seats) > 0 {
		t.Timers = []game.Timer{{At: tm.At, Fires: game.Action{Seat: game.System, Type: ActTimeout,
			Data: mustJSON(TimeoutData{Step: m.step})}}}
	}
	return t
}

// awaited lists the players the game waits for, in seat order.
func (m *match) awaited() []int {
	var out []int
	switch m.phase {
	case PhaseCommit:
		out = append(out, m.amb)
	case PhasePlay:
		out = append(out, m.current())
	case PhaseAct:
		for _, s := range m.actors() {
			if m.subs[s] == nil {
				out = append(out, s)
			}
		}
	case PhaseBlack:
		for _, q := range m.requests {
			if !q.done {
				out = append(out, q.target)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// malformed refuses data the engine decoded but cannot use, in the game's
// own words (game.Malformed is for the decoder's).
func malformed(id string, args ...game.Arg) *game.RuleError {
	return &game.RuleError{Code: game.CodeMalformed, Msg: game.M(id, args...)}
}

// checkPlay enforces PLAY(i): the seat whose turn it is, with a card in hand.
func (m *match) checkPlay(s int, site Site) error {
	if m.phase != PhasePlay || m.current() != s {
		return game.NotYourTurn("§5.8", "inkognito.refuse.not_your_turn")
	}
	if m.hands[s]&(1<<site) == 0 {
		return game.Illegal("§5.2", "inkognito.refuse.card_played", siteArg("site", site))
	}
	return nil
}

// checkCommit enforces AMB_COMMIT: the 5p Ambassador, first, with a card in hand (R21).
func (m *match) checkCommit(s int, site Site) error {
	if m.phase != PhaseCommit || s != m.amb {
		return game.NotYourTurn("R21", "inkognito.refuse.not_ambassador")
	}
	if m.hands[s]&(1<<site) == 0 {
		return game.Illegal("R21", "inkognito.refuse.card_used", siteArg("site", site))
	}
	return nil
}

package wink

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
	return game.Judge(a, m.n, m.phase == PhaseOver, gate, func() (command, error) { return decode(a) },
		func(c command) error { return c.check(m, int(a.Seat), m.clock.At(a)) })
}

// gate keeps the timers the referee's (C1).
var gate = game.Gate{Rule: "C1", Timer: system,
	RefereeOnly: "wink.refuse.referee_only_timers", TimerIsReferees: "wink.refuse.timers_only"}

// Apply performs an action that passed Check and returns what happened.
func (m *match) Apply(a game.Action, r *game.Rand) []game.Event {
	cmd := game.Checked(m.command(a))
	was := m.clock.Now
	t := m.clock.Tick(a)
	m.public.Drop()
	m.readied(was, t)
	m.settleFocus(t)
	cmd.apply(m, int(a.Seat), t, r)
	return m.news.Take()
}

// enter starts a phase at time t; timers armed for the old phase go stale.
// The table shows the phase, so it concerns everyone.
func (m *match) enter(p Phase, t int64) {
	m.news.TouchAll()
	m.phase = p
	m.step++
	m.phaseAt = t
}

// passSuitcase hands the suitcase left and starts the next turn (§4.3).
func (m *match) passSuitcase(t int64) {
	m.suitcase = m.next(m.suitcase)
	m.turn++
	m.enter(PhaseTurn, t)
}

// endGame stops the match at once (§4.3 EndGame) for reason (a
// wink.result.reason.* message): queued accusations are dropped and their
// chips kept.
func (m *match) endGame(t int64, reason game.Msg) {
	if m.phase == PhaseOver {
		return
	}
	for _, q := range m.queue {
		m.notify(q.accuser, kindDropped, "wink.event.dropped_at_end", seatArg("winker", q.winker))
	}
	m.queue = nil
	m.claim = nil
	m.reason = reason
	m.enter(PhaseOver, t)
	res, _ := m.Result()
	m.log(kindOver, "wink.event.over", termArg("reason", reason), termArg("summary", res.Summary))
}

// drawAgent gives p a new agent card, discarding p's own colour unseen and
// redrawing (R17). It reports false when the deck ran out and ended the game (R7).
func (m *match) drawAgent(p int, t int64) bool {
	for {
		if len(m.agentDeck) == 0 {
			m.endGame(t, game.M("wink.result.reason.no_agent_card", seatArg("who", p)))
			return false
		}
		c := m.agentDeck[0]
		m.agentDeck = m.agentDeck[1:]
		if int(c) == p {
			m.agentDiscard = append(m.agentDiscard, c)
			m.notify(p, kindOwnColour, "wink.event.own_colour")
			continue
		}
		m.players[p].agent = c
		return true
	}
}

// drawLocation gives p a new location card, reshuffling the discard when the
// deck is empty (R6a). It reports false when both are empty and the game ended (R6b).
func (m *match) drawLocation(p int, t int64, r *game.Rand) bool {
	if len(m.locDeck) == 0 && len(m.locDiscard) > 0 {
		m.locDeck = m.locDiscard
		m.locDiscard = nil
		m.shuffleLocations(r, m.locDeck)
		m.log(kindReshuffle, "wink.event.reshuffle")
	}
	if len(m.locDeck) == 0 {
		m.endGame(t, game.M("wink.result.reason.no_location_card", seatArg("who", p)))
		return false
	}
	m.players[p].loc = m.locDeck[0]
	m.locDeck = m.locDeck[1:]
	return true
}

// discardAgent takes p's agent card face-down to the discard.
func (m *match) discardAgent(p int) {
	m.agentDiscard = append(m.agentDiscard, m.players[p].agent)
	m.players[p].agent = noColour
	m.players[p].epoch++
}

// discardLocation takes p's location card face-down to the discard.
func (m *match) discardLocation(p int) {
	m.locDiscard = append(m.locDiscard, m.players[p].loc)
	m.players[p].loc = noLocation
	m.players[p].locEpoch++
}

// Next says who is awaited and which timers the room must arm.
func (m *match) Next() game.Turn {
	var t game.Turn
	switch m.phase {
	case PhaseOver:
		return t
	case PhaseDeal:
		t.Seats = []game.Seat{game.Seat(m.suitcase)}
		t.Timers = append(t.Timers, m.timer(ActDealTimeout, m.opts.DealAutoMs))
	case PhaseTurn:
		t.Seats = []game.Seat{game.Seat(m.suitcase)}
		if m.opts.TurnTimeoutMs > 0 {
			t.Timers = append(t.Timers, m.timer(ActTurnTimeout, m.opts.TurnTimeoutMs))
		}
	case PhaseClaim:
		t.Seats = []game.Seat{game.Seat(m.claim.contact)}
		t.Timers = append(t.Timers, m.timer(ActClaimTimeout, m.opts.ClaimConfirmMs))
	}
	t.Timers = append(t.Timers, m.focusTimers()...)
	return t
}

// phaseDeadline is when the running phase's timer fires, or 0 when none runs.
func (m *match) phaseDeadline() int64 {
	ms := 0
	switch m.phase {
	case PhaseDeal:
		ms = m.opts.DealAutoMs
	case PhaseTurn:
		if m.opts.TurnTimeoutMs == 0 {
			return 0
		}
		ms = m.opts.TurnTimeoutMs
	case PhaseClaim:
		ms = m.opts.ClaimConfirmMs
	default:
		return 0
	}
	return m.phaseAt + int64(ms)
}

// timer is the phase timer of kind typ, due ms after the phase began.
func (m *match) timer(typ string, ms int) game.Timer {
	return game.Timer{At: m.phaseAt + int64(ms), Fires: game.Action{
		Seat: game.System, Type: typ, Data: mustJSON(Timeout{Step: m.step})}}
}

// checkTimer refuses a phase timer that is stale or not yet due.
func (m *match) checkTimer(rule string, want Phase, step, ms int, t int64) error {
	if m.phase != want || step != m.step {
		return game.Stale(rule, "wink.refuse.timer_stale")
	}
	if t < m.phaseAt+int64(ms) {
		return game.Stale(rule, "wink.refuse.timer_early")
	}
	return nil
}

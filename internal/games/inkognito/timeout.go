package inkognito

import (
	"slices"

	"topsecret/internal/game"
)

// ActTimeout is the System seat's action when a time limit runs out: it
// plays the default of every seat still awaited (H17).
const ActTimeout = "timeout"

// TimeoutData is ActTimeout's data: the step it was armed for, so a stale
// one is refused.
type TimeoutData struct {
	Step int `json:"step"`
}

// Timer kinds, after the option that sets them.
const (
	// TimerTurn limits playing or sealing a location card (turnTimeoutMs).
	TimerTurn = "turn"
	// TimerMeeting limits the sealed meeting actions and a requested
	// agent's black card (meetingTimeoutMs).
	TimerMeeting = "meeting"
)

// TimerInfo is the running time limit as a deadline.
type TimerInfo struct {
	Kind string `json:"kind"` // TimerTurn or TimerMeeting
	At   int64  `json:"at"`   // Unix ms
}

// stage is one waiting point: a time limit runs from the moment the game
// reaches it, however many of its awaited seats have answered since.
type stage struct {
	phase       Phase
	round, turn int
}

func (m *match) stage() stage { return stage{m.phase, m.round, m.turn} }

// limit is the running waiting point's time limit in ms, 0 for none.
func (m *match) limit() int {
	switch m.phase {
	case PhaseCommit, PhasePlay:
		return m.opts.TurnTimeoutMs
	case PhaseAct, PhaseBlack:
		return m.opts.MeetingTimeoutMs
	}
	return 0
}

// timer is the running time limit, or nil.
func (m *match) timer() *TimerInfo {
	l := m.limit()
	if l == 0 {
		return nil
	}
	kind := TimerMeeting
	if m.phase == PhaseCommit || m.phase == PhasePlay {
		kind = TimerTurn
	}
	return &TimerInfo{Kind: kind, At: m.stageAt + int64(l)}
}

// checkTimeout refuses a timer action for a waiting point the game has
// left, or before its deadline.
func (m *match) checkTimeout(step int, t int64) error {
	tm := m.timer()
	switch {
	case tm == nil || step != m.step:
		return game.Stale("H17", "inkognito.refuse.timer_stale")
	case t < tm.At:
		return game.Stale("H17", "inkognito.refuse.timer_early")
	}
	return nil
}

// expire plays for every seat still awaited what H17 says: a random card
// from the hand; in a meeting a random new pair (showing is mandatory,
// R4) or a pass, and otherwise nothing (skip, continue); a random card of
// the eligible black ones. Each goes through the same steps as the
// player's own action would.
func (m *match) expire(r *game.Rand) {
	late := m.awaited()
	for _, s := range late {
		m.log("inkognito.event.timeout", m.subject("who", s))
	}
	switch m.phase {
	case PhaseCommit:
		m.commitSite(m.randomSite(m.amb, r))
	case PhasePlay:
		who := m.current()
		m.playSite(who, m.randomSite(who, r), r)
	case PhaseAct:
		for _, s := range late {
			m.submit(s, m.lateAction(s, r), r)
		}
	case PhaseBlack:
		for _, s := range late {
			for m.phase == PhaseBlack && m.pendingFor(s) >= 0 {
				q := m.requests[m.pendingFor(s)]
				kinds := kindsOf(m.eligible(s, q.requester))
				m.answer(s, kinds[r.IntN(len(kinds))], r)
			}
		}
	}
}

func (m *match) randomSite(s int, r *game.Rand) Site {
	left := sitesOf(m.hands[s])
	return left[r.IntN(len(left))]
}

// lateAction is what a late participant of a meeting does.
func (m *match) lateAction(s int, r *game.Rand) command {
	mt := m.meetings[m.meetingOf(s)]
	switch {
	case s == m.amb:
		return command{typ: ActContinue}
	case mt.kind == MeetExchange || mt.kind == MeetInterview:
		pairs := m.freshPairs(s, m.counterpart(mt, s))
		if len(pairs) == 0 {
			return command{typ: ActPass}
		}
		return command{typ: ActShowPair, pair: pairs[r.IntN(len(pairs))], pairOK: true}
	}
	return command{typ: ActSkip}
}

// freshPairs are s's legal pairs not yet shown to `to` (R2, R3).
func (m *match) freshPairs(s, to int) [][2]Face {
	return slices.DeleteFunc(m.black[s].legalPairs(), func(p [2]Face) bool {
		return m.pairs[s][to]&pairBit(p[0], p[1]) != 0
	})
}

package inkognito

import (
	"fmt"

	"topsecret/internal/game"
)

// MeetKind is the type of a meeting (§5.3).
type MeetKind string

// Meeting types.
const (
	// MeetExchange is two agent players alone on a site: each shows a pair
	// (or a black card, or dials), sealed (R1–R4, R8).
	MeetExchange MeetKind = "exchange"
	// MeetPeek is an agent player alone with the fictitious agent (3p, R18).
	MeetPeek MeetKind = "peek"
	// MeetAmb is an agent player alone with the Ambassador: a request (R7, R19, R22).
	MeetAmb MeetKind = "amb_meet"
	// MeetInterview is the 5p Ambassador with exactly two agents: both show
	// him a pair (R23).
	MeetInterview MeetKind = "interview"
)

// meeting is one meeting of the round. agents are the agent seats on the
// site (a peek lists the player first, then FICT); the Ambassador of
// MeetAmb and MeetInterview is implied.
type meeting struct {
	site   Site
	kind   MeetKind
	agents []int
}

// actors are the players who must submit a sealed action this round (§5.4).
func (m *match) actors() []int {
	var out []int
	for _, mt := range m.meetings {
		out = append(out, m.meetingActors(mt)...)
	}
	return out
}

func (m *match) meetingActors(mt meeting) []int {
	switch mt.kind {
	case MeetExchange, MeetInterview:
		out := []int{mt.agents[0], mt.agents[1]}
		if mt.kind == MeetInterview {
			out = append(out, m.amb)
		}
		return out
	case MeetAmb:
		if m.n == 5 {
			return []int{mt.agents[0], m.amb}
		}
	}
	return []int{mt.agents[0]}
}

// meetingOf is the index of the meeting seat s must act in, or -1.
func (m *match) meetingOf(s int) int {
	for i, mt := range m.meetings {
		for _, a := range m.meetingActors(mt) {
			if a == s {
				return i
			}
		}
	}
	return -1
}

// counterpart is the other side of s's exchange, or the recipient of its
// interview pair (the Ambassador).
func (m *match) counterpart(mt meeting, s int) int {
	switch {
	case mt.kind == MeetInterview:
		return m.amb
	case mt.agents[0] == s:
		return mt.agents[1]
	}
	return mt.agents[0]
}

// dialAllowed says whether s may dial from mt (R11, R20, R25).
func (m *match) dialAllowed(mt meeting, s int) bool {
	if s == m.amb {
		return true // 5p: amb_meet or interview
	}
	switch m.n {
	case 4:
		return mt.kind == MeetExchange
	case 3:
		return true
	}
	return mt.kind != MeetInterview
}

// checkMeetingAction checks a sealed top-level action of ACT (§5.4, §5.7).
func (m *match) checkMeetingAction(s int, c command) error {
	mi := -1
	if m.phase == PhaseAct {
		mi = m.meetingOf(s)
	}
	if mi < 0 {
		return game.NotYourTurn(ErrNotAParticipant, "You are not in a meeting that awaits you (§5.4).")
	}
	if m.subs[s] != nil {
		return game.Illegal(ErrAlreadySubmitted, "You already acted in this meeting; it is final (R4).")
	}
	mt := m.meetings[mi]
	isAmb := s == m.amb
	wrong := game.Illegal(ErrWrongMeeting, "%s is not an action of this meeting (§5.4).", c.typ)
	switch c.typ {
	case ActDial:
		if !m.dialAllowed(mt, s) {
			return game.Illegal(ErrDialNotAllowedHere, "You cannot call from this meeting (R11, R20, R25).")
		}
		if !c.dialOK {
			return &game.RuleError{Code: game.CodeMalformed, Rule: ErrDialMalformed,
				Msg: "Give each of F, B, Z and X a different fragment: 52, 11, 0 and 29 (R10)."}
		}
	case ActShowPair, ActPass:
		if isAmb || (mt.kind != MeetExchange && mt.kind != MeetInterview) {
			return wrong
		}
		to := m.counterpart(mt, s)
		if c.typ == ActPass {
			if m.pairsLeft(s, to) > 0 {
				return game.Illegal(ErrPassNotAllowed, "You still have a legal new pair to show; showing is mandatory (R3, R4).")
			}
			return nil
		}
		return m.checkPair(s, to, c.pair, c.pairOK)
	case ActShowBlack:
		if mt.kind != MeetExchange {
			return wrong
		}
		to := m.counterpart(mt, s)
		if m.blacks[s][to]&(1<<c.kind) != 0 {
			return game.Illegal(ErrBlackAlreadyShown, "You already showed this black card to %s (R8).", m.whoName(to))
		}
	case ActPeek:
		if mt.kind != MeetPeek {
			return wrong
		}
		if m.blacks[Fict][s]&(1<<c.kind) != 0 {
			return game.Illegal(ErrBlackAlreadyShown, "You have already seen this card of the fictitious agent (R18).")
		}
	case ActRequest:
		if isAmb || mt.kind != MeetAmb {
			return wrong
		}
		return m.checkRequest(s, c)
	case ActSkip:
		if isAmb || (mt.kind != MeetAmb && mt.kind != MeetPeek) {
			return wrong
		}
	case ActContinue:
		if !isAmb {
			return wrong
		}
	}
	return nil
}

// checkPair enforces R2, R1 and R3, in that order.
func (m *match) checkPair(s, to int, p [2]Face, ok bool) error {
	if !ok {
		return game.Illegal(ErrPairInvalid, "Show two different cards of your eight identity and number cards (R2).")
	}
	b := m.black[s]
	if b.True(p[0]) == b.True(p[1]) {
		return game.Illegal(ErrPairNotExactlyOneTrue, "Exactly one of the two cards must be true for you (R1).")
	}
	if m.pairs[s][to]&pairBit(p[0], p[1]) != 0 {
		return game.Illegal(ErrPairRepeated, "You already showed these two cards to %s this game (R3).", m.whoName(to))
	}
	return nil
}

// pairsLeft counts s's legal pairs not yet shown to recipient to (R3, §9.2).
func (m *match) pairsLeft(s, to int) int {
	k := 0
	for _, p := range m.black[s].legalPairs() {
		if m.pairs[s][to]&pairBit(p[0], p[1]) == 0 {
			k++
		}
	}
	return k
}

// eligible are the kinds target has never shown to (or had seen by) viewer (R7, R18).
func (m *match) eligible(target, viewer int) uint8 { return ^m.blacks[target][viewer] & 3 }

// checkRequest enforces R7 and R19 for a request at an Ambassador meeting.
func (m *match) checkRequest(s int, c command) error {
	t := c.target
	if m.isFict(t) {
		if !c.hasKind {
			return game.Malformed("request: name the kind of the fictitious agent's card to look at (R19)")
		}
		if m.eligible(t, s) == 0 {
			return game.Illegal(ErrTargetIneligible, "You have seen both cards of the fictitious agent (R19).")
		}
		if m.eligible(t, s)&(1<<c.kind) == 0 {
			return game.Illegal(ErrBlackAlreadyShown, "You have already seen this card of the fictitious agent (R19).")
		}
		return nil
	}
	if t == s || t == m.amb || !m.isAgent(t) {
		return game.Illegal(ErrTargetIneligible, "Name another agent (R7).")
	}
	if c.hasKind {
		return game.Malformed("request: the target chooses which black card to show (R7)")
	}
	if m.eligible(t, s) == 0 {
		return game.Illegal(ErrTargetIneligible, "%s has shown you both black cards already (R7).", m.whoName(t))
	}
	return nil
}

// submit seals s's action; once every actor is in, the round resolves (R4, R6).
func (m *match) submit(s int, c command, r *game.Rand) {
	cc := c
	m.subs[s] = &cc
	for _, a := range m.actors() {
		if m.subs[a] == nil {
			return
		}
	}
	m.resolve(r)
}

// resolve is DIAL_CHECK then DELIVER (R6).
func (m *match) resolve(r *game.Rand) {
	for _, who := range m.playOrder() {
		if who >= 0 && m.subs[who] != nil && m.subs[who].typ == ActDial {
			m.resolveDial(who)
			return
		}
	}
	m.deliver()
	if len(m.requests) > 0 {
		m.phase = PhaseBlack
		return
	}
	m.endRound(r)
}

// meetingText is the public line announcing a meeting.
func (m *match) meetingText(mt meeting) string {
	a := m.whoName(mt.agents[0])
	switch mt.kind {
	case MeetExchange:
		return fmt.Sprintf("%s and %s meet at %s.", a, m.whoName(mt.agents[1]), mt.site.Name())
	case MeetPeek:
		return fmt.Sprintf("%s meets the fictitious agent at %s.", a, mt.site.Name())
	case MeetAmb:
		return fmt.Sprintf("%s meets %s alone at %s.", a, m.whoName(m.amb), mt.site.Name())
	}
	return fmt.Sprintf("%s interviews %s and %s at %s.", m.whoName(m.amb), a, m.whoName(mt.agents[1]), mt.site.Name())
}

// kindsOf lists the kinds in a black-card bitmask.
func kindsOf(mask uint8) []Kind {
	var out []Kind
	for k := KindIdentity; k <= KindNumber; k++ {
		if mask&(1<<k) != 0 {
			out = append(out, k)
		}
	}
	return out
}

package inkognito

import (
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
		return game.NotYourTurn("§5.4", "inkognito.refuse.not_in_meeting")
	}
	if m.subs[s] != nil {
		return game.Illegal("R4", "inkognito.refuse.already_acted")
	}
	mt := m.meetings[mi]
	isAmb := s == m.amb
	wrong := game.Illegal("§5.4", "inkognito.refuse.wrong_meeting", game.T("action", actionTerm(c.typ)))
	switch c.typ {
	case ActDial:
		if !m.dialAllowed(mt, s) {
			return game.Illegal("R11", "inkognito.refuse.no_call_here")
		}
		if !c.dialOK {
			return &game.RuleError{Code: game.CodeMalformed, Rule: "R10",
				Msg: game.M("inkognito.refuse.dial_malformed", game.TS("agents", faceTerms(0, 4)), game.TS("fragments", faceTerms(4, numFaces)))}
		}
	case ActShowPair, ActPass:
		if isAmb || (mt.kind != MeetExchange && mt.kind != MeetInterview) {
			return wrong
		}
		to := m.counterpart(mt, s)
		if c.typ == ActPass {
			if m.pairsLeft(s, to) > 0 {
				return game.Illegal("R4", "inkognito.refuse.must_show")
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
			return game.Illegal("R8", "inkognito.refuse.black_shown", m.who("who", to))
		}
	case ActPeek:
		if mt.kind != MeetPeek {
			return wrong
		}
		if m.blacks[Fict][s]&(1<<c.kind) != 0 {
			return game.Illegal("R18", "inkognito.refuse.peeked")
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
		return game.Illegal("R2", "inkognito.refuse.pair_invalid")
	}
	b := m.black[s]
	if b.True(p[0]) == b.True(p[1]) {
		return game.Illegal("R1", "inkognito.refuse.pair_not_one_true")
	}
	if m.pairs[s][to]&pairBit(p[0], p[1]) != 0 {
		return game.Illegal("R3", "inkognito.refuse.pair_repeated", m.who("who", to))
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
			return malformed("inkognito.refuse.fict_kind_missing")
		}
		if m.eligible(t, s) == 0 {
			return game.Illegal("R19", "inkognito.refuse.fict_seen_both")
		}
		if m.eligible(t, s)&(1<<c.kind) == 0 {
			return game.Illegal("R19", "inkognito.refuse.fict_seen")
		}
		return nil
	}
	if t == s || t == m.amb || !m.isAgent(t) {
		return game.Illegal("R7", "inkognito.refuse.target_other")
	}
	if c.hasKind {
		return malformed("inkognito.refuse.target_chooses")
	}
	if m.eligible(t, s) == 0 {
		return game.Illegal("R7", "inkognito.refuse.target_exhausted", m.subject("who", t))
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

// announce logs the public line announcing a meeting.
func (m *match) announce(mt meeting) {
	a, at := m.subject("a", mt.agents[0]), siteArg("site", mt.site)
	switch mt.kind {
	case MeetExchange:
		m.log("inkognito.event.meet_exchange", a, m.who("b", mt.agents[1]), at)
	case MeetPeek:
		m.log("inkognito.event.meet_peek", a, at)
	case MeetAmb:
		m.log("inkognito.event.meet_ambassador", a, m.who("amb", m.amb), at)
	default:
		m.log("inkognito.event.meet_interview", m.subject("amb", m.amb), m.who("a", mt.agents[0]), m.who("b", mt.agents[1]), at)
	}
}

// actionTerm is the catalogue id of a meeting action in words ("showing a
// pair"), for the refusal of an action this meeting does not have.
func actionTerm(typ string) string { return "inkognito.action." + typ }

// faceTerms are the terms of faces lo…hi-1 (0–4 the identities F, B, Z, X;
// 4–8 the fragments), in dial order.
func faceTerms(lo, hi Face) []game.Msg {
	var out []game.Msg
	for f := lo; f < hi; f++ {
		out = append(out, game.M(f.Term()))
	}
	return out
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

package inkognito

import (
	"topsecret/internal/game"
)

// request is a REQUEST(target) waiting for the target's black card (§5.5).
type request struct {
	requester, target int
	site              Site
	reqCol, tgtCol    int // columns on the requester's and target's sheets
	ambCol            int // 5p: the Ambassador's column, else -1
	done              bool
}

// dialRecord is the resolved call (GAME_END).
type dialRecord struct {
	by      int
	number  string
	digits  bool // the digits were right
	correct bool // the call counts as correct (4p: also with the ally, R12)
	winners []int
}

// verdict is the catalogue id of the call's verdict: correct, wrong, or
// the right digits with the wrong partner (R12).
func (d *dialRecord) verdict() string {
	switch {
	case d.correct:
		return "inkognito.verdict.correct"
	case d.digits:
		return "inkognito.verdict.wrong_partner"
	}
	return "inkognito.verdict.wrong"
}

// deliver shows every sealed action to its recipients at the same moment
// and records it on the sheets and ledgers (§5.2 DELIVER, R4).
func (m *match) deliver() {
	for _, mt := range m.meetings {
		switch mt.kind {
		case MeetExchange:
			a, b := mt.agents[0], mt.agents[1]
			ca := m.column(a, mt.site, mt.kind, b, game.Msg{})
			cb := m.column(b, mt.site, mt.kind, a, game.Msg{})
			m.deliverShow(a, b, ca, cb)
			m.deliverShow(b, a, cb, ca)
		case MeetInterview:
			for _, a := range mt.agents {
				ca := m.column(a, mt.site, mt.kind, m.amb, game.Msg{})
				cm := m.column(m.amb, mt.site, mt.kind, a, game.Msg{})
				m.deliverShow(a, m.amb, ca, cm)
			}
		case MeetPeek:
			m.deliverPeek(mt)
		case MeetAmb:
			m.deliverRequest(mt)
		}
	}
}

// deliverShow delivers from's exchange or interview show to `to`.
func (m *match) deliverShow(from, to, cFrom, cTo int) {
	c := m.subs[from]
	switch c.typ {
	case ActShowPair:
		m.pairs[from][to] |= pairBit(c.pair[0], c.pair[1])
		m.mark(to, cTo, MarkReceived, c.pair[0], c.pair[1])
		m.mark(from, cFrom, MarkShowed, c.pair[0], c.pair[1])
		m.notify(to, "inkognito.event.shown_pair", m.subject("who", from), faceArg("a", c.pair[0]), faceArg("b", c.pair[1]))
	case ActShowBlack:
		f := m.black[from].face(c.kind)
		m.blacks[from][to] |= 1 << c.kind
		m.mark(to, cTo, MarkSeenBlack, f)
		m.mark(from, cFrom, MarkShowedBlack, f)
		m.notify(to, "inkognito.event.shown_black", m.subject("who", from), faceArg("face", f))
	case ActPass:
		m.note(to, cTo, NoteNoNewPair)
		m.note(from, cFrom, NotePassed)
		m.notify(to, "inkognito.event.no_new_pair", m.subject("who", from))
	}
}

// deliverPeek shows the peeker the fictitious agent's chosen card (R18).
func (m *match) deliverPeek(mt meeting) {
	p := mt.agents[0]
	c := m.subs[p]
	col := m.column(p, mt.site, MeetPeek, Fict, game.Msg{})
	if c.typ == ActSkip {
		m.note(p, col, NoteSkip)
		return
	}
	f := m.black[Fict].face(c.kind)
	m.blacks[Fict][p] |= 1 << c.kind
	m.mark(p, col, MarkSeenBlack, f)
	m.notify(p, "inkognito.event.fict_card", kindArg("kind", c.kind), faceArg("face", f))
}

// deliverRequest publishes a request or a skip and, for a real target,
// queues its black-card choice (R7, R19, R22).
func (m *match) deliverRequest(mt meeting) {
	p := mt.agents[0]
	c := m.subs[p]
	if c.typ == ActSkip {
		col := m.column(p, mt.site, MeetAmb, m.amb, game.M(NoteSkip))
		m.note(p, col, NoteSkip)
		m.log("inkognito.event.asked_nobody", m.subject("who", p))
		return
	}
	t := c.target
	m.log("inkognito.event.asked", m.subject("who", p), m.who("target", t))
	col := m.column(p, mt.site, MeetAmb, t, game.M("inkognito.sheet.asked_to", m.who("who", t)))
	if m.isFict(t) {
		f := m.black[Fict].face(c.kind)
		m.blacks[Fict][p] |= 1 << c.kind
		m.mark(p, col, MarkSeenBlack, f)
		m.notify(p, "inkognito.event.fict_card", kindArg("kind", c.kind), faceArg("face", f))
		return
	}
	q := request{requester: p, target: t, site: mt.site, reqCol: col, ambCol: -1,
		tgtCol: m.column(t, mt.site, MeetAsked, p, game.M("inkognito.sheet.asked_by", m.who("who", p)))}
	if m.n == 5 {
		q.ambCol = m.column(m.amb, mt.site, MeetAsked, t, game.M("inkognito.sheet.asked", m.subject("who", p), m.who("target", t)))
	}
	m.requests = append(m.requests, q)
}

// pendingFor is the index of target s's unanswered request, or -1.
func (m *match) pendingFor(s int) int {
	for i, q := range m.requests {
		if q.target == s && !q.done {
			return i
		}
	}
	return -1
}

// checkChoice enforces CHOOSE_BLACK: a pending target, an eligible kind (§5.5).
func (m *match) checkChoice(s int, k Kind) error {
	i := -1
	if m.phase == PhaseBlack {
		i = m.pendingFor(s)
	}
	if i < 0 {
		return game.NotYourTurn("§5.5", "inkognito.refuse.nobody_asked")
	}
	q := m.requests[i]
	if m.eligible(s, q.requester)&(1<<k) == 0 {
		return game.Illegal("R7", "inkognito.refuse.black_shown_asked", m.who("who", q.requester))
	}
	return nil
}

// answer delivers s's black card to the requester (and the 5p Ambassador);
// when every request is answered, the round ends.
func (m *match) answer(s int, k Kind, r *game.Rand) {
	q := &m.requests[m.pendingFor(s)]
	q.done = true
	f := m.black[s].face(k)
	m.blacks[s][q.requester] |= 1 << k
	m.mark(q.requester, q.reqCol, MarkSeenBlack, f)
	m.mark(s, q.tgtCol, MarkShowedBlack, f)
	m.notify(q.requester, "inkognito.event.shown_black", m.subject("who", s), faceArg("face", f))
	if q.ambCol >= 0 {
		m.mark(m.amb, q.ambCol, MarkSeenBlack, f)
		m.notify(m.amb, "inkognito.event.watched_black", m.subject("who", s), m.who("requester", q.requester), faceArg("face", f))
	}
	m.log("inkognito.event.answered", m.subject("who", s))
	if len(m.awaited()) == 0 {
		m.endRound(r)
	}
}

// resolveDial resolves the earliest dial in play order and ends the game
// (§5.6, R6, R12, R13). Later dials are discarded unseen.
func (m *match) resolveDial(who int) {
	c := m.subs[who]
	d := &dialRecord{by: who, number: Number(c.dial)}
	d.digits = d.number == m.trueNumber()
	d.correct = d.digits
	mt := m.meetings[m.meetingOf(who)]
	if m.n == 4 {
		d.correct = d.digits && m.allied(who, m.counterpart(mt, who))
	}
	for s := range m.n {
		win := s == who || (m.n == 4 && m.allied(who, s))
		if win == d.correct {
			d.winners = append(d.winners, s)
			m.points[s]++
		}
	}
	m.dial = d
	m.phase = PhaseOver
	for _, s := range m.actors() {
		if s != who && m.subs[s].typ == ActDial {
			m.notify(s, "inkognito.event.call_lost", m.who("who", who))
		}
	}
	m.log("inkognito.event.dialled", m.subject("who", who), game.X("number", d.number),
		game.T("verdict", d.verdict()), game.X("truth", m.trueNumber()))
}

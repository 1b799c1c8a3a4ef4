package vault

import (
	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner.
const (
	kindDeal     = "deal"     // a new deal began
	kindReveal   = "reveal"   // the simultaneous reveal of a trick
	kindAuto     = "auto"     // a random card was committed on timeout (R4)
	kindVoid     = "void"     // a mole voided by a terrorist (R8)
	kindBoom     = "boom"     // a terrorist's player shouted Boom (banner)
	kindMissed   = "missed"   // a terrorist's player forgot to shout: −50 (banner)
	kindBlast    = "blast"    // the blast and what it burned (banner)
	kindSteal    = "steal"    // a mole's attempt: stole, missed, passed, timed out (banner)
	kindBank     = "bank"     // cards went into a safe
	kindKeep     = "keep"     // a decider kept the card at stake
	kindOver     = "over"     // the deal ended
	kindCommit   = "commit"   // private: the card you played face-down
	kindDecision = "decision" // private: your bank-or-keep choice before the window closes
)

// maxEvents is how many public events the match remembers for views, with
// the private ones among them.
const maxEvents = 64

// logged is one remembered event; to < 0 means public. Its message is never
// changed once recorded, so clones may share it.
type logged struct {
	n    int // its place among all events, private ones included
	seq  int // the number its readers see
	kind string
	msg  game.Msg
	to   int
}

// log records a public event, the message id with its arguments, and
// returns its sequence number.
func (m *match) log(kind, id string, args ...game.Arg) int {
	return m.record(kind, -1, game.M(id, args...))
}

// notify records a private notice for seat.
func (m *match) notify(seat int, kind, id string, args ...game.Arg) {
	m.record(kind, seat, game.M(id, args...))
}

// record remembers an event. Only a public one takes a new number: a private
// one bears the number of the public event before it, so public numbers
// count public events alone and a gap in them never tells the table that a
// seat was told something (a peek, a sealed choice). A seat still reads its
// notices in order among the public events: a notice numbered n came after
// public event n and before n+1.
func (m *match) record(kind string, to int, msg game.Msg) int {
	m.recorded++
	if to < 0 {
		m.eventSeq++
	}
	m.events = append(m.events, logged{n: m.recorded, seq: m.eventSeq, kind: kind, msg: msg, to: to})
	if len(m.events) > maxEvents {
		m.events = game.Forget(m.events, maxEvents, logged.public)
	}
	return m.eventSeq
}

// public reports whether everyone is told e.
func (e logged) public() bool { return e.to < 0 }

// eventsSince converts the events recorded after the from-th into game
// events.
func (m *match) eventsSince(from int) []game.Event {
	var out []game.Event
	for _, e := range m.events {
		if e.n <= from {
			continue
		}
		ev := game.Event{Msg: e.msg}
		if e.to >= 0 {
			ev.To = []game.Seat{game.Seat(e.to)}
		}
		out = append(out, ev)
	}
	return out
}

// played is a card a seat revealed, or lost in a blast.
type played struct {
	seat int
	card card
}

// seqSeat is a numbered moment of one seat (a Boom press).
type seqSeat struct{ seq, seat int }

// revealMoment is a trick's simultaneous reveal.
type revealMoment struct {
	seq, trick int
	played     []played
}

// blastMoment is a blast: who forgot to shout and what burned.
type blastMoment struct {
	seq    int
	missed []int
	burned []played
}

// stealMoment is one mole's attempt as processed, in log order.
type stealMoment struct {
	seq, mole int
	result    string
	from      int
	card      card
}

// bankMoment is cards going into a safe.
type bankMoment struct {
	seq, seat int
	cards     []card
	side      string
	auto      bool
}

// moments are the latest trick's animations; a reveal replaces them.
type moments struct {
	reveal *revealMoment
	booms  []seqSeat
	blast  *blastMoment
	steals []stealMoment
	banks  []bankMoment
}

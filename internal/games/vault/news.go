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

// log tells everyone an event and returns its number among the public
// events, which keys the views' moments (a reveal, a steal) for the
// boards' animations.
func (m *match) log(kind, id string, args ...game.Arg) int {
	m.news.Say(kind, game.M(id, args...))
	m.eventSeq++
	return m.eventSeq
}

// notify tells seat alone.
func (m *match) notify(seat int, kind, id string, args ...game.Arg) {
	m.news.Tell(game.Seat(seat), kind, game.M(id, args...))
}

var _ game.Opener = (*match)(nil)

// Opening is what the deal said: a new deal begins.
func (m *match) Opening() []game.Event { return m.news.Take() }

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

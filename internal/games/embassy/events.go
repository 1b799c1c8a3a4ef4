package embassy

import (
	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner. No event ever
// names a card's secret: the room keeps recent events on every screen, and
// the rules allow no notes (R3). Reveals live only in the view's reveal
// moment, which a System timer takes down.
const (
	kindStart     = "start"     // the first-player rolls
	kindRoll      = "roll"      // dice rolled
	kindMove      = "move"      // a spy moved or entered an embassy
	kindCard      = "card"      // a card moved between an embassy and a holder
	kindChallenge = "challenge" // a challenge, its guess and its penalty
	kindBlocked   = "blocked"   // an immobile or blocked spy, a bodyguard swap, a pass
	kindTimeout   = "timeout"   // a time limit ran out
	kindOver      = "over"      // the game is won
)

// maxEvents is how many events the match remembers for views.
const maxEvents = 24

// logged is one remembered event.
type logged struct {
	seq  int
	kind string
	msg  game.Msg
}

// log records a public event and returns its sequence number.
func (m *match) log(kind string, msg game.Msg) int {
	m.eventSeq++
	m.events = append(m.events, logged{seq: m.eventSeq, kind: kind, msg: msg})
	if len(m.events) > maxEvents {
		m.events = append([]logged(nil), m.events[len(m.events)-maxEvents:]...)
	}
	evs := m.events[max(0, len(m.events)-maxViewEvents):]
	m.lines = make([]EventLine, len(evs))
	for i, e := range evs {
		m.lines[i] = EventLine{Seq: e.seq, Kind: e.kind, Msg: e.msg}
	}
	return m.eventSeq
}

// eventsSince converts the events recorded after seq into game events.
func (m *match) eventsSince(seq int) []game.Event {
	var out []game.Event
	for _, e := range m.events {
		if e.seq > seq {
			out = append(out, game.Event{Msg: e.msg})
		}
	}
	return out
}

// who is the acting seat as a message argument.
func who(s int) game.Arg { return game.P("who", game.Seat(s)) }

// seatArg is another seat as a message argument.
func seatArg(name string, s int) game.Arg { return game.P(name, game.Seat(s)) }

// embassyArg names embassy e as a term.
func embassyArg(e int) game.Arg { return game.T("embassy", embassyTerm(e)) }

// slotArg is a slot number.
func slotArg(n int) game.Arg { return game.N("slot", n) }

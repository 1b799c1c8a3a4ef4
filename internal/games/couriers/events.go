package couriers

import (
	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner.
const (
	kindSetup    = "setup"    // hiding and the reveal of the suitcases
	kindFirst    = "first"    // the first-player roll (R26)
	kindTurn     = "turn"     // a turn begins or ends
	kindRoll     = "roll"     // the dice
	kindMove     = "move"     // an agent walks
	kindSuitcase = "suitcase" // a suitcase picked up or put down
	kindFight    = "fight"    // an attack, a card chosen, the reveal, its outcome
	kindDelivery = "delivery" // a suitcase opened at an arrival base
	kindBomb     = "bomb"     // a bomb and its victims
	kindTimeout  = "timeout"  // a time limit ran out
	kindOver     = "over"     // the end of the game
	kindPrivate  = "private"  // only one seat reads it (own card, own setup)
)

// maxEvents is how many events the match remembers at least; it trims
// them in batches, so recording stays cheap. A view shows far fewer
// (maxViewEvents), so when the trimming comes never shows.
const maxEvents = 48

// logged is one remembered event; to < 0 means public.
type logged struct {
	n    int // its place among all events, private ones included
	seq  int // the number its readers see
	kind string
	msg  game.Msg
	to   int
}

// record remembers an event for everyone (to < 0) or for one seat. Only a
// public one takes a new number: a private one bears the number of the
// public event before it, so public numbers count public events alone and a
// gap in them never tells the table that a seat was told something (a
// sealed card, a hidden setup). A seat still reads its notices in order
// among the public events: a notice numbered n came after public event n
// and before n+1.
func (m *match) record(kind string, to int, msg game.Msg) {
	m.recorded++
	if to < 0 {
		m.eventSeq++
	}
	m.events = append(m.events, logged{n: m.recorded, seq: m.eventSeq, kind: kind, msg: msg, to: to})
	if len(m.events) >= 2*maxEvents {
		m.events = append(m.events[:0:0], m.events[len(m.events)-maxEvents:]...)
	}
}

// say records a public event.
func (m *match) say(kind, id string, args ...game.Arg) { m.record(kind, -1, game.M(id, args...)) }

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

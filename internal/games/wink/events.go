package wink

import (
	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner.
const (
	kindDeal      = "deal"       // start player named
	kindTake      = "take_cards" // a player took their first cards
	kindClaim     = "claim"      // a claim was declared (banner)
	kindReveal    = "reveal"     // the contact revealed the named place: success (banner)
	kindNotMe     = "not_me"     // the contact answered "not me" (banner)
	kindCaught    = "caught"     // a correct accusation (banner)
	kindWrong     = "wrong"      // a wrong accusation (banner)
	kindSwap      = "swap"       // a player swapped cards (banner, no card shown)
	kindPass      = "pass"       // a player passed
	kindReshuffle = "reshuffle"  // the location discard became the deck (R6a)
	kindOver      = "over"       // the game ended
	kindOwnColour = "own_colour" // private: own colour drawn and discarded (R17)
	kindQueued    = "queued"     // private: accusation queued during a claim (R12)
	kindDropped   = "dropped"    // private: queued accusation dropped
)

// maxEvents is how many public events the match remembers for views, with
// the private ones among them.
const maxEvents = 64

// logged is one remembered event; to < 0 means public.
type logged struct {
	n    int // its place among all events, private ones included
	seq  int // the number its readers see
	kind string
	msg  game.Msg
	to   int
}

// log records a public event.
func (m *match) log(kind, id string, args ...game.Arg) {
	m.record(kind, -1, game.M(id, args...))
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
func (m *match) record(kind string, to int, msg game.Msg) {
	m.recorded++
	if to < 0 {
		m.eventSeq++
	}
	m.events = append(m.events, logged{n: m.recorded, seq: m.eventSeq, kind: kind, msg: msg, to: to})
	if len(m.events) > maxEvents {
		m.events = game.Forget(m.events, maxEvents, logged.public)
	}
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

// seatArg is a seat argument of a message, from the engine's int seats.
func seatArg(name string, s int) game.Arg { return game.P(name, game.Seat(s)) }

// termArg is a term argument of a message that is already a Msg (a colour, a
// place, a reason).
func termArg(name string, m game.Msg) game.Arg {
	return game.TM(name, m)
}

package inkognito

import (
	"topsecret/internal/game"
)

// maxEvents is how many public events the game remembers for views, with
// the private ones among them.
const maxEvents = 64

// logged is one remembered event; to < 0 means public.
type logged struct {
	n   int // its place among all events, private ones included
	seq int // the number its readers see
	msg game.Msg
	to  int
}

// log records a public event.
func (m *match) log(id string, args ...game.Arg) {
	m.record(-1, game.M(id, args...))
}

// notify records a private notice for seat (players only).
func (m *match) notify(seat int, id string, args ...game.Arg) {
	if m.isPlayer(seat) {
		m.record(seat, game.M(id, args...))
	}
}

// record remembers an event. Only a public one takes a new number: a private
// one bears the number of the public event before it, so public numbers
// count public events alone and a gap in them never tells the table that a
// seat was told something (a peek, a sealed choice). A seat still reads its
// notices in order among the public events: a notice numbered n came after
// public event n and before n+1.
func (m *match) record(to int, msg game.Msg) {
	m.recorded++
	if to < 0 {
		m.eventSeq++
	}
	m.events = append(m.events, logged{n: m.recorded, seq: m.eventSeq, msg: msg, to: to})
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

// Participant terms: who an event names when it is not a seated agent
// (H3). The fictitious agent is id 3 but no game.Seat, so it can never be a
// seat argument.
const (
	// termAmbassador is the 3p/4p Ambassador deck, "the Ambassador".
	termAmbassador = "inkognito.who.ambassador"
	// termAmbassadorNamed is the 5p Ambassador player, "the Ambassador Marie".
	termAmbassadorNamed = "inkognito.who.ambassador_named"
	// termFictitious is the 3p fictitious agent.
	termFictitious = "inkognito.who.fictitious"
	// startForm is the suffix of a participant term's form that opens a
	// sentence ("The fictitious agent plays Rialto.").
	startForm = ".start"
)

// who names participant a as the argument name: a seat for an agent
// player, a term for the Ambassador and the fictitious agent.
func (m *match) who(name string, a int) game.Arg { return m.participant(name, a, "") }

// subject is who in the form that opens a sentence.
func (m *match) subject(name string, a int) game.Arg { return m.participant(name, a, startForm) }

func (m *match) participant(name string, a int, form string) game.Arg {
	switch {
	case a == AmbDeck:
		return game.T(name, termAmbassador+form)
	case m.isFict(a):
		return game.T(name, termFictitious+form)
	case a == m.amb:
		return game.T(name, termAmbassadorNamed+form, game.P("name", game.Seat(a)))
	}
	return game.P(name, game.Seat(a))
}

// siteArg names a site argument.
func siteArg(name string, s Site) game.Arg { return game.T(name, s.Term()) }

// faceArg names a card-face argument.
func faceArg(name string, f Face) game.Arg { return game.T(name, f.Term()) }

// kindArg names a black-card kind argument.
func kindArg(name string, k Kind) game.Arg { return game.T(name, k.Term()) }

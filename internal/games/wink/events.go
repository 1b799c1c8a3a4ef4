package wink

import (
	"fmt"

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

// maxEvents is how many events the match remembers for views.
const maxEvents = 64

// logged is one remembered event; to < 0 means public.
type logged struct {
	seq  int
	kind string
	text string
	to   int
}

// log records a public event.
func (m *match) log(kind string, _ []int, format string, args ...any) {
	m.record(kind, -1, fmt.Sprintf(format, args...))
}

// notify records a private notice for seat.
func (m *match) notify(seat int, kind, format string, args ...any) {
	m.record(kind, seat, fmt.Sprintf(format, args...))
}

func (m *match) record(kind string, to int, text string) {
	m.eventSeq++
	m.events = append(m.events, logged{seq: m.eventSeq, kind: kind, text: text, to: to})
	if len(m.events) > maxEvents {
		m.events = append([]logged(nil), m.events[len(m.events)-maxEvents:]...)
	}
}

// eventsSince converts the events recorded after seq into game events.
func (m *match) eventsSince(seq int) []game.Event {
	var out []game.Event
	for _, e := range m.events {
		if e.seq <= seq {
			continue
		}
		ev := game.Event{Text: e.text}
		if e.to >= 0 {
			ev.To = []game.Seat{game.Seat(e.to)}
		}
		out = append(out, ev)
	}
	return out
}

package inkognito

import (
	"fmt"
	"strings"

	"topsecret/internal/game"
)

// maxEvents is how many events the game remembers for views.
const maxEvents = 64

// logged is one remembered event; to < 0 means public.
type logged struct {
	seq  int
	text string
	to   int
}

// log records a public event.
func (m *match) log(format string, args ...any) {
	m.record(-1, fmt.Sprintf(format, args...))
}

// notify records a private notice for seat (players only).
func (m *match) notify(seat int, format string, args ...any) {
	if m.isPlayer(seat) {
		m.record(seat, fmt.Sprintf(format, args...))
	}
}

func (m *match) record(to int, text string) {
	if strings.HasPrefix(text, "the ") {
		text = "The " + text[4:]
	}
	m.eventSeq++
	m.events = append(m.events, logged{seq: m.eventSeq, text: text, to: to})
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

// whoName names a participant in event text: players as {pN} placeholders.
func (m *match) whoName(a int) string {
	switch {
	case a == AmbDeck:
		return "the Ambassador"
	case m.isFict(a):
		return "the fictitious agent"
	case a == m.amb:
		return fmt.Sprintf("the Ambassador {p%d}", a)
	}
	return fmt.Sprintf("{p%d}", a)
}

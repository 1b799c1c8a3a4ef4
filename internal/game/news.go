package game

import "encoding/json"

// News collects what the deal or one action tells the players, for Apply
// to hand back. A game keeps no record of its own: the room's log is the
// only one, so a game's views carry no events and a seat's notices are
// numbered by the room for their reader alone.
type News struct {
	said []Event
}

// Say tells everyone m; kind names the event for an icon or a banner.
func (n *News) Say(kind string, m Msg) { n.add(Event{Kind: kind, Msg: m}) }

// Show tells everyone m with data a client may draw (a path walked).
func (n *News) Show(kind string, m Msg, data json.RawMessage) {
	n.add(Event{Kind: kind, Msg: m, Data: data})
}

// Tell tells seat s alone m.
func (n *News) Tell(s Seat, kind string, m Msg) { n.add(Event{Kind: kind, Msg: m, To: []Seat{s}}) }

// add appends to a list of its own: a state's copy (a clone, a twin) that
// shares what was said so far never writes over the other's.
func (n *News) add(e Event) { n.said = append(n.said[:len(n.said):len(n.said)], e) }

// Take hands back what was said since the last Take, and forgets it.
func (n *News) Take() []Event {
	said := n.said
	n.said = nil
	return said
}

// Opener is implemented by states whose deal says something (who starts,
// the first rolls). The room and replays read it once, right after New;
// the first Apply hands back whatever nobody read.
type Opener interface {
	Opening() []Event
}

// Opening is what st's deal said, read once: nil for a game whose deal
// says nothing.
func Opening(st State) []Event {
	if o, ok := st.(Opener); ok {
		return o.Opening()
	}
	return nil
}

package game

import "encoding/json"

// News collects what the deal or one action tells the players, for Apply
// to hand back. A game keeps no record of its own: the room's log is the
// only one, so a game's views carry no events and a seat's notices are
// numbered by the room for their reader alone.
//
// News also gathers whom the action in hand concerns (Touch), for a game
// that says so (Addresser): the seats whose view or legal moves it
// changes, and the table. An action that touches nothing at all concerns
// everyone, so a game says who each of its actions concerns one by one.
type News struct {
	said []Event
	// touched is whom the action in hand concerns so far; declared says
	// it touched anyone, or nobody on purpose.
	touched  Audience
	declared bool
	// heard is the audience of the action the last Take closed; closed
	// says there was one.
	heard  Audience
	closed bool
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

// Touch says the action in hand may change the view or the legal moves of
// seats. Called with none, it says the action concerns nobody (unless it
// touches someone too): a timer whose effect nobody sees.
func (n *News) Touch(seats ...Seat) {
	n.declared = true
	n.touched.Add(seats...)
}

// TouchTable says the action in hand may change what the table screen
// and the spectators see. A seat's view that holds the table's is not
// touched by it: a change on the table is TouchAll in such a game.
func (n *News) TouchTable() {
	n.declared = true
	n.touched.AddTable()
}

// TouchAll says the action in hand may change every viewer's view.
func (n *News) TouchAll() {
	n.declared = true
	n.touched.AddEveryone()
}

// Take hands back what was said since the last Take, and forgets it. It
// closes the action in hand: Audience says whom it concerned until the
// next Take.
func (n *News) Take() []Event {
	said := n.said
	n.said = nil
	n.heard = n.touched
	if !n.declared {
		n.heard = Everyone()
	}
	n.touched, n.declared, n.closed = Audience{}, false, true
	return said
}

// Audience is whom the action the last Take closed concerns: everyone
// when it touched nothing, as before any Take.
func (n *News) Audience() Audience {
	if !n.closed {
		return Everyone()
	}
	return n.heard
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

package embassy

import "strconv"

// reveal is a card shown to everyone after a challenge: the wrong guess's
// card staying in its slot, or the correct guess's card announced as it
// changes hands (§7.4). It stays in the views for RevealMs, until a System
// "hide" action takes it down; nothing else keeps it (R3). The card lies
// face up where it was shown (lies) until it moves on: then it is face
// down again wherever it goes, and so is whatever takes its place.
type reveal struct {
	seq     int // the event it belongs to
	correct bool
	by      int // challenger
	seat    int // the challenged holder
	slot    int // 1..4
	secret  int
	at      int64
	lies    spot
	moved   bool
}

// until is when the reveal's hide timer fires.
func (m *match) revealUntil() int64 { return m.reveal.at + int64(m.opts.RevealMs) }

// spot is where a card may lie: a numbered slot (1–4) or the "?" slot
// (0) of a seat's code holder, or an embassy (seat −1).
type spot struct {
	seat, slot, embassy int
}

func slotSpot(s, n int) spot { return spot{seat: s, slot: n} }
func handSpot(s int) spot    { return spot{seat: s} }
func embassySpot(e int) spot { return spot{seat: -1, embassy: e} }

// String is the spot's id in views: "A" for an embassy, "2/3" for seat 2's
// slot 3, "2/?" for seat 2's "?" slot.
func (p spot) String() string {
	if p.seat < 0 {
		return letter(p.embassy)
	}
	n := "?"
	if p.slot > 0 {
		n = strconv.Itoa(p.slot)
	}
	return strconv.Itoa(p.seat) + "/" + n
}

// transfer is a card changing place, public as a movement only (§10):
// everyone sees that a slot filled or an embassy received a card.
type transfer struct {
	from, to spot
}

// moved records a card changing place during the running action.
func (m *match) moved(from, to spot) {
	m.transfers = append(m.transfers, transfer{from, to})
	if r := m.reveal; r != nil && from == r.lies {
		r.moved = true
	}
}

// shownAt is where the revealed card lies face up, if it still does.
func (m *match) shownAt() (spot, bool) {
	if r := m.reveal; r != nil && !r.moved {
		return r.lies, true
	}
	return spot{}, false
}

// cardOn is the place of the card on spot p: a slot, an embassy, or the
// "?" slot (nil unless p's seat is acquiring).
func (m *match) cardOn(p spot) *card {
	switch {
	case p.seat < 0:
		return &m.onEmbassy[p.embassy]
	case p.slot > 0:
		return &m.players[p.seat].slots[p.slot-1]
	case m.acq.who == p.seat:
		return &m.acq.card
	}
	return nil
}

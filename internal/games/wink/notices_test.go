package wink

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game/gametest"
)

// Another seat's private notice leaves no trace in what anyone else reads:
// not in the public events' numbers (a notice took one, so a gap told the
// table that a seat had been told something, as a queued accusation is), and not in which of
// their own notices the others still have (every seat's notices share one
// ring with the public events, which dropped the oldest by count, so
// another seat's notice pushed an old one out early).
func TestEvents_AnotherSeatsNoticeLeavesNoTrace(t *testing.T) {
	seen := func(notice bool) map[string]json.RawMessage {
		st, err := Rules{}.New(setupFor(4, ModeRemote, 1))
		if err != nil {
			t.Fatal(err)
		}
		m := st.(*match)
		m.events, m.eventSeq, m.recorded = nil, 0, 0
		m.notify(1, kindOwnColour, "wink.event.own_colour")
		// Just enough public events that one more event of any kind would
		// have pushed seat 1's notice out of the ring.
		for i := range maxEvents - 1 {
			if notice && i == maxEvents-2 {
				m.notify(0, kindQueued, "wink.event.own_colour")
			}
			m.log(kindPass, "wink.event.pass", seatArg("who", 2))
		}
		views := gametest.Views(t, st, 4)
		delete(views, "seat0")
		return views
	}
	gametest.SameViews(t, "seat 0 told something or not", seen(true), seen(false))
}

package couriers

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Another seat's private notice leaves no trace in what anyone else reads:
// not in the public events' numbers (a notice took one, so a gap told the
// table that a seat had been told something, as a sealed fight card is), and not in which of
// their own notices the others still have (every seat's notices share one
// ring with the public events, which dropped the oldest by count, so
// another seat's notice pushed an old one out early).
func TestEvents_AnotherSeatsNoticeLeavesNoTrace(t *testing.T) {
	seen := func(notice bool) map[string]json.RawMessage {
		st, err := Rules{}.New(setupFor(2, 1, nil))
		if err != nil {
			t.Fatal(err)
		}
		m := st.(*match)
		m.events, m.eventSeq, m.recorded = nil, 0, 0
		m.record(kindPrivate, 1, game.M("couriers.event.you_chose", game.N("n", 3)))
		// Just enough public events that one more event of any kind would
		// have pushed seat 1's notice out of the ring.
		for i := range 2*maxEvents - 2 {
			if notice && i == 2*maxEvents-3 {
				m.record(kindPrivate, 0, game.M("couriers.event.you_chose", game.N("n", 3)))
			}
			m.say(kindTurn, "couriers.event.bonus", game.N("n", 1))
		}
		views := gametest.Views(t, st, 2)
		delete(views, "seat0")
		return views
	}
	gametest.SameViews(t, "seat 0 told something or not", seen(true), seen(false))
}

package room

import (
	"slices"
	"testing"

	"topsecret/internal/game"
)

// The room keeps its recent events in one ring, every seat's private ones
// among the public. How many a viewer may still read must not depend on
// how many private ones the others were sent: the ring once dropped its
// oldest by count, so a seat lost its own event early when another seat
// had been told something.
func TestEvents_OthersPrivateEventsLeaveAViewerItsOwn(t *testing.T) {
	read := func(others int) []game.Msg {
		r := &Room{}
		r.addEvents("m", []game.Event{{Msg: game.M("mine"), To: []game.Seat{1}}})
		for range frameEvents - 1 {
			r.addEvents("m", []game.Event{{Msg: game.M("public")}})
		}
		for range others {
			r.addEvents("m", []game.Event{{Msg: game.M("theirs"), To: []game.Seat{0}}})
		}
		msgs, _ := r.eventsFor(game.SeatViewer(1))
		return msgs
	}
	alone := read(0)
	for _, others := range []int{1, maxEvents - frameEvents, maxEvents - frameEvents + 1, 2 * maxEvents} {
		if got := read(others); !slices.EqualFunc(got, alone, func(a, b game.Msg) bool { return a.ID == b.ID }) {
			t.Errorf("after %d private events of another seat, seat 1 reads %d events, %d without them", others, len(got), len(alone))
		}
	}
}

package room

import (
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// The room keeps its recent events in one ring, every seat's private ones
// among the public. How many a viewer may still read must not depend on
// how many private ones the others were sent: the ring once dropped its
// oldest by count, so a seat lost its own event early when another seat
// had been told something.
func TestEvents_OthersPrivateEventsLeaveAViewerItsOwn(t *testing.T) {
	read := func(others int) []Line {
		r := &Room{}
		m := &store.Match{ID: "m", Seats: []store.MatchSeat{{SeatID: "ann"}, {SeatID: "bob"}}}
		r.addEvents(m, []game.Event{{Msg: game.M("mine"), To: []game.Seat{1}}})
		for range frameEvents - 1 {
			r.addEvents(m, []game.Event{{Msg: game.M("public")}})
		}
		for range others {
			r.addEvents(m, []game.Event{{Msg: game.M("theirs"), To: []game.Seat{0}}})
		}
		lines, _ := r.eventsFor(game.SeatViewer(1), "bob")
		return lines
	}
	alone := read(0)
	for _, others := range []int{1, maxEvents - frameEvents, maxEvents - frameEvents + 1, 2 * maxEvents} {
		// Nor their numbers: seat 1 counts only what it may read.
		if got := read(others); !slices.EqualFunc(got, alone, func(a, b Line) bool { return a.Msg.ID == b.Msg.ID && a.Seq == b.Seq }) {
			t.Errorf("after %d private events of another seat, seat 1 reads %+v, without them %+v", others, got, alone)
		}
	}
}

package room

import "context"

// Arriving is id's frame as its connection will first be sent it once
// the socket is open, for the page that opens that socket to draw: its
// seat counted as here, as the socket makes it (come in, back from away).
// The page then holds the socket's first frame, and the socket need not
// send it again. Nothing of the room changes.
func (r *Room) Arriving(ctx context.Context, id Identity) (*Frame, error) {
	var f *Frame
	err := r.do(ctx, func() error {
		if id.SeatID != "" && r.seatIndex(id.SeatID) >= 0 {
			defer r.pretendHere(id)()
		}
		f = r.frame(id)
		return nil
	})
	return f, err
}

// pretendHere counts id's seat as here, as a connection of its does, and
// returns what undoes it.
func (r *Room) pretendHere(id Identity) (undo func()) {
	seat := id.SeatID
	seen, wasSeen := r.seen[seat]
	creator := r.creatorSeat
	r.comeIn(id)
	r.online[seat]++
	return func() {
		if r.online[seat]--; r.online[seat] == 0 {
			delete(r.online, seat)
		}
		if wasSeen {
			r.seen[seat] = seen
		} else {
			delete(r.seen, seat)
		}
		r.creatorSeat = creator
	}
}

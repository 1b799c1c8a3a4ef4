package room

import (
	"errors"
	"slices"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// diskTroubleMsg is what every screen says while the server's disk
// refuses moves.
const diskTroubleMsg = "game.store.disk_trouble"

// diskTrouble tells every screen (the host's table screen among them) why
// moves are refused while the disk refuses to store them, and stops once
// an append is stored again. Phones retry their refused moves by
// themselves, so play resumes without anyone doing anything.
func (r *Room) diskTrouble(appendErr error) {
	trouble := errors.Is(appendErr, store.ErrUnwritable)
	if trouble == r.diskTroubled || (!trouble && appendErr != nil) {
		return
	}
	r.diskTroubled = trouble
	if trouble {
		r.announce(game.M(diskTroubleMsg))
	} else {
		r.announcements = slices.DeleteFunc(r.announcements, func(a announcement) bool { return a.msg.ID == diskTroubleMsg })
	}
	r.changed()
}

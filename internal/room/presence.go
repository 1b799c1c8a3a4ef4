package room

import (
	"topsecret/internal/game"
	"topsecret/internal/store"
)

// A seat's presence as the others see it: here (a phone is connected, or a
// bot plays it), away (its phone was here and is gone: it is reconnecting),
// or not here yet (no phone has ever opened it). Only a real disconnect
// says "reconnecting".

// comeIn notes that a phone opened seat id, and which seat the host
// token's holder sits in.
func (r *Room) comeIn(id Identity) {
	if id.SeatID == "" {
		return
	}
	r.seen[id.SeatID] = true
	if id.Host && !id.Table {
		r.creatorSeat = id.SeatID
	}
}

// away reports whether seat s's phone was here and is gone now.
func (r *Room) away(s string) bool { return r.seen[s] && r.online[s] == 0 }

// sawPlay notes, while a loaded room replays its match, that seat s acted
// in it: a phone held that seat before the restart or eviction, so while it
// is gone it is reconnecting. Nothing records which other seats had a
// phone; those say "not here yet" until one connects, which after a
// restart is a matter of seconds.
func (r *Room) sawPlay(m store.Match, s game.Seat) {
	if int(s) >= 0 && int(s) < len(m.Seats) {
		r.seen[m.Seats[s].SeatID] = true
	}
}

// hostsAt reports whether seat s's player hosts the room now: the seat the
// role passed to, or the seat the host token's holder sits in.
func (r *Room) hostsAt(s string) bool {
	if r.rec.Host.Seat != "" {
		return s == r.rec.Host.Seat
	}
	return s != "" && s == r.creatorSeat
}

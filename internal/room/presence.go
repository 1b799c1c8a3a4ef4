package room

import "topsecret/internal/store"

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

// seenBefore is the presence a loaded room starts from: every person's
// seat counts as having been here, since the phones that held it before a
// restart or an eviction reconnect by themselves, and no record says
// which seat never had one.
func seenBefore(seats []store.Seat) map[string]bool {
	seen := map[string]bool{}
	for _, s := range seats {
		if !s.Bot {
			seen[s.ID] = true
		}
	}
	return seen
}

// hostsAt reports whether seat s's player hosts the room now: the seat the
// role passed to, or the seat the host token's holder sits in.
func (r *Room) hostsAt(s string) bool {
	if r.rec.Host.Seat != "" {
		return s == r.rec.Host.Seat
	}
	return s != "" && s == r.creatorSeat
}

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

// left notes that one of seat s's connections closed, and reports whether
// it was the last: from then on the seat is away, and the screens say for
// how long ("reconnecting…" soon after, then "away · 5 min").
func (r *Room) left(s string) bool {
	r.online[s]--
	if r.online[s] > 0 {
		return false
	}
	delete(r.online, s)
	r.gone[s] = r.now().UnixMilli()
	return true
}

// awaySince is when seat s's phone went, Unix ms, or 0 while it is not
// away.
func (r *Room) awaySince(s string) int64 {
	if !r.away(s) {
		return 0
	}
	return r.gone[s]
}

// sawPlay notes, while a loaded room replays its match, that a's seat acted
// in it: a phone held that seat before the restart or eviction, so while it
// is gone it is reconnecting. Nothing records which other seats had a
// phone; those say "not here yet" until one connects, which after a
// restart is a matter of seconds.
//
// Nor does anything record when such a phone went: the seat's last move is
// the latest time it surely was here, and its "away" counts from there.
func (r *Room) sawPlay(m store.Match, a game.Action) {
	if s := int(a.Seat); s >= 0 && s < len(m.Seats) {
		id := m.Seats[s].SeatID
		r.seen[id] = true
		r.gone[id] = max(r.gone[id], a.At)
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

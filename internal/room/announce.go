package room

import (
	"time"

	"topsecret/internal/game"
)

// AnnounceLife is how long every screen shows an announcement.
const AnnounceLife = 5 * time.Minute

// maxAnnouncements bounds the announcements shown at once; older ones give
// way.
const maxAnnouncements = 3

// announcement is something every screen in the room is told, such as
// the host moving a seat to another phone, shown until a moment.
type announcement struct {
	msg   game.Msg
	until time.Time
}

// announce shows m on every screen (each phone, the table, the watchers)
// for AnnounceLife, lobby or match alike; the caller sends the frames.
func (r *Room) announce(m game.Msg) {
	r.pruneAnnouncements()
	r.announcements = append(r.announcements, announcement{msg: m, until: r.now().Add(AnnounceLife)})
	if n := len(r.announcements); n > maxAnnouncements {
		r.announcements = r.announcements[n-maxAnnouncements:]
	}
	r.reg.Clock.AfterFunc(AnnounceLife, func() {
		r.wake(func() {
			if r.pruneAnnouncements() {
				r.changed()
			}
		})
	})
}

// pruneAnnouncements drops the announcements whose time is up and
// reports whether any went.
func (r *Room) pruneAnnouncements() bool {
	n := len(r.announcements)
	for len(r.announcements) > 0 && !r.now().Before(r.announcements[0].until) {
		r.announcements = r.announcements[1:]
	}
	return len(r.announcements) != n
}

// announced are the announcements every frame carries now, oldest first.
func (r *Room) announced() []game.Msg {
	var out []game.Msg
	for _, a := range r.announcements {
		if r.now().Before(a.until) {
			out = append(out, a.msg)
		}
	}
	return out
}

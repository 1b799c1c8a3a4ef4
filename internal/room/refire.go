package room

import (
	"time"

	"topsecret/internal/game"
)

// Backoff of a timer action the store did not take: the first retry soon,
// then doubling up to a ceiling, so a long outage costs a try every few
// seconds, not a busy loop.
const (
	refireFirst = 100 * time.Millisecond
	refireMost  = 5 * time.Second
)

// refire arms a timer action again after the store refused to commit it
// (an outage, a lost connection). Dropping it would stall the match for
// good: nobody may be able to act until the timed step happens (a deal,
// a focus arriving). The retry sits among the room's timers, so any
// change that re-arms them (another action, catching up with the log)
// replaces it with what the match asks for then, and a dropped room takes
// it along.
func (r *Room) refire(matchID string, a game.Action) {
	d := refireFirst << min(r.misfires, 6)
	d = min(d, refireMost)
	r.misfires++
	r.timers = append(r.timers, r.reg.Clock.AfterFunc(d, func() {
		r.wake(func() { r.fire(matchID, a) })
	}))
}

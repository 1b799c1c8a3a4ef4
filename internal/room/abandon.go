package room

import (
	"context"
	"time"

	"topsecret/internal/game"
)

// DefaultAbandonAfter is how long a match may go without a move from any
// person before the server ends it: a table that went home (or a holder
// who never acts, with the turn timer off) leaves no match in play for
// ever, kept in the store and brought back to memory by every visit.
const DefaultAbandonAfter = 12 * time.Hour

// endIfAbandoned ends the live match once no person's seat has acted for
// AbandonAfter, and reports whether it did. It is recorded as the host's
// "End the match" is: a result with no winner whose summary says why, and
// a log that stops at its last action, so a replay reaches the same place
// and never reads a clock. It runs on the room's goroutine, or on a room
// being loaded that no goroutine runs yet.
func (r *Room) endIfAbandoned() bool {
	limit := r.reg.AbandonAfter
	if limit <= 0 || !r.playing() {
		return false
	}
	m := r.match
	if _, over := m.state.Result(); over {
		return false // its log ended it: arm stores that result
	}
	if r.now().Sub(time.UnixMilli(m.lastMove)) < limit {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hours := max(1, int(limit/time.Hour))
	if err := r.storeFinish(ctx, game.Abandoned(len(m.rec.Seats), hours)); err != nil {
		r.log().Error("end an abandoned match", "match", m.rec.ID, "err", err)
		return false
	}
	r.log().Info("ended an abandoned match", "match", m.rec.ID, "no_move_for", limit)
	r.addEvents(&m.rec, []game.Event{{Msg: game.M("game.event.ended_abandoned", game.N("n", hours))}})
	r.changed()
	r.arm()
	return true
}

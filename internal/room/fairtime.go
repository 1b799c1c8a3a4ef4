package room

import (
	"slices"
	"time"
)

// FairTime is the least a player whose phone comes back in the middle of
// their own step gets to act in: a player back from a new phone found the
// dead phone's last 4 seconds. A step shorter than this keeps its length.
const FairTime = 20 * time.Second

// Grace is a running timer the room holds back for a seat that came back:
// the game's deadline From fires at Until instead. It changes no rule: the
// timer's action is logged with the time it fired, as every action is, so
// a replay reads the same log and never this.
type Grace struct {
	From  int64 `json:"from"`
	Until int64 `json:"until"`
}

// giveTime holds back the running timer for seat id, whose phone is back,
// when the match waits on that seat and less than its fair time is left;
// once in a step.
func (r *Room) giveTime(id string) {
	if !r.playing() {
		return
	}
	m := r.match
	seat, ok := m.seatOf(id)
	next := m.state.Next()
	if !ok || !slices.Contains(next.Seats, seat) || len(next.Timers) == 0 {
		return
	}
	at, now := next.Timers[0].At, r.now().UnixMilli()
	if m.grace != nil && m.grace.From == at {
		return // once a step: a phone that comes and goes again does not stall the table
	}
	// The step began with the log's last action (or the deal), so its
	// whole time is what its timer was set to.
	want := min(FairTime.Milliseconds(), at-max(m.lastAt, m.rec.Setup.Started))
	if at-now >= want {
		return
	}
	m.grace = &Grace{From: at, Until: now + want}
	r.arm()
}

// graceFor is when a timer the game set for at fires.
func (m *liveMatch) graceFor(at int64) int64 {
	if m.grace != nil && m.grace.From == at {
		return max(at, m.grace.Until)
	}
	return at
}

// graceNow is the hold on the running step's timer, if one holds.
func (m *liveMatch) graceNow() *Grace {
	if m.grace == nil {
		// Most of the time: no need to ask the rules for their timers,
		// which every frame of every change did (a wink match lists a
		// timer per pair of eyes on the move).
		return nil
	}
	if t := m.state.Next().Timers; len(t) > 0 && t[0].At == m.grace.From {
		return m.grace
	}
	return nil
}

package loadtest

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// action is one move the load tool sent: when it was due, and where the
// server says it landed.
type action struct {
	id       string
	p        *player
	due      time.Time // the scheduled send time: latency counts from here
	measured bool      // due inside the measured window
	matchID  string
	number   int
	index    int
}

// table is one room as the load tool sees it: its seats' last frames and
// the acknowledged actions not yet shown to every seat. Its mutex guards
// the players' state too, so "every seat holds it" is one consistent look.
type table struct {
	r    *runner
	room seatedRoom

	mu        sync.Mutex
	seats     []*player
	numbers   map[string]int // match id → its number in the room
	pending   []*action
	rematched string // the finished match whose rematch was asked for
}

func newTable(r *runner, room seatedRoom) *table {
	t := &table{r: r, room: room, numbers: map[string]int{}}
	for _, s := range room.Seats {
		t.seats = append(t.seats, &player{t: t, seat: s.Seat, token: s.Token, readyAt: -1})
	}
	return t
}

func (t *table) connected(p *player, c *websocket.Conn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p.conn = c
	t.r.ready.set(p, p.canAct())
}

// dropped forgets the seat's socket and its action in flight: whether that
// landed is not known, so it is neither a latency nor an error of its own
// (the disconnect is counted).
func (t *table) dropped(p *player) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p.conn, p.inflight = nil, nil
	t.r.ready.set(p, false)
}

// frame takes a seat's new view: it may complete pending actions, make the
// seat ready to act, or show a finished match the host should follow with
// a rematch.
func (t *table) frame(p *player, m *inbound) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p.legal = m.Legal
	p.playing = false
	if m.Match != nil {
		p.matchID, p.number, p.actions = m.Match.ID, m.Match.Number, m.Match.Actions
		p.playing = m.Match.Status == "playing"
		t.numbers[m.Match.ID] = m.Match.Number
		if m.Match.Status == "finished" && t.rematched != m.Match.ID {
			t.rematched = m.Match.ID
			t.r.stats.finished()
			go t.rematch()
		}
	}
	t.settle(time.Now())
	t.r.ready.set(p, p.canAct())
}

// ok takes the server's acknowledgement of the seat's action in flight.
func (t *table) ok(p *player, m *inbound) {
	t.mu.Lock()
	defer t.mu.Unlock()
	a := p.inflight
	if a == nil || a.id != m.ID {
		return // an answer after its timeout was counted
	}
	p.inflight = nil
	a.matchID, a.index, a.number = m.MatchID, m.Index, t.numbers[m.MatchID]
	if a.measured {
		t.r.stats.ack()
	}
	t.pending = append(t.pending, a)
	t.settle(time.Now())
	t.r.ready.set(p, p.canAct())
}

// refused takes an error reply. One without an id (a rate limit) answers
// the seat's action in flight all the same: a seat has one at a time.
func (t *table) refused(p *player, m *inbound) {
	t.mu.Lock()
	defer t.mu.Unlock()
	a := p.inflight
	if a == nil || (m.ID != "" && a.id != m.ID) {
		return
	}
	p.inflight = nil
	if a.measured {
		t.r.stats.refuse(m.Code)
	}
	t.r.ready.set(p, p.canAct())
}

// settle records the latency of every pending action all seats now hold.
func (t *table) settle(now time.Time) {
	kept := t.pending[:0]
	for _, a := range t.pending {
		if t.everyoneHolds(a) {
			if a.measured {
				t.r.stats.latency.Record(now.Sub(a.due))
			}
			continue
		}
		kept = append(kept, a)
	}
	clear(t.pending[len(kept):])
	t.pending = kept
}

func (t *table) everyoneHolds(a *action) bool {
	for _, p := range t.seats {
		if !p.holds(a) {
			return false
		}
	}
	return true
}

// sweep gives up on actions older than timeout: unanswered, or answered
// but not yet shown to every seat. It reports whether measured actions
// are still awaited.
func (t *table) sweep(now time.Time, timeout time.Duration) (waiting bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	late := func(a *action) bool {
		if now.Sub(a.due) <= timeout {
			waiting = waiting || a.measured
			return false
		}
		if a.measured {
			t.r.stats.timedOut()
		}
		return true
	}
	for _, p := range t.seats {
		if p.inflight != nil && late(p.inflight) {
			p.inflight = nil
			t.r.ready.set(p, p.canAct())
		}
	}
	kept := t.pending[:0]
	for _, a := range t.pending {
		if !late(a) {
			kept = append(kept, a)
		}
	}
	clear(t.pending[len(kept):])
	t.pending = kept
	return waiting
}

// rematch has the host (the first seat, holding the role) start the next
// match, as a host taps "Play again". A match already started by someone
// else is no error.
func (t *table) rematch() {
	ctx, cancel := context.WithTimeout(t.r.ctx, 30*time.Second)
	defer cancel()
	err := t.r.lobby.start(ctx, t.room)
	var e *apiError
	if errors.As(err, &e) && e.Status == http.StatusConflict && e.Code == "refused" {
		return
	}
	if err != nil && t.r.ctx.Err() == nil {
		t.r.stats.rematchFailed()
	}
}

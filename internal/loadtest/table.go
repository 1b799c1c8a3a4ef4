package loadtest

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
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
	again    bool      // sent while its seat awaited an earlier answer
	msg      []byte    // as sent, to send again under the same id after a reconnect
	matchID  string
	number   int
	version  int64     // frames from this version on show it
	okAt     time.Time // when the server's ok arrived
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
	finished  int    // matches seen finished
}

func newTable(r *runner, room seatedRoom) *table {
	t := &table{r: r, room: room, numbers: map[string]int{}}
	for _, s := range room.Seats {
		t.seats = append(t.seats, &player{t: t, seat: s.Seat, token: s.Token, inflight: map[string]*action{}})
	}
	return t
}

// connected takes the seat's new socket and sends on it, in order, every
// action still awaiting an answer: the server may have stored it before
// the old socket died, or never seen it. The same id makes it count once
// either way: the server answers a known id with where it already stands.
func (t *table) connected(p *player, c *websocket.Conn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p.conn = c
	if len(p.inflight) > 0 {
		resend := slices.SortedFunc(maps.Values(p.inflight), func(a, b *action) int { return a.due.Compare(b.due) })
		for _, a := range resend {
			if a.measured {
				t.r.stats.count(&t.r.stats.resent)
			}
		}
		go func() {
			for _, a := range resend {
				t.r.send(c, a.msg)
			}
		}()
	}
	t.update(p)
}

// update files the seat in the scheduler's sets after any change to it.
func (t *table) update(p *player) {
	t.r.free.set(p, p.free())
	t.r.movable.set(p, p.hasMoves())
}

// dropped forgets the seat's socket. Its actions in flight stay in flight:
// whether they landed is not known, so they are sent again on the next
// socket (see connected), and their latency runs on until answered and
// shown, or until the timeout.
func (t *table) dropped(p *player) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p.conn = nil
	t.update(p)
}

// frame takes a seat's new view: it may complete pending actions, make the
// seat ready to act, or show a finished match the host should follow with
// a rematch.
func (t *table) frame(p *player, m *inbound) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p.legal, p.decoded = m.Legal, nil
	p.playing = false
	if m.Match != nil {
		if p.matchID != m.Match.ID {
			p.shown = p.shown[:0]
		}
		// Versions only grow, but a server restarted with its clock set
		// back may go down: the frames before are then forgotten.
		if n := len(p.shown); n > 0 && p.shown[n-1].version > m.Version {
			p.shown = p.shown[:0]
		}
		p.shown = append(p.shown, shownFrame{version: m.Version, at: time.Now()})
		p.matchID, p.number, p.version = m.Match.ID, m.Match.Number, m.Version
		p.playing = m.Match.Status == "playing"
		t.numbers[m.Match.ID] = m.Match.Number
		if m.Match.Status == "finished" && t.rematched != m.Match.ID {
			t.rematched = m.Match.ID
			t.r.stats.finished()
			if t.finished++; t.finished == t.r.cfg.Matches {
				t.r.roomPlayed()
			}
			go t.rematch()
		}
	}
	t.settle(time.Now())
	t.update(p)
}

// ok takes the server's acknowledgement of the seat's action in flight.
func (t *table) ok(p *player, m *inbound) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.r.acked.write(m.MatchID, m.ID) // late or not, it was stored
	a := p.inflight[m.ID]
	if a == nil {
		return // an answer after its timeout was counted
	}
	delete(p.inflight, a.id)
	a.matchID, a.version, a.number, a.okAt = m.MatchID, m.Version, t.numbers[m.MatchID], time.Now()
	if a.measured {
		t.r.stats.ack()
		t.r.stats.answered.Record(a.okAt.Sub(a.due))
	}
	t.pending = append(t.pending, a)
	t.settle(time.Now())
	t.update(p)
}

// refused takes an error reply. One without an id (a rate limit) answers
// the seat's oldest action in flight: the server answers in order.
func (t *table) refused(p *player, m *inbound) {
	t.mu.Lock()
	defer t.mu.Unlock()
	a := p.inflight[m.ID]
	if m.ID == "" {
		a = p.oldest()
	}
	if a == nil {
		return
	}
	delete(p.inflight, a.id)
	if a.measured {
		t.r.stats.refuse(m.Code, a.again)
		if m.Code == "busy" {
			t.r.stats.busy.Record(time.Since(a.due))
		}
	}
	t.update(p)
}

// settle records the latency of every pending action all seats now hold:
// from its due time until its ok and the last frame that showed it arrived.
// A seat that holds it through a later frame never had its view changed by
// it, so adds no wait.
func (t *table) settle(time.Time) {
	kept := t.pending[:0]
	for _, a := range t.pending {
		if t.everyoneHolds(a) {
			if a.measured {
				t.r.stats.latency.Record(t.shownAt(a).Sub(a.due))
			}
			continue
		}
		kept = append(kept, a)
	}
	clear(t.pending[len(kept):])
	t.pending = kept
}

// shownAt is when the last seat whose view a changed saw it, or its ok
// arrived, whichever was later.
func (t *table) shownAt(a *action) time.Time {
	last := a.okAt
	for _, p := range t.seats {
		if at, ok := p.shownAt(a); ok && at.After(last) {
			last = at
		}
	}
	return last
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
		n := len(p.inflight)
		maps.DeleteFunc(p.inflight, func(_ string, a *action) bool { return late(a) })
		if len(p.inflight) != n {
			t.update(p)
		}
	}
	// An answered action some seat still shows no later frame for changed
	// nothing that seat sees (the server sends none then), unless the room
	// went quiet before a later frame could say so: both are settled here
	// with what was shown, not counted as timeouts.
	kept := t.pending[:0]
	for _, a := range t.pending {
		if now.Sub(a.due) <= timeout {
			waiting = waiting || a.measured
			kept = append(kept, a)
			continue
		}
		if a.measured {
			t.r.stats.latency.Record(t.shownAt(a).Sub(a.due))
			t.r.stats.count(&t.r.stats.quiet)
		}
	}
	clear(t.pending[len(kept):])
	t.pending = kept
	return waiting
}

// rematch has the host (the first seat, holding the role) start the next
// match, as a host taps "Play again". A match already started by someone
// else is no error. A call that failed because the server restarted, or
// the room was moving to another instance, is tried again, as a host taps
// again after the reconnecting badge, until rematchPatience runs out.
func (t *table) rematch() {
	ctx, cancel := context.WithTimeout(t.r.ctx, rematchPatience)
	defer cancel()
	backoff := 100 * time.Millisecond
	for {
		err := t.r.lobby.rematch(ctx, t.room)
		var e *apiError
		if err == nil || errors.As(err, &e) && e.Status == http.StatusConflict && e.Code == "refused" {
			return
		}
		if !retryable(e) || sleep(ctx, backoff) != nil {
			if t.r.ctx.Err() == nil {
				t.r.stats.rematchFailed()
			}
			return
		}
		backoff = min(2*backoff, 2*time.Second)
	}
}

// rematchPatience is how long a host keeps trying to start the next match.
const rematchPatience = 30 * time.Second

// retryable says a failed call may succeed as it is later: nothing
// answered (e is nil: the connection failed), or the server said it is
// busy, unavailable or draining, or the front found no instance.
func retryable(e *apiError) bool {
	return e == nil || e.Status == http.StatusServiceUnavailable || e.Status == http.StatusBadGateway ||
		e.Status == http.StatusGatewayTimeout || e.Status == http.StatusTooManyRequests
}

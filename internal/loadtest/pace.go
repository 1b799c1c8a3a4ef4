package loadtest

import (
	"context"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// seatSet is a set of seats the scheduler picks from at random in constant
// time, however many seats sit idle.
type seatSet struct {
	mu    sync.Mutex
	seats []*player
	at    map[*player]int
}

func newSeatSet() *seatSet { return &seatSet{at: map[*player]int{}} }

// set puts p in the set or takes it out. Callers hold p's table mutex, so
// the set always follows the latest state of the seat.
func (s *seatSet) set(p *player, in bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.at[p]
	switch {
	case in && !ok:
		s.at[p] = len(s.seats)
		s.seats = append(s.seats, p)
	case !in && ok:
		last := s.seats[len(s.seats)-1]
		s.seats[i], s.at[last] = last, i
		s.seats = s.seats[:len(s.seats)-1]
		delete(s.at, p)
	}
}

// pick returns a random seat of the set; nil when it is empty.
func (s *seatSet) pick(rng *rand.Rand) *player {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.seats) == 0 {
		return nil
	}
	return s.seats[rng.IntN(len(s.seats))]
}

// pace sends actions at the configured rate from start until end, open
// loop: action i is due at start + i/rate whatever the server does, and its
// latency counts from then. A seat that cannot act is never waited for;
// another ready seat acts, and when none is, the tick is idle. The
// measured window opens at measureFrom.
func (r *runner) pace(ctx context.Context, start, measureFrom, end time.Time) {
	rng := rand.New(rand.NewPCG(r.cfg.Seed, 0x10ad))
	step := float64(time.Second) / r.cfg.Rate
	for i := 0; ; i++ {
		due := start.Add(time.Duration(float64(i) * step))
		if !due.Before(end) {
			_ = sleep(ctx, time.Until(end)) // the window lasts its whole duration
			return
		}
		if ctx.Err() != nil {
			return
		}
		// Sleeping for less than a timer's granularity would only make
		// sends later; such ticks go at once.
		if d := time.Until(due); d > 200*time.Microsecond {
			if sleep(ctx, d) != nil {
				return
			}
		}
		measured := !due.Before(measureFrom)
		if measured && !r.stats.measuring.Load() {
			r.openWindow()
		}
		r.tick(rng, due, measured)
	}
}

// tick sends one action due at due: from a random seat that has moves and
// waits for no answer, else, so that a slow server never slows the
// sending, from one still waiting (a player tapping again). Only when no
// seat has a move at all is the tick idle.
func (r *runner) tick(rng *rand.Rand, due time.Time, measured bool) {
	for _, waiting := range []bool{false, true} {
		set := r.free
		if waiting {
			set = r.movable
		}
		for range 8 { // a picked seat may have just lost its moves; try another
			p := set.pick(rng)
			if p == nil {
				break
			}
			msg, c, ok := r.take(p, rng, due, measured, waiting)
			if !ok {
				continue
			}
			if measured {
				r.stats.sent.Add(1)
				r.stats.lag.Record(time.Since(due))
				if waiting {
					r.stats.again.Add(1)
				}
			}
			go r.send(c, msg)
			return
		}
	}
	if measured {
		r.stats.idle.Add(1)
	}
}

// take puts a new action of p in flight: a random legal move with a random
// value for each of its fields. again allows a seat still waiting for the
// answer to an earlier one.
func (r *runner) take(p *player, rng *rand.Rand, due time.Time, measured, again bool) ([]byte, *websocket.Conn, bool) {
	t := p.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if !p.hasMoves() || (!again && len(p.inflight) > 0) {
		return nil, nil, false
	}
	moves := p.moves()
	if len(moves) == 0 {
		if measured {
			r.stats.refuse("unreadable", false)
		}
		return nil, nil, false
	}
	mv := moves[rng.IntN(len(moves))]
	data := map[string]json.RawMessage{}
	if len(mv.Data) > 0 && string(mv.Data) != "null" {
		if err := json.Unmarshal(mv.Data, &data); err != nil {
			return nil, nil, false
		}
	}
	if !fill(data, mv.Fields, rng) {
		return nil, nil, false
	}
	a := &action{id: r.prefix + strconv.FormatUint(r.nextID.Add(1), 36), p: p, due: due, measured: measured, again: again}
	msg, err := json.Marshal(actMsg{Type: "act", ID: a.id, Action: actBody{Type: mv.Type, Data: data}})
	if err != nil {
		return nil, nil, false
	}
	a.msg = msg
	p.inflight[a.id] = a
	t.update(p)
	return msg, p.conn, true
}

// fill picks a random listed value for each field of a move template.
// Fields of one move take different values while any are left, since a
// template's fields often name the parts of one whole (inkognito's dial is
// a permutation of four fragments); distinct values are always among the
// listed choices, so no legal template is made illegal by it.
func fill(data map[string]json.RawMessage, fields map[string][]json.RawMessage, rng *rand.Rand) bool {
	used := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		values := fields[name]
		if len(values) == 0 {
			return false
		}
		var fresh []json.RawMessage
		for _, v := range values {
			if !used[string(v)] {
				fresh = append(fresh, v)
			}
		}
		if len(fresh) == 0 {
			fresh = values
		}
		v := fresh[rng.IntN(len(fresh))]
		used[string(v)] = true
		data[name] = v
	}
	return true
}

type actMsg struct {
	Type   string  `json:"type"`
	ID     string  `json:"id"`
	Action actBody `json:"action"`
}

type actBody struct {
	Type string                     `json:"type"`
	Data map[string]json.RawMessage `json:"data,omitempty"`
}

// send writes one action; a failed write shows up as the reader's
// disconnect.
func (r *runner) send(c *websocket.Conn, msg []byte) {
	ctx, cancel := context.WithTimeout(r.ctx, r.cfg.Timeout)
	defer cancel()
	_ = c.Write(ctx, websocket.MessageText, msg)
}

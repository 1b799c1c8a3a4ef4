package room

import (
	"context"
	"crypto/subtle"
	"sync"
)

func subtleEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// Identity is who a connection speaks for.
type Identity struct {
	SeatID string // "" for spectators and the table screen
	// Host says the connection holds the room's host token; whether it
	// is the host now depends on where the role is (Room.IsHost).
	Host  bool
	Table bool // the table screen: public view, shown large
}

// Encoder turns a frame into one websocket message. Format names the
// encoding ("html", "json") so frames for equal viewers are encoded once.
type Encoder struct {
	Format string
	Encode func(*Frame) ([]byte, error)
}

// Subscriber is one open connection's queue of messages. Fan-out never
// blocks: a subscriber whose queue is full is closed and must reconnect,
// which gets it a full, current view.
type Subscriber struct {
	id    Identity
	enc   Encoder
	msgs  chan []byte
	once  sync.Once
	gone  chan struct{}
	cause string
}

// Messages delivers the subscriber's frames and replies in order.
func (s *Subscriber) Messages() <-chan []byte { return s.msgs }

// Gone is closed when the room dropped the subscriber (slow, or room closed).
func (s *Subscriber) Gone() <-chan struct{} { return s.gone }

// Cause says why the subscriber was dropped.
func (s *Subscriber) Cause() string { return s.cause }

func (s *Subscriber) close(cause string) {
	s.once.Do(func() {
		s.cause = cause
		close(s.gone)
	})
}

// Send queues msg without blocking; it reports false and drops the
// subscriber when the queue is full.
func (s *Subscriber) send(msg []byte) bool {
	select {
	case <-s.gone:
		return false
	default:
	}
	select {
	case s.msgs <- msg:
		return true
	default:
		s.close("too slow")
		return false
	}
}

// Reply queues a message for this subscriber only (an ok or an error). A
// client that floods its socket fills its own queue with replies; those are
// dropped rather than the client, whose views still arrive.
func (s *Subscriber) Reply(msg []byte) {
	select {
	case <-s.gone:
	case s.msgs <- msg:
	default:
	}
}

// Subscribe registers a connection and sends it the current frame at once.
func (r *Room) Subscribe(ctx context.Context, id Identity, enc Encoder) (*Subscriber, error) {
	s := &Subscriber{id: id, enc: enc, msgs: make(chan []byte, max(r.reg.Buffer, 2)), gone: make(chan struct{})}
	err := r.do(ctx, func() error {
		r.subs[s] = struct{}{}
		r.comeIn(id)
		if id.SeatID != "" {
			r.online[id.SeatID]++
			if r.online[id.SeatID] == 1 {
				delete(r.strikes, id.SeatID) // the phone is back
				r.changed()                  // everyone sees the seat come back
				r.watchHost()
				return nil
			}
		}
		r.sendFrame(s, map[frameKey][]byte{})
		r.watchHost()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Unsubscribe removes a connection; its seat shows as reconnecting when it was the last.
func (r *Room) Unsubscribe(s *Subscriber) {
	r.post(func() {
		if _, ok := r.subs[s]; !ok {
			return
		}
		delete(r.subs, s)
		s.close("unsubscribed")
		if len(r.subs) == 0 {
			r.idleAt = r.now()
		}
		defer r.watchHost()
		if s.id.SeatID != "" {
			r.online[s.id.SeatID]--
			if r.online[s.id.SeatID] <= 0 {
				delete(r.online, s.id.SeatID)
				r.changed()
			}
		}
	})
}

type frameKey struct {
	id     Identity
	format string
}

// fanout sends every subscriber its frame, encoding each distinct viewer once.
func (r *Room) fanout() {
	cache := map[frameKey][]byte{}
	for s := range r.subs {
		if !r.sendFrame(s, cache) {
			delete(r.subs, s)
			if s.id.SeatID != "" {
				r.online[s.id.SeatID]--
				if r.online[s.id.SeatID] <= 0 {
					delete(r.online, s.id.SeatID)
				}
			}
		}
	}
}

func (r *Room) sendFrame(s *Subscriber, cache map[frameKey][]byte) bool {
	k := frameKey{s.id, s.enc.Format}
	msg, ok := cache[k]
	if !ok {
		var err error
		msg, err = s.enc.Encode(r.frame(s.id))
		if err != nil {
			r.log().Error("encode frame", "err", err)
			return true
		}
		cache[k] = msg
	}
	return s.send(msg)
}

package room

import (
	"context"
	"crypto/subtle"
	"hash/maphash"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

func subtleEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// Identity is who a connection speaks for.
type Identity struct {
	SeatID string // "" for spectators and the table screen
	// Host says the connection holds the room's host token; whether it
	// is the host now depends on where the role is (Room.IsHost).
	Host  bool
	Table bool // the table screen: public view, shown large
	// Moved is the seat id this browser held until the seat moved to
	// another phone; it now watches and is told so.
	Moved string
}

// Encoder turns a frame into one websocket message. Format names the
// encoding and everything besides the frame it depends on (the reader's
// language, the address join links point at): subscribers of equal
// viewers with equal Formats share one encoding.
//
// Encode returns a JSON object that leaves out the frame's Version and Now;
// the room puts them in front. The room encodes only for a viewer whose
// content (the frame as JSON without those two) changed since its last
// frame: no wasted frame or rendering, and no timing signal that someone
// else moved unseen. What an encoding derives from Now alone (a
// button's cooldown) must therefore time itself in the client.
type Encoder struct {
	Format string
	Encode func(*Frame) ([]byte, error)
}

// Subscriber is one open connection's queue of messages. Fan-out never
// blocks, and never drops a connection for being slow: frames are whole
// views, so a subscriber whose queue is half full skips frames and, once
// its connection has written what waited, gets the frame of that moment.
// The other half of the queue is for replies, which are never skipped:
// one that finds the queue full waits for room (see Reply).
type Subscriber struct {
	id  Identity
	enc Encoder
	// last is the digest of the content last queued, 0 before the first
	// frame, and alike the digest of what that frame held alike with every
	// other; game is the slug of the game whose description it carried.
	last  uint64
	alike uint64
	game  string
	msgs  chan []byte
	once  sync.Once
	gone  chan struct{}
	cause string
	// behind says a frame was skipped for want of room in the queue: the
	// room sends the current one once the queue emptied.
	behind atomic.Bool
	room   *Room
	// notify, when set, is called after a message is queued and when the
	// subscriber is dropped, so a connection needs no goroutine waiting on
	// an idle queue. It must not block.
	notify func()
	// network is where the connection comes from and since when it is
	// open, for the host's list of watchers.
	network string
	since   time.Time
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
		s.poke()
	})
}

func (s *Subscriber) poke() {
	if s.notify != nil {
		s.notify()
	}
}

// full says the queue has no room for another frame: half of it is kept
// for replies.
func (s *Subscriber) full() bool { return len(s.msgs) >= max(cap(s.msgs)/2, 1) }

// sendFrame queues a frame whose content digest is sum (alike of what it
// shares with every frame of its change) without blocking; it reports
// false when the subscriber is gone. A frame that finds the queue full is
// skipped and the subscriber marked behind.
func (s *Subscriber) sendFrame(msg []byte, sum, alike uint64) bool {
	if s.full() {
		return s.skip()
	}
	select {
	case <-s.gone:
		return false
	case s.msgs <- msg:
		s.last, s.alike = sum, alike
		s.poke()
		return true
	default:
		return s.skip() // replies took the room meanwhile
	}
}

// skip marks the subscriber behind; it reports false when it is gone.
func (s *Subscriber) skip() bool {
	select {
	case <-s.gone:
		return false
	default:
		s.behind.Store(true)
		return true
	}
}

// Drained is called by the connection when it has written everything
// queued: a subscriber that skipped frames meanwhile gets the current one.
func (s *Subscriber) Drained() {
	if s.behind.CompareAndSwap(true, false) {
		r := s.room
		r.post(func() {
			if _, ok := r.subs[s]; ok {
				r.sendFrame(s, newViews(), false)
			}
		})
	}
}

// Reply queues a message for this subscriber only (an ok, an error, a
// pong). Every message a client sends is answered, so a reply is never
// dropped: one that finds the queue full waits until the connection has
// written some. The connection's reader waits with it, so a client that
// sends faster than it reads its answers is read no faster than it reads,
// and what it costs the server stays one queue. Reply gives up, queuing
// nothing, once the subscriber is gone or ctx ends: the connection is
// closing.
func (s *Subscriber) Reply(ctx context.Context, msg []byte) {
	select {
	case <-s.gone:
	case <-ctx.Done():
	case s.msgs <- msg:
		s.poke()
	}
}

// Subscribe registers a connection and sends it the current frame at once.
func (r *Room) Subscribe(ctx context.Context, id Identity, enc Encoder) (*Subscriber, error) {
	return r.SubscribeNotify(ctx, id, enc, nil)
}

// SubscribeNotify is Subscribe with a notify hook: it is called, and must
// not block, whenever a message is queued for the subscriber (the first
// frame included, before SubscribeNotify returns) and when the subscriber
// is dropped. A connection can then run a writer only while it has
// something to write.
func (r *Room) SubscribeNotify(ctx context.Context, id Identity, enc Encoder, notify func()) (*Subscriber, error) {
	return r.Connect(ctx, Connection{ID: id, Enc: enc, Notify: notify})
}

// Connect registers a connection and sends it the current frame at once.
// A watcher from a network the host removed is refused with ErrBarred.
func (r *Room) Connect(ctx context.Context, c Connection) (*Subscriber, error) {
	id := c.ID
	s := &Subscriber{id: id, enc: c.Enc, msgs: make(chan []byte, max(r.reg.Buffer, 2)), gone: make(chan struct{}),
		notify: c.Notify, room: r, network: c.Network}
	err := r.do(ctx, func() error {
		if Watching(id) && r.barred(c.Network) {
			return ErrBarred
		}
		s.since = r.now()
		r.subs[s] = struct{}{}
		r.comeIn(id)
		if id.SeatID != "" {
			r.online[id.SeatID]++
			if r.online[id.SeatID] == 1 {
				delete(r.strikes, id.SeatID) // the phone is back
				r.phoneBack(id.SeatID)
				r.giveTime(id.SeatID)
				r.changed() // everyone sees the seat come back
				r.watchHost()
				return nil
			}
		}
		r.sendFrame(s, newViews(), true)
		if Watching(id) {
			r.showHost()
		}
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
		if Watching(s.id) {
			r.showHost()
		}
		if s.id.SeatID != "" && r.left(s.id.SeatID) {
			r.changed()
		}
	})
}

// envelope adds version and now to an encoded frame's fields. They go
// last, in the body's own buffer: copying every frame to put them first was
// the largest allocation of a busy server.
func envelope(version, now int64, body []byte) []byte {
	msg := body[:len(body)-1] // the closing brace
	if len(body) > 2 {
		msg = append(msg, ',')
	}
	msg = append(msg, `"version":`...)
	msg = strconv.AppendInt(msg, version, 10)
	msg = append(msg, `,"now":`...)
	msg = strconv.AppendInt(msg, now, 10)
	return append(msg, '}')
}

// frameSeed keys the frame digests of one process; they are never stored.
var frameSeed = maphash.MakeSeed()

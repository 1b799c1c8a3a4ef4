package server

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/room"
)

// outbox writes a connection's queued messages. It runs a goroutine only
// while messages wait: an idle connection (most of them, most of the time)
// costs its reading goroutine alone, not a writer parked on an empty queue.
type outbox struct {
	s      *Server
	c      *websocket.Conn
	ctx    context.Context
	cancel context.CancelFunc
	lang   string
	sub    atomic.Pointer[room.Subscriber]
	// busy says a writer goroutine runs (or the connection is done with
	// writing); only the one that sets it starts a writer.
	busy atomic.Bool
}

// open sets the subscriber once Subscribe returned and writes what was
// queued meanwhile (the first frame).
func (o *outbox) open(sub *room.Subscriber) {
	o.sub.Store(sub)
	o.wake()
}

// wake is the subscriber's notify hook: start a writer unless one runs.
func (o *outbox) wake() {
	if o.sub.Load() != nil && o.busy.CompareAndSwap(false, true) {
		go o.drain()
	}
}

// drain writes until the queue is empty, then ends; a message queued
// after it looked finds busy false and starts the next writer.
func (o *outbox) drain() {
	sub := o.sub.Load()
	for {
		select {
		case msg := <-sub.Messages():
			if err := o.s.write(o.ctx, o.c, msg); err != nil {
				o.cancel() // busy stays set: nothing more is written
				return
			}
			continue
		case <-sub.Gone():
			if sub.Cause() == room.CauseMoved {
				o.s.sayMoved(o.ctx, o.c, o.lang)
			} else {
				// Too slow or room closed: the client reconnects and gets a full view.
				o.c.Close(websocket.StatusPolicyViolation, sub.Cause())
			}
			o.cancel()
			return
		case <-o.ctx.Done():
			return
		default:
		}
		o.busy.Store(false)
		if !o.pending(sub) || !o.busy.CompareAndSwap(false, true) {
			return
		}
	}
}

func (o *outbox) pending(sub *room.Subscriber) bool {
	select {
	case <-sub.Gone():
		return true
	default:
		return len(sub.Messages()) > 0
	}
}

// keepAlive pings the client every PingInterval and ends the connection
// when a pong does not come back within one: a phone that vanished without
// a close (out of range, battery dead) would otherwise hold its seat as
// present for as long as the operating system keeps the TCP connection.
// A timer, not a goroutine, waits between pings; stop ends it.
func (s *Server) keepAlive(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn) (stop func()) {
	if s.PingInterval <= 0 {
		return func() {}
	}
	var mu sync.Mutex
	var t *time.Timer
	mu.Lock()
	defer mu.Unlock()
	t = time.AfterFunc(s.PingInterval, func() {
		pctx, pcancel := context.WithTimeout(ctx, s.PingInterval)
		err := c.Ping(pctx)
		pcancel()
		if err != nil {
			cancel()
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if ctx.Err() == nil {
			t.Reset(s.PingInterval)
		}
	})
	return func() {
		mu.Lock()
		defer mu.Unlock()
		t.Stop()
	}
}

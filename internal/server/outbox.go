package server

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/room"
)

// outbox writes a connection's queued messages and pings its client. It
// runs a goroutine only while messages wait, and a timer, not a goroutine,
// waits between pings: an idle connection (most of them, most of the time)
// costs its reading goroutine alone. Everything a connection keeps besides
// the websocket is in this one struct, because an idle phone's every byte
// is multiplied by the thousands (docs/benchmarks.md, "Idle sockets").
type outbox struct {
	s *Server
	c *websocket.Conn
	// raw is the connection under the websocket: writes time out by its
	// deadline rather than by a context, which would cost the websocket a
	// registration per write and keep the last one alive while idle, and
	// each message goes out in one system call (gatherConn).
	raw *gatherConn
	// ctx ends with the connection; hangUp ends it.
	ctx    context.Context
	cancel context.CancelFunc
	lang   string
	// held names the frame the connection's page holds (held.go): its
	// first message, when it is that frame, goes without its content.
	// Only the first writer reads it.
	held string
	sub  atomic.Pointer[room.Subscriber]
	// busy says a writer goroutine runs (or the connection is done with
	// writing); only the one that sets it starts a writer.
	busy atomic.Bool
	// pingMu guards ping, the timer of the next ping.
	pingMu sync.Mutex
	ping   *time.Timer
}

// hangUp ends the connection: the read under way returns, as does any write.
func (o *outbox) hangUp() {
	o.cancel()
	o.c.CloseNow()
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
			if o.held != "" {
				msg, o.held = o.spare(msg), ""
			}
			if err := o.writeAll(msg, sub.Messages()); err != nil {
				o.hangUp() // busy stays set: nothing more is written
				return
			}
			continue
		case <-sub.Gone():
			switch sub.Cause() {
			case room.CauseMoved:
				o.s.sayMoved(o, o.lang)
			case room.CauseRemoved:
				o.s.sayRemoved(o, o.lang)
			default:
				// Too slow or room closed: the client reconnects and gets a full view.
				o.c.Close(websocket.StatusPolicyViolation, sub.Cause())
			}
			o.hangUp()
			return
		default:
		}
		sub.Drained()
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

// write sends one message within the server's WriteTimeout.
func (o *outbox) write(msg []byte) error { return o.writeAll(msg, nil) }

// writeAll sends msg and the messages queued behind it on queue, up to
// gatherLimit bytes, in one system call within the server's WriteTimeout.
// An action's frame and its ok are queued together, and on a busy server
// a system call costs more than the bytes it carries.
func (o *outbox) writeAll(msg []byte, queue <-chan []byte) error {
	_ = o.raw.SetWriteDeadline(time.Now().Add(o.s.WriteTimeout))
	o.raw.gather()
	err := o.c.Write(context.Background(), websocket.MessageText, msg)
	for n := len(msg); err == nil && n < gatherLimit; n += len(msg) {
		if msg = queued(queue); msg == nil {
			break
		}
		err = o.c.Write(context.Background(), websocket.MessageText, msg)
	}
	if ferr := o.raw.flush(); err == nil {
		err = ferr
	}
	// Pings and the closing handshake are written under their own limits.
	_ = o.raw.SetWriteDeadline(time.Time{})
	return err
}

// queued is the next message on queue if one waits, else nil.
func queued(queue <-chan []byte) []byte {
	select {
	case msg := <-queue:
		return msg
	default:
		return nil
	}
}

// gatherLimit is how many bytes of queued messages one write gathers
// before it sends them: a few frames, within the buffers gathered keeps.
const gatherLimit = 48 << 10

// keepAlive pings the client every PingInterval and ends the connection
// when a pong does not come back within one: a phone that vanished without
// a close (out of range, battery dead) would otherwise hold its seat as
// present for as long as the operating system keeps the TCP connection.
// stopPings ends it.
func (o *outbox) keepAlive() {
	if o.s.PingInterval <= 0 {
		return
	}
	o.pingMu.Lock()
	defer o.pingMu.Unlock()
	o.ping = time.AfterFunc(o.nextPing(), o.pingOnce)
}

// nextPing is PingInterval give or take a sixth, drawn anew each time:
// phones that connected together (all of them, after a restart) would
// otherwise be pinged together for ever, each ping a goroutine waiting
// for its pong, thousands at once in a quiet server.
func (o *outbox) nextPing() time.Duration {
	d := o.s.PingInterval
	return d - d/6 + rand.N(d/3+1)
}

func (o *outbox) pingOnce() {
	// Not under ctx: a hang-up closes the connection, which ends the ping.
	pctx, pcancel := context.WithTimeout(context.Background(), o.s.PingInterval)
	err := o.c.Ping(pctx)
	pcancel()
	if err != nil {
		o.hangUp()
		return
	}
	o.pingMu.Lock()
	defer o.pingMu.Unlock()
	if o.ctx.Err() == nil {
		o.ping.Reset(o.nextPing())
	}
}

func (o *outbox) stopPings() {
	o.pingMu.Lock()
	defer o.pingMu.Unlock()
	if o.ping != nil {
		o.ping.Stop()
	}
}

package server

import (
	"net"
	"sync"
)

// gatherConn is a connection that can hold back what is written to it and
// send it in one system call. The websocket writes a frame as its header
// and then its payload, through a buffer smaller than most frames (an idle
// phone keeps that buffer for hours): two system calls per frame, and
// two packets. The outbox gathers around the messages it writes together
// and flushes once: one call, whatever the buffer's size. Outside that window
// (pings, pongs, the closing handshake) writes go straight through.
type gatherConn struct {
	net.Conn
	mu        sync.Mutex
	gathering bool
	held      *[]byte // from gathered, only while gathering
}

// gathered lends the buffers a gathering holds; a message's bytes are
// held between its write and its flush only.
var gathered = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

func (g *gatherConn) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.gathering {
		return g.Conn.Write(p)
	}
	*g.held = append(*g.held, p...)
	return len(p), nil
}

// gather holds back what is written until flush.
func (g *gatherConn) gather() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.gathering = true
	g.held = gathered.Get().(*[]byte)
}

// flush sends what was held back, in one write, and stops holding back.
func (g *gatherConn) flush() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.gathering {
		return nil
	}
	g.gathering = false
	var err error
	if len(*g.held) > 0 {
		_, err = g.Conn.Write(*g.held)
	}
	if cap(*g.held) <= 64<<10 { // a rare huge frame is not kept
		*g.held = (*g.held)[:0]
		gathered.Put(g.held)
	}
	g.held = nil
	return err
}

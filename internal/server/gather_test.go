package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// countingConn counts the writes that reach the real connection.
type countingConn struct {
	net.Conn
	writes atomic.Int64
}

func (c *countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

func TestGatherConn_OneWritePerMessage(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan []byte, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			got <- nil
			return
		}
		defer c.Close()
		b, _ := io.ReadAll(c)
		got <- b
	}()
	raw, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	counted := &countingConn{Conn: raw}
	g := &gatherConn{Conn: counted}

	header, payload := []byte{0x81, 0x7e, 0x30, 0x00}, bytes.Repeat([]byte("frame "), 2048)
	g.gather()
	for _, p := range [][]byte{header, payload[:252], payload[252:]} {
		if n, err := g.Write(p); err != nil || n != len(p) {
			t.Fatalf("gathered write: %d, %v", n, err)
		}
	}
	if n := counted.writes.Load(); n != 0 {
		t.Fatalf("%d writes reached the connection while gathering, want 0", n)
	}
	if err := g.flush(); err != nil {
		t.Fatal(err)
	}
	if n := counted.writes.Load(); n != 1 {
		t.Fatalf("%d writes for one message, want 1", n)
	}
	// A ping outside a message goes straight through.
	if _, err := g.Write([]byte("ping")); err != nil {
		t.Fatal(err)
	}
	if n := counted.writes.Load(); n != 2 {
		t.Fatalf("%d writes after an ungathered one, want 2", n)
	}
	if err := g.flush(); err != nil { // nothing held: nothing written
		t.Fatal(err)
	}
	raw.Close()
	want := append(append(append([]byte{}, header...), payload...), "ping"...)
	if b := <-got; !bytes.Equal(b, want) {
		t.Fatalf("the peer read %d bytes, want the %d written, in order", len(b), len(want))
	}
}

// The outbox sends the messages that wait together (an action's frame and
// its ok) in one system call, up to gatherLimit bytes, in their order; one
// queued behind the limit goes in the next call.
func TestOutbox_WritesWhatWaitsInOneCall(t *testing.T) {
	frame := []byte(`{"type":"view","view":"` + strings.Repeat("x", 6000) + `"}`)
	ok := []byte(`{"type":"ok","id":"a1"}`)
	big := []byte(`{"type":"view","view":"` + strings.Repeat("y", gatherLimit) + `"}`)
	for _, c := range []struct {
		name   string
		queue  [][]byte // the first is taken by the drain, the rest wait
		writes int64
	}{
		{"one message", [][]byte{frame}, 1},
		{"a frame and its ok", [][]byte{frame, ok}, 1},
		{"three that wait", [][]byte{ok, frame, ok}, 1},
		{"past the limit", [][]byte{big, frame, ok}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			counted := make(chan *countingConn, 1)
			outboxes := make(chan *outbox, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hj := &smallBuffers{ResponseWriter: w}
				ws, err := websocket.Accept(hj, r, nil)
				if err != nil {
					t.Error(err)
					return
				}
				cc := &countingConn{Conn: hj.conn.Conn}
				hj.conn.Conn = cc
				counted <- cc
				ctx, cancel := context.WithCancel(context.Background())
				outboxes <- &outbox{s: &Server{WriteTimeout: 5 * time.Second}, c: ws, raw: hj.conn, ctx: ctx, cancel: cancel}
			}))
			defer srv.Close()
			client, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer client.CloseNow()
			client.SetReadLimit(1 << 20)
			o, cc := <-outboxes, <-counted
			defer o.hangUp()
			queue := make(chan []byte, len(c.queue))
			for _, m := range c.queue[1:] {
				queue <- m
			}
			// As the drain does: take one, write it with what waits behind it.
			for msg := c.queue[0]; msg != nil; msg = queued(queue) {
				if err := o.writeAll(msg, queue); err != nil {
					t.Fatal(err)
				}
			}
			if got := cc.writes.Load(); got != c.writes {
				t.Fatalf("%d system calls, want %d", got, c.writes)
			}
			for i, want := range c.queue {
				_, b, err := client.Read(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(b, want) {
					t.Fatalf("message %d: %s, want %s", i, short(b), short(want))
				}
			}
		})
	}
}

func short(b []byte) string { return fmt.Sprintf("%.40s… (%d bytes)", b, len(b)) }

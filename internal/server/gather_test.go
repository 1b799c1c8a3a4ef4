package server

import (
	"bytes"
	"io"
	"net"
	"sync/atomic"
	"testing"
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

package server

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
)

// socketBuffer is the size of each idle socket's read and write buffers.
// net/http hands a hijacked connection over with 4 KiB of each, and the
// websocket keeps them for as long as the phone stays: a quarter of an
// idle socket's memory. A client's action is a hundred-odd bytes and so
// is an acknowledgement; a frame larger than the buffer passes through it
// in pieces that the gatherConn sends in one system call, so a larger
// buffer buys nothing for frames.
const socketBuffer = 256

// smallBuffers is a ResponseWriter whose Hijack trades net/http's buffers
// for socketBuffer-sized ones, keeping whatever the client already sent,
// and hands the connection over as a gatherConn, which it remembers.
type smallBuffers struct {
	http.ResponseWriter
	conn *gatherConn
}

func (w *smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	g := &gatherConn{Conn: conn}
	w.conn = g
	if err := brw.Writer.Flush(); err != nil {
		conn.Close()
		return nil, nil, err
	}
	n := brw.Reader.Buffered()
	if n == 0 {
		return g, bufio.NewReadWriter(bufio.NewReaderSize(conn, socketBuffer), bufio.NewWriterSize(g, socketBuffer)), nil
	}
	// What the client sent after its handshake must sit in the new buffer
	// itself: the websocket takes over the buffered bytes and reads the
	// connection directly after them.
	early := make([]byte, n)
	_, _ = io.ReadFull(brw.Reader, early)
	br := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(early), conn), max(socketBuffer, n))
	if _, err := br.Peek(n); err != nil {
		conn.Close()
		return nil, nil, err
	}
	return g, bufio.NewReadWriter(br, bufio.NewWriterSize(g, socketBuffer)), nil
}

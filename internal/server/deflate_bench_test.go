package server_test

import (
	"bufio"
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

// BenchmarkDeflate writes a phone's real HTML frames (a bot-played match,
// seen from one seat) through a websocket in each --ws-deflate mode, to a
// browser-like client that offers permessage-deflate and reads the bytes
// without inflating them. ns/op is the server's time to write one frame
// (compressing it, where the mode does), wire-B/frame the bytes that
// cross the network per frame, raw-B/frame the frame itself.
func BenchmarkDeflate(b *testing.B) {
	for _, g := range []struct {
		game    string
		options map[string]any
		seats   int
	}{
		{"wink", map[string]any{"mode": "remote"}, 5},
		{"vault", nil, 4},
		{"inkognito", nil, 4},
	} {
		frames := phoneFrames(b, g.game, g.options, g.seats, 60)
		for _, mode := range []struct {
			name string
			mode websocket.CompressionMode
		}{
			{"off", websocket.CompressionDisabled},
			{"fresh", websocket.CompressionNoContextTakeover},
			{"shared", websocket.CompressionContextTakeover},
		} {
			b.Run(g.game+"/"+mode.name, func(b *testing.B) { benchmarkDeflate(b, frames, mode.mode) })
		}
	}
}

func benchmarkDeflate(b *testing.B, frames [][]byte, mode websocket.CompressionMode) {
	conns := make(chan *websocket.Conn, 1)
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: mode})
		if err != nil {
			return
		}
		conns <- c
		<-done
	}))
	defer srv.Close()
	defer close(done)

	// A browser's upgrade, by hand: after it, the client only counts.
	raw, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		b.Fatal(err)
	}
	defer raw.Close()
	fmt.Fprintf(raw, "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n")
	br := bufio.NewReader(raw)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		b.Fatalf("upgrade: %v %v", resp, err)
	}
	c := <-conns
	var wire atomic.Int64
	read := make(chan struct{})
	go func() {
		defer close(read)
		n, _ := io.Copy(io.Discard, br)
		wire.Store(n)
	}()

	var rawBytes int64
	ctx := context.Background()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		f := frames[i%len(frames)]
		if err := c.Write(ctx, websocket.MessageText, f); err != nil {
			b.Fatal(err)
		}
		rawBytes += int64(len(f))
		i++
	}
	b.StopTimer()
	c.CloseNow()
	select {
	case <-read:
	case <-time.After(10 * time.Second):
		b.Fatal("the client never saw the end")
	}
	b.ReportMetric(float64(wire.Load())/float64(i), "wire-B/frame")
	b.ReportMetric(float64(rawBytes)/float64(i), "raw-B/frame")
}

// phoneFrames are up to n HTML frames seat 0's phone receives in a match
// of game that bots play for every seat.
func phoneFrames(b *testing.B, game string, options map[string]any, seats, n int) [][]byte {
	e := mustStart(b)
	var c created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": game, "options": options}, &c); st != http.StatusCreated {
		b.Fatalf("create: %d", st)
	}
	var js []joined
	for i := range seats {
		var j joined
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": fmt.Sprintf("P%d", i)}, &j); st != http.StatusCreated {
			b.Fatalf("join: %d", st)
		}
		js = append(js, j)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.Server.URL, "http")+"/r/"+c.Code+"/ws?view=html&token="+js[0].Token, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	e.mustStartMatch(c)
	for _, j := range js {
		e.do("POST", "/api/rooms/"+c.Code+"/seats/"+j.SeatID+"/bot", c.HostToken, nil, nil)
	}
	var frames [][]byte
	for len(frames) < n {
		_, m, err := conn.Read(ctx)
		if err != nil {
			break
		}
		if strings.Contains(string(m), `"html"`) && strings.Contains(string(m), `data-status=\"playing\"`) {
			frames = append(frames, m)
		}
	}
	if len(frames) < 10 {
		b.Fatalf("%s: %d frames", game, len(frames))
	}
	return frames
}

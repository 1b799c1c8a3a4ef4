package server_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A phone that stops reading while the room keeps changing (its socket's
// buffers full, its queue full) is not disconnected: it skips frames, and
// once it reads again it is sent the room as it is now.
func TestRoomSocket_ASlowReaderSkipsToTheCurrentFrame(t *testing.T) {
	e := mustStart(t)
	// The phone reads nothing while the room changes 800 times, which
	// took over 10 s under the race detector on a loaded machine: a write
	// stalled for the default WriteTimeout closes the connection, which is
	// not what this test is about.
	e.Srv.WriteTimeout = 2 * time.Minute
	c, _ := e.mustRoom(tableOpts, "Ann")
	// A receive buffer of a couple of kilobytes: the server's writes
	// block after a few frames instead of filling megabytes of kernel
	// buffers first.
	dialer := &net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var err error
		if cerr := rc.Control(func(fd uintptr) {
			err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048)
		}); cerr != nil {
			return cerr
		}
		return err
	}}
	hc := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + c.Code + "/ws"
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 22)

	// The room changes again and again while nobody reads: a bot sits
	// down and is sent away. A phone's frames (HTML) are big enough that
	// the kernel's buffers on both sides fill long before the end (here
	// after ~230 frames, ~3.5 MB: the sender's buffer grows to tcp_wmem's
	// 4 MB whatever the receiver's is).
	const changes = 800
	for i := range changes / 2 {
		var j joined
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, &j); st != http.StatusCreated {
			t.Fatalf("bot %d: status %d", i, st)
		}
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats/"+j.SeatID+"/kick", c.HostToken, nil, nil); st != http.StatusOK && st != http.StatusNoContent {
			t.Fatalf("kick %d: status %d", i, st)
		}
	}
	// The last change is the one to wait for: Zed sits down.
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": "Zed"}, nil); st != http.StatusCreated {
		t.Fatalf("join Zed: status %d", st)
	}
	var last struct {
		HTML string `json:"html"`
	}
	zed := func() bool { return strings.Contains(last.HTML, "Zed") }
	frames := 0
	for !zed() {
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("after %d frames: %v (the connection was dropped, or the current frame never came)", frames, err)
		}
		if err := json.Unmarshal(b, &last); err != nil {
			t.Fatalf("decode %.200s: %v", b, err)
		}
		frames++
	}
	// The first frame, then one per change, had none been skipped.
	if frames > changes+1 {
		t.Fatalf("%d frames for %d changes and none skipped: the slow path was never taken", frames, changes+1)
	}
	t.Logf("%d frames for %d changes", frames, changes+1)
}

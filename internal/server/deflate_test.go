package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A browser offers permessage-deflate on every websocket; the server takes
// it up only in the mode it was started with, and a compressed socket
// still carries whole frames.
func TestRoomSocket_DeflateOnlyWhenChosen(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode websocket.CompressionMode
		want string // in Sec-WebSocket-Extensions
	}{
		{"off by default", websocket.CompressionDisabled, ""},
		{"each frame alone", websocket.CompressionNoContextTakeover, "server_no_context_takeover"},
		{"a compressor per connection", websocket.CompressionContextTakeover, "permessage-deflate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := mustStart(t)
			e.Srv.Deflate = tc.mode
			c, seats := e.mustRoom(map[string]any{"mode": "remote"}, "Ann", "Bob", "Cid", "Dee")
			e.mustStartMatch(c)
			u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + c.Code + "/ws?view=json&token=" + seats[0].Token
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			conn, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{CompressionMode: websocket.CompressionContextTakeover})
			if err != nil {
				t.Fatal(err)
			}
			defer conn.CloseNow()
			conn.SetReadLimit(1 << 22)
			ext := resp.Header.Get("Sec-WebSocket-Extensions")
			if tc.want == "" && ext != "" || tc.want != "" && !strings.Contains(ext, tc.want) {
				t.Fatalf("extensions %q, want %q", ext, tc.want)
			}
			_, b, err := conn.Read(ctx)
			if err != nil || !strings.Contains(string(b), `"type":"view"`) {
				t.Fatalf("first frame %.80q: %v", b, err)
			}
		})
	}
}

package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// A draining instance tells the load balancer to stop sending it clients
// (/readyz fails, /healthz still passes: it is alive) and refuses new
// websockets, so phones reconnect to another instance; plain requests are
// still answered while the rooms hand over.
func TestServer_Drain(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(nil, "Ana")
	get := func(path string) int {
		resp, err := http.Get(e.Server.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	wsPath := "/r/" + c.Code + "/ws"
	tests := []struct {
		path                  string
		before, whileDraining int
	}{
		{"/readyz", http.StatusOK, http.StatusServiceUnavailable},
		{"/healthz", http.StatusOK, http.StatusOK},
		{"/api/rooms/" + c.Code, http.StatusOK, http.StatusOK},
	}
	for _, tc := range tests {
		if got := get(tc.path); got != tc.before {
			t.Errorf("GET %s before draining = %d, want %d", tc.path, got, tc.before)
		}
	}
	e.Srv.Drain()
	for _, tc := range tests {
		if got := get(tc.path); got != tc.whileDraining {
			t.Errorf("GET %s while draining = %d, want %d", tc.path, got, tc.whileDraining)
		}
	}
	_, resp, err := websocket.Dial(t.Context(), strings.Replace(e.Server.URL, "http", "ws", 1)+wsPath, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("websocket while draining: %v (%v), want 503", err, resp)
	}
}

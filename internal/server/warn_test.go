package server_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"topsecret/internal/server"
)

// syncBuffer is a log's output, safe to read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// lines are the log's lines that contain all of words.
func (s *syncBuffer) lines(words ...string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, l := range strings.Split(s.b.String(), "\n") {
		all := l != ""
		for _, w := range words {
			all = all && strings.Contains(l, w)
		}
		if all {
			out = append(out, l)
		}
	}
	return out
}

// Refused guessing, spent allowances and foreign names show in the log at
// its default level, one line per address and kind a minute, however many
// requests an attack sends; the next line counts the ones held back.
func TestWarnings_OneLinePerAddressAndKindAMinute(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	var log syncBuffer
	e.Srv.Log = slog.New(slog.NewTextHandler(&log, nil)) // the default level, info
	c, _ := e.mustRoom(map[string]any{}, "Ann")
	for range 8 {
		e.post("/api/rooms/"+c.Code+"/claim", `{"code":"AAAAAA"}`, map[string]string{"Content-Type": "application/json"})
	}
	e.Srv.Doorman.Misses = server.Allowance{PerMinute: 0.001, Burst: 3}
	for i := range 50 {
		e.do("GET", "/api/rooms/"+madeUp(i), "", nil, nil)
	}
	for range 5 {
		e.getNamed("attacker.example", "/")
	}
	for _, kind := range []string{"codes", "rejoin", "wrong_host"} {
		got := log.lines("level=WARN", "kind="+kind, "addr=127.0.0.1", "count=1")
		if len(got) != 1 || len(log.lines("kind="+kind)) != 1 {
			t.Fatalf("kind %s: lines %q, want one", kind, log.lines("kind="+kind))
		}
	}
	e.Clock.Advance(time.Minute)
	if st := e.do("GET", "/api/rooms/"+madeUp(99), "", nil, nil); st != http.StatusTooManyRequests {
		t.Fatalf("a guess a minute on: status %d, want 429", st)
	}
	if got := log.lines("kind=codes", "count=47"); len(got) != 1 {
		t.Fatalf("a minute on, the next line counts the 46 held back and itself: %q", log.lines("kind=codes"))
	}
}

package loadtest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"topsecret/cmd/topsecret/shelf"

	"topsecret/internal/loadtest"
	"topsecret/internal/room"
	"topsecret/internal/server"
	"topsecret/internal/store/sqlite"
)

// downForRematches is a real server behind a door that fails the first
// rematch requests as a server that is down or being replaced does: the
// connection dropped with no answer, then a front with no instance (502),
// then an instance draining (503). Everything else passes.
type downForRematches struct {
	h http.Handler

	mu     sync.Mutex
	failed int
}

// downAnswers are the failures, in order; 0 drops the connection.
var downAnswers = []int{0, http.StatusBadGateway, http.StatusServiceUnavailable}

func (d *downForRematches) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/rematch") {
		d.mu.Lock()
		n := d.failed
		if n < len(downAnswers) {
			d.failed++
		}
		d.mu.Unlock()
		switch {
		case n >= len(downAnswers):
		case downAnswers[n] == 0:
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		default:
			http.Error(w, `{"code":"busy"}`, downAnswers[n])
			return
		}
	}
	d.h.ServeHTTP(w, r)
}

// A rematch the host asks for while the server is down, or while the
// front finds no instance, or while the instance drains, is asked again
// until it is answered: the room's next match starts and the run goes on,
// with no rematch counted as failed.
func TestRun_RetriesARematchAskedWhileTheServerWasDown(t *testing.T) {
	t.Parallel()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "topsecret.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	games := shelf.New(false)
	reg := room.NewRegistry(db, games.Rules(), log)
	srv := server.New(games, reg, db, log)
	srv.Doorman = server.NoDoorman()
	door := &downForRematches{h: srv.Handler()}
	ts := httptest.NewServer(door)
	t.Cleanup(func() { ts.CloseClientConnections(); ts.Close(); reg.Close(); db.Close() })

	// The run ends once the room finished its second match, whose start
	// was the rematch asked for while the server was down; the duration
	// only bounds a machine so loaded that it never comes.
	var opened bytes.Buffer
	bound := 25 * time.Second
	began := time.Now()
	rep := mustRun(t, loadtest.Config{URL: ts.URL, Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`),
		Rooms: 1, Seats: 4, Rate: 20, Duration: bound, Matches: 2, Opened: &opened, Seed: 3})
	if took := time.Since(began); took >= bound && rep.MatchesFinished >= 2 {
		t.Errorf("the run took %v with %d matches finished: it did not end at the second", took, rep.MatchesFinished)
	}
	if n := rep.Errors["rematch"]; n != 0 {
		t.Errorf("%d rematches counted as failed, want none", n)
	}
	code := strings.TrimSpace(opened.String())
	ms, err := db.Matches(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 2 {
		t.Fatalf("room %s played %d matches, want the rematch started after the failures", code, len(ms))
	}
	door.mu.Lock()
	failed := door.failed
	door.mu.Unlock()
	if failed < len(downAnswers) {
		t.Fatalf("only %d rematch requests failed, want %d: not every way of being down was met (%d finished)", failed, len(downAnswers), rep.MatchesFinished)
	}
}

package loadtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
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
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// cutAfterStore is a real SQLite store that, after the nth players'
// append in cuts is durable, cuts every connection of the server before
// the ok can be written: the phone's socket dies with its action stored
// and unanswered, as when an instance dies between commit and reply.
type cutAfterStore struct {
	store.Store
	cut func()

	mu      sync.Mutex
	n       int
	cuts    map[int]bool
	clients []string // every players' action id stored, in order
}

func (s *cutAfterStore) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	if err := s.Store.AppendAction(ctx, rec); err != nil || rec.ClientID == "" {
		return err
	}
	s.mu.Lock()
	s.n++
	s.clients = append(s.clients, rec.ClientID)
	cut := s.cuts[s.n]
	s.mu.Unlock()
	if cut {
		s.cut()
	}
	return nil
}

// cutListener remembers its connections, websockets included, to cut them all.
type cutListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *cutListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

func (l *cutListener) cutAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

// An action stored but never answered, because its socket died, is sent
// again on the next socket under the same id: the server answers it from
// the log, so every action the tool's players stored is acknowledged to
// the tool, and each is stored once.
func TestRun_ResendsUnansweredActionsAfterAReconnect(t *testing.T) {
	t.Parallel()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "topsecret.db"))
	if err != nil {
		t.Fatal(err)
	}
	ln := &cutListener{Listener: httptest.NewUnstartedServer(nil).Listener}
	st := &cutAfterStore{Store: db, cut: ln.cutAll, cuts: map[int]bool{5: true, 15: true, 25: true}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	games := shelf.New(false)
	reg := room.NewRegistry(st, games.Rules(), log)
	srv := server.New(games, reg, st, log)
	srv.Doorman = server.NoDoorman()
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(func() { ln.cutAll(); ts.Close(); reg.Close(); db.Close() })

	var acked bytes.Buffer
	rep := mustRun(t, loadtest.Config{URL: ts.URL, Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`),
		Rooms: 2, Seats: 4, Rate: 20, Duration: 3 * time.Second, Timeout: 5 * time.Second, Acked: &acked, Seed: 7})
	if rep.Resent == 0 {
		t.Errorf("nothing resent after %d cuts; errors %v", len(st.cuts), rep.Errors)
	}
	ack := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(acked.String()), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			ack[f[1]]++
		}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.n < 25 {
		t.Fatalf("only %d actions stored, the cuts did not all happen", st.n)
	}
	stored := map[string]int{}
	for _, id := range st.clients {
		stored[id]++
		if stored[id] > 1 {
			t.Errorf("action %s stored twice", id)
		}
		if ack[id] == 0 {
			t.Errorf("action %s stored but never acknowledged to the tool", id)
		}
	}
	t.Logf("%d actions stored, %d resent, %d acknowledgements", len(st.clients), rep.Resent, len(ack))
}

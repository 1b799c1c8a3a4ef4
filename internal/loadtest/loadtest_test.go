package loadtest_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"topsecret/cmd/topsecret/shelf"

	"topsecret/internal/loadtest"
	"topsecret/internal/room"
	"topsecret/internal/server"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// slowStore is a real SQLite store whose appends take delay longer, as a
// slow disk would make them: the server is real, only slowed.
type slowStore struct {
	store.Store
	delay time.Duration
}

func (s slowStore) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	time.Sleep(s.delay)
	return s.Store.AppendAction(ctx, rec)
}

// mustServe starts a real server over a fresh SQLite file, its appends
// slowed by delay, and returns its URL.
func mustServe(tb testing.TB, delay time.Duration) string {
	tb.Helper()
	db, err := sqlite.Open(filepath.Join(tb.TempDir(), "topsecret.db"))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	var st store.Store = db
	if delay > 0 {
		st = slowStore{Store: db, delay: delay}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	games := shelf.New(false)
	reg := room.NewRegistry(st, games.Rules(), log)
	srv := server.New(games, reg, st, log)
	srv.Doorman = server.NoDoorman() // every room and socket comes from this one machine
	ts := httptest.NewServer(srv.Handler())
	tb.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		reg.Close()
		db.Close()
	})
	return ts.URL
}

// mustRun runs the load tool and fails the test if it cannot.
func mustRun(tb testing.TB, cfg loadtest.Config) *loadtest.Report {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		tb.Fatalf("Run: %v", err)
	}
	if testing.Verbose() {
		rep.WriteTable(os.Stderr)
	}
	return rep
}

// races are the refusals a game rightly gives random players acting at
// once: a move on a state another seat (or a timer) just changed, or a
// move sent again by a seat still awaiting its last answer. A loaded
// machine makes them more frequent; they never mean the tool sent a
// malformed move.
var races = map[string]bool{"stale": true, "not_your_turn": true, "illegal": true, "match_over": true}

// unforced counts a report's errors that are not races: timeouts,
// disconnects, and refusals of malformed or unknown moves.
func unforced(rep *loadtest.Report) (n, raced int64) {
	for _, c := range rep.Errors {
		n += c
	}
	for detail, c := range rep.ErrorDetail {
		code := strings.TrimSuffix(strings.TrimPrefix(detail, "refused "), " (sent again)")
		if strings.HasPrefix(detail, "refused ") && races[code] {
			n, raced = n-c, raced+c
		}
	}
	return n, raced
}

// Every game, played from each seat's legal moves against a real server,
// reports a rate, a latency and frames for every seat, without errors;
// races between its players stay a minority.
func TestRun_PlaysEveryGameWithoutErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game    string
		options string
		seats   int
	}{
		{"wink", `{"mode":"remote"}`, 4},
		{"vault", "", 3},
		{"inkognito", "", 3},
		{"couriers", "", 3},
		{"embassy", "", 3},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			rep := mustRun(t, loadtest.Config{URL: mustServe(t, 0), Game: tt.game, Options: json.RawMessage(tt.options),
				Rooms: 3, Seats: tt.seats, Rate: 20, Warmup: 300 * time.Millisecond, Duration: 2 * time.Second,
				PID: os.Getpid(), InProcess: true})
			if rep.ActionsPerSec <= 0 || rep.Acked == 0 {
				t.Fatalf("achieved %v actions/s (%d acknowledged), want some", rep.ActionsPerSec, rep.Acked)
			}
			if rep.Latency.Count == 0 || rep.Latency.P50 <= 0 || rep.Latency.Max < rep.Latency.P99 {
				t.Fatalf("latency %+v, want samples above zero", rep.Latency)
			}
			n, raced := unforced(rep)
			if raceDetector {
				// Slowed several times over, the server sheds load (busy)
				// and seats act on views a move behind: that is its speed,
				// not an error. The race run looks for data races.
				n, raced = n-rep.Errors["busy"], 0
			}
			if n != 0 || raced*4 > rep.Sent {
				t.Fatalf("%d errors and %d races of %d sent: %v (%v); want no errors and races a minority", n, raced, rep.Sent, rep.Errors, rep.ErrorDetail)
			}
			// A viewer gets a frame only when its view changed: below one
			// per action where moves are unseen (wink's looks), never none.
			if rep.FramesPerActionPerViewer <= 0.2 {
				t.Fatalf("%.2f frames per action per viewer, want most actions seen", rep.FramesPerActionPerViewer)
			}
			if rep.BytesPerFrame <= 0 || rep.WireBytesPerActionPerViewer <= 0 {
				t.Fatalf("%.0f bytes a frame, %.0f on the wire per action per viewer; want both counted", rep.BytesPerFrame, rep.WireBytesPerActionPerViewer)
			}
			if s := rep.Server; s == nil || s.CPUCores <= 0 || s.RSSEndKiB <= 0 {
				t.Fatalf("server use %+v, want CPU and RSS read from /proc", s)
			}
		})
	}
}

// The generator is open loop: against a server slowed well past its
// normal pace, actions still go out at the target rate, and the slowness
// shows as latency.
func TestRun_SlowServerShowsAsLatencyNotAsSlowerSending(t *testing.T) {
	t.Parallel()
	const rate, delay = 25.0, 60 * time.Millisecond
	tests := []struct {
		name  string
		delay time.Duration
	}{
		{"plain store", 0},
		{"appends slowed", delay},
	}
	reports := make([]*loadtest.Report, len(tests))
	for i, tt := range tests {
		reports[i] = mustRun(t, loadtest.Config{URL: mustServe(t, tt.delay), Options: json.RawMessage(`{"mode":"remote"}`),
			Rooms: 4, Seats: 6, Rate: rate, Warmup: 300 * time.Millisecond, Duration: 2 * time.Second})
		rep := reports[i]
		if rep.SentPerSec < 0.9*rate || rep.SentPerSec > 1.1*rate || rep.IdleTicks != 0 {
			t.Fatalf("%s: sent %.1f/s with %d idle ticks, want the target %v/s", tt.name, rep.SentPerSec, rep.IdleTicks, rate)
		}
		if rep.Latency.P50 < tt.delay.Seconds()*1000 {
			t.Fatalf("%s: p50 %.1f ms, below the store's added %v", tt.name, rep.Latency.P50, tt.delay)
		}
	}
	if fast, slow := reports[0].Latency.P50, reports[1].Latency.P50; slow <= fast {
		t.Fatalf("p50 %.1f ms slowed vs %.1f ms plain, want the slowed server's latency higher", slow, fast)
	}
}

// Idle mode opens the sockets asked for, holds them and says what each
// cost the server.
func TestRun_IdleHoldsEverySocket(t *testing.T) {
	t.Parallel()
	rep := mustRun(t, loadtest.Config{URL: mustServe(t, 0), Options: json.RawMessage(`{"mode":"remote"}`), Mode: "idle",
		Conns: 30, Seats: 4, Hold: 300 * time.Millisecond, PID: os.Getpid(), InProcess: true})
	u := rep.Idle
	if u == nil {
		t.Fatal("no idle figures")
	}
	if u.Opened != 30 || u.Alive != 30 || len(u.OpenErrors) != 0 {
		t.Fatalf("opened %d, alive %d, errors %v; want all 30 open and alive", u.Opened, u.Alive, u.OpenErrors)
	}
	if rep.Rooms != 8 || u.RSSHeldKiB <= 0 {
		t.Fatalf("%d rooms, %d KiB held; want 8 rooms (30 sockets, 4 a room) and the RSS read", rep.Rooms, u.RSSHeldKiB)
	}
}

// Bad settings are refused before any room is made.
func TestRun_ErrBadConfig(t *testing.T) {
	t.Parallel()
	url := mustServe(t, 0)
	tests := []struct {
		name string
		cfg  loadtest.Config
	}{
		{"unknown game", loadtest.Config{URL: url, Game: "chess", Rooms: 1, Rate: 1, Duration: time.Second}},
		{"too few seats", loadtest.Config{URL: url, Game: "wink", Seats: 2, Rooms: 1, Rate: 1, Duration: time.Second}},
		{"no rate", loadtest.Config{URL: url, Rooms: 1, Duration: time.Second}},
		{"idle without sockets", loadtest.Config{URL: url, Mode: "idle"}},
		{"unknown mode", loadtest.Config{URL: url, Mode: "storm"}},
		{"no server", loadtest.Config{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if rep, err := loadtest.Run(context.Background(), tt.cfg); err == nil {
				t.Fatalf("Run succeeded with %+v", rep)
			}
		})
	}
}

// A run whose Until is closed ends then, its measured window as long as
// it lasted, not the Duration it was given as a bound.
func TestRun_UntilEndsTheRun(t *testing.T) {
	t.Parallel()
	until := make(chan struct{})
	time.AfterFunc(time.Second, func() { close(until) })
	rep := mustRun(t, loadtest.Config{URL: mustServe(t, 0), Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`),
		Rooms: 1, Seats: 4, Rate: 20, Duration: 25 * time.Second, Until: until})
	if rep.Seconds <= 0 || rep.Seconds >= 20 {
		t.Fatalf("measured %.1f s, want the second or so until Until closed", rep.Seconds)
	}
	if rep.Acked == 0 {
		t.Fatal("nothing acknowledged before Until closed")
	}
}

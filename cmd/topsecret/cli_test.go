package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// MustRunMain boots the real program on a free port over a temporary SQLite
// directory, as `go run ./cmd/topsecret` would, and closes it at cleanup.
func MustRunMain(tb testing.TB, dataDir string) *Main {
	tb.Helper()
	return MustRunMainAt(tb, dataDir, "127.0.0.1:0")
}

// MustRunMainAt is MustRunMain listening on addr: a restart on the address
// an earlier Main had, so open pages reconnect to it.
func MustRunMainAt(tb testing.TB, dataDir, addr string) *Main {
	tb.Helper()
	return mustRunMainWith(tb, dataDir, addr, func(*Config) {})
}

// mustRunMainWith is MustRunMainAt with the config changed by set, as flags would.
func mustRunMainWith(tb testing.TB, dataDir, addr string, set func(*Config)) *Main {
	tb.Helper()
	m := NewMain()
	m.Config.Addr = addr
	m.Config.DataDir = dataDir
	m.Config.BotDelay = 0
	// No overload shedding: these servers share one test process, whose
	// scheduling latency is the whole suite's (browsers, other servers) on
	// a busy CI machine, not a server's load. A phone's tap answered busy
	// is sent again late, and a bot-paced match could end before a
	// person's turn came. The gauge has tests of its own (internal/overload,
	// internal/server).
	m.Config.ShedAbove = 0
	set(&m.Config)
	m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := m.Run(context.Background()); err != nil {
		tb.Fatalf("run: %v", err)
	}
	tb.Cleanup(func() { m.Close() })
	return m
}

func TestSelfplay_SummaryIsLastLine(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	err := run(context.Background(), []string{"selfplay", "-game", "wink", "-players", "5", "-matches", "3", "-seed", "9", "-options", `{"mode":"remote"}`}, &out, io.Discard)
	if err != nil {
		t.Fatalf("selfplay: %v\n%s", err, out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var sum struct {
		Matches           int     `json:"matches"`
		Actions           int     `json:"actions"`
		ActionsPerSec     float64 `json:"actions_per_sec"`
		InvariantFailures *int    `json:"invariant_failures"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if sum.Matches != 3 || sum.Actions == 0 || sum.ActionsPerSec <= 0 || sum.InvariantFailures == nil || *sum.InvariantFailures != 0 {
		t.Fatalf("summary %+v", sum)
	}
}

func TestSelfplay_BadArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
	}{
		{"unknown game", []string{"selfplay", "-game", "chess"}},
		{"too few players", []string{"selfplay", "-game", "wink", "-players", "3"}},
		{"bad options", []string{"selfplay", "-game", "wink", "-options", `{"mode":"moon"}`}},
	}
	for _, tt := range tests {
		if err := run(context.Background(), tt.args, io.Discard, io.Discard); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

func TestParseFlags_EnvAndFlags(t *testing.T) {
	t.Setenv("ADDR", ":9999")
	t.Setenv("BOT_DELAY", "2s")
	m := NewMain()
	if err := m.ParseFlags([]string{"--data", "/tmp/x", "--base-url", "http://10.0.0.2:8080"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	c := m.Config
	if c.Addr != ":9999" || c.BotDelay != 2*time.Second || c.DataDir != "/tmp/x" || c.BaseURL != "http://10.0.0.2:8080" {
		t.Fatalf("config %+v", c)
	}
	if err := NewMain().ParseFlags([]string{"--bot-delay", "soon"}, io.Discard); err == nil {
		t.Fatal("a bad duration was accepted")
	}
}

func TestParseFlags_RoomBounds(t *testing.T) {
	m := NewMain()
	if err := m.ParseFlags(nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	if c := m.Config; c.AbandonAfter != 12*time.Hour || c.MaxRooms != 5000 {
		t.Fatalf("defaults: abandon after %v, max rooms %d; want 12h, 5000", c.AbandonAfter, c.MaxRooms)
	}
	t.Setenv("ABANDON_AFTER", "3h")
	t.Setenv("MAX_ROOMS", "40")
	m = NewMain()
	if err := m.ParseFlags(nil, io.Discard); err != nil || m.Config.AbandonAfter != 3*time.Hour || m.Config.MaxRooms != 40 {
		t.Fatalf("from the environment: %v, %d (%v)", m.Config.AbandonAfter, m.Config.MaxRooms, err)
	}
	m = NewMain()
	if err := m.ParseFlags([]string{"--abandon-after", "0", "--max-rooms", "0"}, io.Discard); err != nil || m.Config.AbandonAfter != 0 || m.Config.MaxRooms != 0 {
		t.Fatalf("0 turns both off: %v, %d (%v)", m.Config.AbandonAfter, m.Config.MaxRooms, err)
	}
	for _, args := range [][]string{{"--abandon-after", "30m"}, {"--max-rooms", "-1"}} {
		if err := NewMain().ParseFlags(args, io.Discard); err == nil {
			t.Errorf("%v was accepted", args)
		}
	}
}

// A room created before a restart is there after it: the default store is a file.
func TestMain_RoomsSurviveRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := MustRunMain(t, dir)
	resp, err := http.Post(m.URL()+"/api/rooms", "application/json", strings.NewReader(`{"game":"wink"}`))
	if err != nil {
		t.Fatal(err)
	}
	var c struct{ Code string }
	json.NewDecoder(resp.Body).Decode(&c)
	resp.Body.Close()
	m.Close()

	m2 := MustRunMain(t, dir)
	resp, err = http.Get(m2.URL() + "/api/rooms/" + c.Code)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("room %s after restart: status %d", c.Code, resp.StatusCode)
	}
}

// A restart loads no room until someone asks for it, not even one with a
// match in play: loading every match in play at each start kept all of
// them in memory for good. The first request for the room brings it back.
func TestMain_RestartLoadsNoRoomUntilAsked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := MustRunMain(t, dir)
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": "wink", "options": map[string]any{"turnTimeoutMs": 0}}, &c); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	for _, name := range []string{"Ann", "Bob", "Cy", "Dee"} {
		if st := apiPost(t, m, "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": name}, nil); st != http.StatusCreated {
			t.Fatalf("join %s: %d", name, st)
		}
	}
	if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	m.Close()

	m2 := MustRunMain(t, dir)
	if live := m2.Rooms.Live(); len(live) != 0 {
		t.Fatalf("rooms loaded at start: %v, want none", live)
	}
	resp, err := http.Get(m2.URL() + "/api/rooms/" + c.Code)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Match struct{ Status string } `json:"match"`
	}
	json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || got.Match.Status != "playing" {
		t.Fatalf("room after restart: %d, match %q; want 200, playing", resp.StatusCode, got.Match.Status)
	}
	if live := m2.Rooms.Live(); !slices.Equal(live, []string{c.Code}) {
		t.Fatalf("rooms loaded once asked: %v, want [%s]", live, c.Code)
	}
}

// Serving that fails by itself ends the program with an error that says so,
// instead of leaving a process that answers nothing.
func TestMain_ServeErrorEndsWait(t *testing.T) {
	t.Parallel()
	m := MustRunMain(t, t.TempDir())
	m.ln.Close() // the listener dies under the server
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := m.Wait(ctx)
	if err == nil || !strings.Contains(err.Error(), "serve on 127.0.0.1:") {
		t.Fatalf("Wait=%v, want the serve error", err)
	}
}

// The embedded SQLite store serves one instance: a second server on the
// same directory refuses to start and says why, and starts once the first
// has stopped.
func TestMain_SecondInstanceOnSQLiteRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := MustRunMain(t, dir)
	second := NewMain()
	second.Config.Addr = "127.0.0.1:0"
	second.Config.DataDir = dir
	second.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	err := second.Run(context.Background())
	second.Close()
	if err == nil || !strings.Contains(err.Error(), "another topsecret server is already using") {
		t.Fatalf("second Run = %v, want a refusal naming the other server", err)
	}
	first.Close()
	MustRunMain(t, dir)
}

func TestLendProcs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		current int
		chosen  bool
		sqlite  bool
		want    int
	}{
		{"one CPU on SQLite is lent a second", 1, false, true, 2},
		{"two CPUs need none", 2, false, true, 0},
		{"many CPUs need none", 16, false, true, 0},
		{"the operator's choice stands", 1, true, true, 0},
		{"PostgreSQL frees the processor itself", 1, false, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lendProcs(tc.current, tc.chosen, tc.sqlite); got != tc.want {
				t.Errorf("lendProcs(%d, %v, %v) = %d, want %d", tc.current, tc.chosen, tc.sqlite, got, tc.want)
			}
		})
	}
}

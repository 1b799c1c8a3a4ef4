package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/server"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// everyGame is the shelf the tests' servers are handed: every game, those
// in the works too, as main builds it with --dev-games.
var everyGame = shelf.New(true)

// shelved is one game of the shelf as the tests loop over them.
type shelved struct {
	Info game.Info
	// Dev marks a game in the works, which tests of what every finished
	// game must have leave out.
	Dev bool
}

// shelvedGames are the games on everyGame, in the home page's order.
func shelvedGames() []shelved {
	var out []shelved
	for _, g := range everyGame.All() {
		out = append(out, shelved{Info: g.Rules.Info(), Dev: g.Dev})
	}
	return out
}

// env is one running server over a real SQLite file and real sockets.
type env struct {
	t      testing.TB
	path   string
	Store  store.Store
	Rooms  *room.Registry
	Clock  *room.ManualClock
	Server *httptest.Server
	// Srv is the server under test; its exported knobs may be set.
	Srv *server.Server
}

var epoch = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)

func quietLog() *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// mustStart boots a server on a fresh SQLite file.
func mustStart(tb testing.TB) *env {
	tb.Helper()
	return mustStartAt(tb, filepath.Join(tb.TempDir(), "topsecret.db"), room.NewManualClock(epoch))
}

// mustStartAt boots a server on an existing database file, as a restart does.
func mustStartAt(tb testing.TB, path string, clock *room.ManualClock) *env {
	tb.Helper()
	return mustStartOn(tb, path, clock, nil)
}

// mustStartOn is mustStartAt with the rooms' store seen through wrap (nil:
// as it is), to make the store misbehave.
func mustStartOn(tb testing.TB, path string, clock *room.ManualClock, wrap func(store.Store) store.Store) *env {
	tb.Helper()
	db, err := sqlite.Open(path)
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	var st store.Store = db
	if wrap != nil {
		st = wrap(db)
	}
	reg := room.NewRegistry(st, everyGame.Rules(), quietLog())
	reg.Clock = clock
	reg.BotDelay = 0
	reg.BotIdle = time.Second
	srv := server.New(everyGame, reg, st, quietLog())
	ts := httptest.NewServer(srv.Handler())
	e := &env{t: tb, path: path, Store: st, Rooms: reg, Clock: clock, Server: ts, Srv: srv}
	tb.Cleanup(e.stop)
	return e
}

func (e *env) stop() {
	if e.Server == nil {
		return
	}
	e.Server.CloseClientConnections()
	e.Server.Close()
	e.Rooms.Close()
	e.Store.Close()
	e.Server = nil
}

// restart stops this server and boots a new one on the same database.
func (e *env) restart() *env {
	e.t.Helper()
	e.stop()
	return mustStartAt(e.t, e.path, e.Clock)
}

// do sends a JSON request and decodes the JSON answer into out.
func (e *env) do(method, path, token string, body any, out any) int {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.Server.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			e.t.Fatalf("%s %s: decode %q: %v", method, path, b, err)
		}
	}
	return resp.StatusCode
}

type created struct {
	Code      string `json:"code"`
	URL       string `json:"url"`
	HostToken string `json:"host_token"`
}

type joined struct {
	Seat   int    `json:"seat"`
	SeatID string `json:"seat_id"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot"`
	Token  string `json:"token"`
}

// mustRoom creates a wink room with the given options and seats names in order.
func (e *env) mustRoom(options map[string]any, names ...string) (created, []joined) {
	e.t.Helper()
	var c created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": "wink", "options": options}, &c); st != http.StatusCreated {
		e.t.Fatalf("create room: status %d", st)
	}
	var js []joined
	for _, n := range names {
		var j joined
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": n}, &j); st != http.StatusCreated {
			e.t.Fatalf("join %s: status %d", n, st)
		}
		js = append(js, j)
	}
	return c, js
}

func (e *env) mustStartMatch(c created) string {
	e.t.Helper()
	var out struct {
		MatchID string `json:"match_id"`
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/start", c.HostToken, nil, &out); st != http.StatusOK {
		e.t.Fatalf("start: status %d", st)
	}
	return out.MatchID
}

// frame is a JSON view message as a client receives it.
type frame struct {
	Game struct{ Name string } `json:"game"`
	Type string                `json:"type"`
	ID   string                `json:"id"`
	Code string                `json:"code"`
	// Version is a frame's, or the one an ok says frames show it from.
	Version int64           `json:"version"`
	Status  string          `json:"status"`
	You     game.Seat       `json:"you"`
	View    json.RawMessage `json:"view"`
	Legal   []game.Move     `json:"legal"`
	Match   *struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	} `json:"match"`
	Rule     string            `json:"rule"`
	Message  string            `json:"message"`
	HTML     string            `json:"html"`
	Seats    []room.SeatState  `json:"seats"`
	Note     json.RawMessage   `json:"note"`
	Series   *room.SeriesState `json:"series"`
	Host     bool              `json:"host"`
	HostSeat string            `json:"host_seat"`
	HostBack bool              `json:"host_back"`
	Rejoin   *room.RejoinState `json:"rejoin"`
	// Reason is why the server ends the connection, with type "bye".
	Reason string `json:"reason"`
	// Watchers are the host's list of watchers; Announcements what every
	// screen is told.
	Watchers      *room.WatcherState `json:"watchers"`
	Announcements []struct {
		ID   string `json:"id"`
		Text string `json:"text"`
	} `json:"announcements"`
	// MatchID is the match an ok'd action landed in.
	MatchID string `json:"match_id"`
	// Watch is the replay the host shows the room.
	Watch *room.WatchState `json:"watch"`
}

// client is one real websocket connection.
type client struct {
	t testing.TB
	c *websocket.Conn
	// clock is the server's: an act moves it on a microsecond first, as
	// a real clock would have, so every action's frames have a version of
	// their own (a version is the time of the change, and the test's clock
	// would otherwise stand still).
	clock *room.ManualClock
	last  frame // the newest view received
	// gameName is the game's name in the connection's first frame, the
	// one that describes the game.
	gameName string
}

func (e *env) dial(code, query string) *client {
	e.t.Helper()
	return e.dialAs(e.t, code, query)
}

// dialAs is dial for a subtest: failures are reported on tb.
func (e *env) dialAs(tb testing.TB, code, query string) *client {
	tb.Helper()
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + code + "/ws?" + query
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		tb.Fatalf("dial %s: %v", u, err)
	}
	c.SetReadLimit(1 << 22)
	cl := &client{t: tb, c: c, clock: e.Clock}
	tb.Cleanup(func() { c.CloseNow() })
	cl.next()
	return cl
}

// next reads one message; views update last.
func (c *client) next() frame {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := c.c.Read(ctx)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var f frame
	if err := json.Unmarshal(b, &f); err != nil {
		c.t.Fatalf("decode %q: %v", b, err)
	}
	if f.Type == "view" {
		c.last = f
	}
	if f.Game.Name != "" {
		c.gameName = f.Game.Name
	}
	return f
}

// until reads until a message satisfies ok.
func (c *client) until(ok func(frame) bool) frame {
	c.t.Helper()
	for i := 0; i < 500; i++ {
		if f := c.next(); ok(f) {
			return f
		}
	}
	c.t.Fatal("no matching message in 500")
	return frame{}
}

// sees returns the first view that shows the action ok answered: the
// newest one already received, or the next with its version or later.
func (c *client) sees(ok frame) frame {
	c.t.Helper()
	if ok.Type != "ok" {
		c.t.Fatalf("sees %s %q: not an ok", ok.Type, ok.Message)
	}
	if c.last.Version >= ok.Version {
		return c.last
	}
	return c.until(func(f frame) bool { return f.Type == "view" && f.Version >= ok.Version })
}

// send writes a raw message.
func (c *client) send(msg string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// act sends an action and returns the server's reply to it (ok or error).
func (c *client) act(id, typ string, data any) frame {
	c.t.Helper()
	msg := map[string]any{"type": "act", "id": id, "action": map[string]any{"type": typ, "data": data}}
	b, _ := json.Marshal(msg)
	c.clock.Advance(time.Microsecond)
	c.send(string(b))
	return c.until(func(f frame) bool { return (f.Type == "ok" || f.Type == "error") && f.ID == id })
}

// replayView rebuilds a match from the store and returns v's view as JSON:
// what the live server must have sent.
func (e *env) replayView(matchID string, v game.Viewer) string {
	e.t.Helper()
	ctx := context.Background()
	m, err := e.Store.Match(ctx, matchID)
	if err != nil {
		e.t.Fatal(err)
	}
	recs, err := e.Store.Actions(ctx, matchID)
	if err != nil {
		e.t.Fatal(err)
	}
	log := make([]game.Action, len(recs))
	for i, r := range recs {
		log[i] = r.Action
	}
	g, _ := everyGame.Lookup(m.Setup.Game)
	st, err := game.Replay(g.Rules, m.Setup, log)
	if err != nil {
		e.t.Fatal(err)
	}
	b, _ := json.Marshal(st.View(v))
	return string(b)
}

func compact(tb testing.TB, raw json.RawMessage) string {
	tb.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		tb.Fatal(err)
	}
	return buf.String()
}

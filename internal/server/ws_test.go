package server_test

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/game"
)

var fourPlayers = []string{"Julia", "Tom", "Jan", "Marie"}

// tableOpts fixes the start player so tests know who draws first.
var tableOpts = map[string]any{"mode": "table", "startPlayer": 0}

func TestRoomSocket_EachSeatSeesOnlyItsOwnView(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	clients := make([]*client, len(seats))
	for i, s := range seats {
		clients[i] = e.dial(c.Code, "view=json&token="+s.Token)
	}
	table := e.dial(c.Code, "view=json&table=1")
	check := func(step string) {
		t.Helper()
		for i, cl := range clients {
			if cl.last.You != game.Seat(i) {
				t.Fatalf("%s: seat %d's frame says you=%d", step, i, cl.last.You)
			}
			if got, want := compact(t, cl.last.View), e.replayView(matchID, game.SeatViewer(game.Seat(i))); got != want {
				t.Fatalf("%s: seat %d got view\n%s\nwant (replayed from the store)\n%s", step, i, got, want)
			}
		}
		if got, want := compact(t, table.last.View), e.replayView(matchID, game.TableViewer()); got != want {
			t.Fatalf("%s: table got view\n%s\nwant\n%s", step, got, want)
		}
		if len(table.last.Legal) != 0 {
			t.Fatalf("%s: the table screen was offered moves %v", step, table.last.Legal)
		}
	}
	check("after start")
	// The whole deal round: each seat takes its cards in turn.
	for i, cl := range clients {
		r := cl.act("deal-"+string(rune('a'+i)), "take_cards", nil)
		if r.Type != "ok" {
			t.Fatalf("seat %d take_cards: %s %s", i, r.Code, r.Message)
		}
		for j, other := range clients {
			if j != i {
				other.sees(r)
			}
		}
		table.sees(r)
		check("after seat " + string(rune('0'+i)) + " drew")
	}
	// Hands are secret: no two seats see the same view.
	for i := range clients {
		for j := i + 1; j < len(clients); j++ {
			if compact(t, clients[i].last.View) == compact(t, clients[j].last.View) {
				t.Fatalf("seats %d and %d see identical views", i, j)
			}
		}
	}
}

func TestRoomSocket_IllegalActionChangesNothing(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	tom := e.dial(c.Code, "view=json&token="+seats[1].Token)
	before := map[string]string{
		"julia": compact(t, julia.last.View), "tom": compact(t, tom.last.View),
	}

	tests := []struct {
		name, typ string
		data      any
		code      string
	}{
		{"out of turn", "take_cards", nil, "not_your_turn"},
		{"claim during the deal", "claim", map[string]any{"location": "FOU", "epoch": 0}, ""},
		{"unknown action", "teleport", nil, "unknown_action"},
		{"malformed data", "accuse", map[string]any{"winker": "nobody"}, "malformed"},
	}
	for i, tt := range tests {
		r := tom.act("bad-"+string(rune('a'+i)), tt.typ, tt.data)
		if r.Type != "error" {
			t.Fatalf("%s: reply %q, want an error", tt.name, r.Type)
		}
		if tt.code != "" && r.Code != tt.code {
			t.Errorf("%s: code %q, want %q (%s)", tt.name, r.Code, tt.code, r.Message)
		}
		if r.Message == "" || strings.Contains(r.Message, "{p") {
			t.Errorf("%s: error message %q is empty or names no one", tt.name, r.Message)
		}
	}
	recs, err := e.Store.Actions(context.Background(), matchID)
	if err != nil || len(recs) != 0 {
		t.Fatalf("store holds %d actions after refusals (err %v), want 0", len(recs), err)
	}
	// Tom's next frame is the one that shows the next legal action: the
	// refusals produced no frames and changed no view.
	r := julia.act("good", "take_cards", nil)
	if r.Type != "ok" {
		t.Fatalf("take_cards: %s", r.Message)
	}
	f := tom.until(func(f frame) bool { return f.Type == "view" })
	if f.Version < r.Version {
		t.Fatalf("tom's next frame has version %d, from before julia's draw (%d)", f.Version, r.Version)
	}
	if before["tom"] == compact(t, f.View) {
		t.Fatal("tom's view did not change after julia drew")
	}
}

func TestRoomSocket_BadInputKeepsConnection(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	player := e.dial(c.Code, "view=json&token="+seats[1].Token)
	watcher := e.dial(c.Code, "view=json")
	tests := []struct {
		name string
		cl   *client
		msg  string
		code string
	}{
		{"malformed JSON", player, `{"type":"act",`, "bad_request"},
		{"unknown message type", player, `{"type":"shout","id":"1"}`, "bad_request"},
		{"act without action", player, `{"type":"act","id":"2"}`, "bad_request"},
		{"oversized", player, `{"type":"act","id":"3","action":{"type":"pass","data":"` + strings.Repeat("x", 5000) + `"}}`, "too_large"},
		{"spectator acts", watcher, `{"type":"act","id":"4","action":{"type":"take_cards"}}`, "not_seated"},
	}
	for _, tt := range tests {
		tt.cl.send(tt.msg)
		r := tt.cl.until(func(f frame) bool { return f.Type == "error" })
		if r.Code != tt.code {
			t.Errorf("%s: code %q, want %q (%s)", tt.name, r.Code, tt.code, r.Message)
		}
		tt.cl.send(`{"type":"ping","id":"p"}`)
		if f := tt.cl.until(func(f frame) bool { return f.Type == "pong" || f.Type == "error" }); f.Type != "pong" {
			t.Fatalf("%s: connection unusable afterwards: %+v", tt.name, f)
		}
	}
}

func TestRoomSocket_RetriedActionAppliesOnce(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	for i := 0; i < 3; i++ {
		if r := julia.act("same-id", "take_cards", nil); r.Type != "ok" {
			t.Fatalf("try %d: %s %s", i, r.Code, r.Message)
		}
	}
	recs, _ := e.Store.Actions(context.Background(), matchID)
	if len(recs) != 1 {
		t.Fatalf("log has %d actions, want 1", len(recs))
	}
}

func TestRoomSocket_RestartResumesMatch(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	r := julia.act("a1", "take_cards", nil)
	if r.Type != "ok" {
		t.Fatal(r.Message)
	}
	// The view showing the action arrives before the ok.
	if julia.last.Version < r.Version {
		t.Fatalf("after ok from version %d, julia's newest view has version %d", r.Version, julia.last.Version)
	}
	seen := compact(t, julia.last.View)

	e2 := e.restart()
	julia = e2.dial(c.Code, "view=json&token="+seats[0].Token)
	if got := compact(t, julia.last.View); got != seen {
		t.Fatalf("after restart julia sees\n%s\nwant\n%s", got, seen)
	}
	tom := e2.dial(c.Code, "view=json&token="+seats[1].Token)
	if r := tom.act("a2", "take_cards", nil); r.Type != "ok" {
		t.Fatalf("tom after restart: %s %s", r.Code, r.Message)
	}
	recs, _ := e2.Store.Actions(context.Background(), matchID)
	if len(recs) != 2 {
		t.Fatalf("log has %d actions after restart, want 2", len(recs))
	}
}

func TestRoomSocket_TimerFiresAsLoggedAction(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "table", "startPlayer": 0, "dealAutoMs": 2000}, fourPlayers...)
	matchID := e.mustStartMatch(c)
	tom := e.dial(c.Code, "view=json&token="+seats[1].Token)
	before := compact(t, tom.last.View)
	e.Clock.Advance(2 * time.Second)
	tom.until(func(f frame) bool { return f.Type == "view" && compact(t, f.View) != before })
	recs, _ := e.Store.Actions(context.Background(), matchID)
	if len(recs) != 1 || recs[0].Action.Seat != game.System {
		t.Fatalf("log = %+v, want one referee action", recs)
	}
}

func TestRoomSocket_ForeignOriginRefused(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(tableOpts)
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + c.Code + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	if err == nil {
		t.Fatal("a cross-site websocket was accepted")
	}
	if resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("response %v, want 403", resp)
	}
}

func TestRoomSocket_UnknownRoom(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/AAAAAA/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, u, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("dial unknown room: err %v, resp %v; want 404", err, resp)
	}
}

// A client flooding its socket is slowed down, not disconnected: past the
// burst each message is answered rate_limited with its id and does
// nothing, and once the bucket refills it is served again.
func TestRoomSocket_RateLimited(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	flood := e.dial(c.Code, "view=json&token="+seats[1].Token)
	const sent = 100
	for i := range sent {
		flood.send(fmt.Sprintf(`{"type":"ping","id":"p%d"}`, i))
	}
	pongs, limited := 0, 0
	for i := range sent {
		f := flood.until(func(f frame) bool { return f.Type == "pong" || f.Type == "error" })
		if f.ID != fmt.Sprintf("p%d", i) {
			t.Fatalf("answer %d is to %q: want every ping answered, in order", i, f.ID)
		}
		switch {
		case f.Type == "pong":
			pongs++
		case f.Code == "rate_limited":
			limited++
		default:
			t.Fatalf("error %q, want rate_limited", f.Code)
		}
	}
	if pongs > 45 || limited == 0 {
		t.Fatalf("%d of %d flooded pings were served, want at most the burst of 40", pongs, sent)
	}
	// The bucket refills at 20 a second: soon a ping is served again.
	for deadline, i := time.Now().Add(5*time.Second), 0; ; i++ {
		id := fmt.Sprintf("again%d", i)
		flood.send(`{"type":"ping","id":"` + id + `"}`)
		if f := flood.until(func(f frame) bool { return f.ID == id }); f.Type == "pong" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("never served again")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Every message is answered, a burst too: pings sent faster than the
// connection writes get every pong (a reply that found the queue full was
// dropped), and acts past the rate limit each get rate_limited with their
// id (only the first was told, without an id).
func TestRoomSocket_EveryMessageAnswered(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// msg is the i-th message of the burst.
		msg func(i int) string
		// burst is the connection's rate limit's burst.
		burst int
		// want says what the i-th answer must be.
		want func(i int, f frame) bool
	}{
		{"PingsWithinTheLimit", func(i int) string { return fmt.Sprintf(`{"type":"ping","id":"m%d"}`, i) }, 40,
			func(_ int, f frame) bool { return f.Type == "pong" }},
		{"ActsPastTheLimit", func(i int) string {
			return fmt.Sprintf(`{"type":"act","id":"m%d","action":{"type":"no_such_move"}}`, i)
		}, 5, func(i int, f frame) bool { return f.Type == "error" && (i < 5) == (f.Code != "rate_limited") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := mustStart(t)
			// A queue of two: one frame and one reply at a time, so the
			// connection's writes fall behind its reads at once.
			e.Rooms.Buffer = 2
			e.Srv.RateBurst, e.Srv.RatePerSec = tc.burst, 0.001
			c, seats := e.mustRoom(tableOpts, fourPlayers...)
			e.mustStartMatch(c)
			cl := e.dial(c.Code, "view=json&token="+seats[1].Token)
			const sent = 40
			for i := range sent {
				cl.send(tc.msg(i))
			}
			// What is played is answered after what is refused at once:
			// answers are matched by id.
			answers := map[string]frame{}
			for len(answers) < sent {
				f := cl.until(func(f frame) bool { return f.Type != "view" })
				if _, twice := answers[f.ID]; twice {
					t.Fatalf("%q answered twice", f.ID)
				}
				answers[f.ID] = f
			}
			for i := range sent {
				if f, ok := answers[fmt.Sprintf("m%d", i)]; !ok || !tc.want(i, f) {
					t.Errorf("m%d answered %v: %s %q", i, ok, f.Type, f.Code)
				}
			}
		})
	}
}

// A timer armed before a restart fires after it: the deadline is part of
// the replayed state, not of the old process.
func TestRoomSocket_TimerSurvivesRestart(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "table", "startPlayer": 0, "dealAutoMs": 2000}, fourPlayers...)
	matchID := e.mustStartMatch(c)
	e.Clock.Advance(time.Second)
	e2 := e.restart()
	tom := e2.dial(c.Code, "view=json&token="+seats[1].Token)
	before := compact(t, tom.last.View)
	e2.Clock.Advance(1500 * time.Millisecond) // past the 2 s deal deadline in all
	tom.until(func(f frame) bool { return f.Type == "view" && compact(t, f.View) != before })
	recs, _ := e2.Store.Actions(context.Background(), matchID)
	if len(recs) != 1 || recs[0].Action.Seat != game.System || recs[0].Action.Type != "deal_timeout" {
		t.Fatalf("log after restart = %+v, want the referee's deal timeout", recs)
	}
}

// An idle socket costs the server one goroutine, its reader: the writer
// runs only while messages wait and pings wait on a timer, so thousands of
// quiet phones fit in one process.
func TestRoomSocket_IdleSocketHoldsOneGoroutine(t *testing.T) {
	e := mustStart(t)
	c, js := e.mustRoom(nil, "Ann", "Bob", "Cid", "Dee")
	e.mustStartMatch(c)
	settle := func() int {
		// Writers of the frames just sent end within moments.
		n := runtime.NumGoroutine()
		for range 50 {
			time.Sleep(20 * time.Millisecond)
			m := runtime.NumGoroutine()
			if m == n {
				return n
			}
			n = m
		}
		return n
	}
	before := settle()
	const sockets = 40
	// Ten phones a seat, past the doorman's cap: this counts goroutines.
	e.Srv.Doorman.SocketsPerHolder = sockets
	for i := range sockets {
		e.dial(c.Code, "view=json&token="+js[i%len(js)].Token)
	}
	held := settle() - before
	if held > sockets+5 {
		t.Fatalf("%d idle sockets hold %d goroutines, want about one each", sockets, held)
	}
}

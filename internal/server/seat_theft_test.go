package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/room"
	"topsecret/internal/server"
)

// The seat theft of security issue 25 (B1, B2), refused at each step. The
// attacker is Mallory: she has the room code and a seat. She fills the
// room's socket cap with anonymous sockets so that the host cannot come
// back, waits for the host role to pass to her, and moves Bob's seat to a
// browser of hers with the host's one-time link to read his cards.

// tryDial opens a websocket; refused, it returns nil and the status.
func (e *env) tryDial(tb testing.TB, code, query string) (*websocket.Conn, int) {
	tb.Helper()
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + code + "/ws?" + query
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if resp == nil {
			tb.Fatalf("dial %s: %v", u, err)
		}
		return nil, resp.StatusCode
	}
	tb.Cleanup(func() { c.CloseNow() })
	return c, http.StatusSwitchingProtocols
}

// seen returns the newest view if it satisfies ok, else reads on until a
// view does: the change may have come before the connection's first frame.
func (c *client) seen(ok func(frame) bool) frame {
	c.t.Helper()
	if c.last.Type == "view" && ok(c.last) {
		return c.last
	}
	return c.until(func(f frame) bool { return f.Type == "view" && ok(f) })
}

// bobAway says Bob's seat shows as away.
func bobAway(f frame) bool { return len(f.Seats) == 4 && f.Seats[1].Away }

// Step 1: Mallory opens anonymous sockets until the server refuses; the
// host and every player still connect, and her own seat opens only a few
// sockets of its own, never hundreds.
func TestSeatTheft_WatchersCannotLockOutSeatsOrHost(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0, "turnTimeoutMs": 0}, "Mallory", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	e.dial(c.Code, "view=json&token="+js[0].Token)
	e.dial(c.Code, "view=json&token="+js[1].Token)

	anonymous := 0
	for ; anonymous < 500; anonymous++ {
		if conn, st := e.tryDial(t, c.Code, "view=json"); conn == nil {
			if st != http.StatusTooManyRequests {
				t.Fatalf("anonymous socket %d refused with %d, want 429", anonymous+1, st)
			}
			break
		}
	}
	if anonymous == 500 {
		t.Fatal("500 anonymous sockets and no refusal")
	}
	mine := 1 // her phone's, above
	for ; mine < 100; mine++ {
		if conn, _ := e.tryDial(t, c.Code, "view=json&token="+js[0].Token); conn == nil {
			break
		}
	}
	if mine > 10 {
		t.Fatalf("Mallory's seat holds %d sockets, want a handful", mine)
	}
	t.Logf("anonymous sockets %d, Mallory's own %d", anonymous, mine)

	for _, tc := range []struct {
		who, query string
		seat       int
	}{
		{"the host", "view=json&host=" + c.HostToken, -1},
		{"Bob on a second phone", "view=json&token=" + js[1].Token, 1},
		{"Cy", "view=json&token=" + js[2].Token, 2},
		{"Dee", "view=json&token=" + js[3].Token, 3},
	} {
		conn, st := e.tryDial(t, c.Code, tc.query)
		if conn == nil {
			t.Fatalf("%s was refused (%d) while anonymous sockets fill the room", tc.who, st)
		}
		cl := &client{t: t, c: conn}
		f := cl.next()
		if tc.seat < 0 && !f.Host || tc.seat >= 0 && int(f.You) != tc.seat {
			t.Fatalf("%s connected as seat %d, host %v", tc.who, f.You, f.Host)
		}
	}
}

// Step 2: while the host is refused, whatever refuses it, the host role
// does not pass: every refused try starts the away clock again.
func TestSeatTheft_HostRoleStaysWhileTheHostIsKeptOut(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// keepOut makes the host's sockets be refused, if it can; letIn
		// undoes it.
		keepOut, letIn func(e *env, c created, mallory string)
	}{
		{"anonymous sockets fill the room", func(e *env, c created, _ string) {
			for i := 0; i < 500; i++ {
				if conn, _ := e.tryDial(e.t, c.Code, "view=json"); conn == nil {
					return
				}
			}
		}, func(*env, created, string) {}},
		{"the address spent its wrong room codes", func(e *env, c created, _ string) {
			// Mallory, behind the same café router as the host, guesses
			// room codes until the address is out of guesses.
			e.Srv.Doorman.Misses = server.Allowance{PerMinute: 0.001, Burst: 3}
			for i := range 3 {
				e.do("GET", "/api/rooms/ZZZZZ"+string(rune('2'+i)), "", nil, nil)
			}
		}, func(e *env, _ created, _ string) { e.Srv.Doorman.Misses = server.Allowance{} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := mustStart(t)
			c, js := e.mustRoom(map[string]any{"startPlayer": 0, "turnTimeoutMs": 0}, "Mallory", "Bob", "Cy", "Dee")
			e.mustStartMatch(c)
			e.dial(c.Code, "view=json&token="+js[0].Token)
			host := e.dial(c.Code, "view=json&host="+c.HostToken)
			host.c.CloseNow() // the host's phone locks
			tc.keepOut(e, c, js[0].Token)

			// The host's page tries again every few seconds; here once a
			// minute, for twice the time the role waits.
			try := func() *client {
				conn, st := e.tryDial(t, c.Code, "view=json&host="+c.HostToken)
				if conn == nil {
					t.Logf("the host is refused: %d", st)
					return nil
				}
				cl := &client{t: t, c: conn}
				cl.next() // its first frame: the room has the connection
				return cl
			}
			var back *client
			for range 2 * int(room.DefaultHostAwayAfter/time.Minute) {
				if back == nil {
					back = try()
				}
				e.Clock.Advance(time.Minute)
			}
			rm := liveRoom(t, e, c.Code)
			if !rm.IsHost(context.Background(), room.Identity{Host: true}) || rm.IsHost(context.Background(), room.Identity{SeatID: js[0].SeatID}) {
				t.Fatal("the role passed to Mallory while the host was kept out")
			}
			tc.letIn(e, c, js[0].Token)
			if back == nil {
				if back = try(); back == nil {
					t.Fatal("the host is still refused")
				}
			}
			if f := back.last; !f.Host || f.HostBack || f.HostSeat != "" {
				t.Fatalf("the host's frame: host %v, host_back %v, host_seat %q", f.Host, f.HostBack, f.HostSeat)
			}
		})
	}
}

// Step 3: a host (here Mallory, made host) cannot move a connected seat
// without its phone's consent. "Move to another phone" asks Bob's phone and
// gives no link; nobody but Bob's phone may answer; Bob's Refuse leaves
// the seat where it is and keeps the host from asking again at once.
func TestSeatTheft_ConnectedSeatMovesOnlyWithItsConsent(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0, "turnTimeoutMs": 0}, "Mallory", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	bob := e.dial(c.Code, "view=json&token="+js[1].Token)
	mallory := e.dial(c.Code, "view=json&token="+js[0].Token)
	if st := e.do("POST", "/api/rooms/"+c.Code+"/host", c.HostToken, map[string]string{"seat_id": js[0].SeatID}, nil); st != http.StatusOK {
		t.Fatalf("make Mallory host: status %d", st)
	}
	mallory.until(func(f frame) bool { return f.Type == "view" && f.Host })
	base := "/api/rooms/" + c.Code + "/seats/" + js[1].SeatID + "/link"
	asMallory := "?token=" + js[0].Token

	var asked struct {
		Status, Name, Message, URL string
	}
	if st := e.newPhone().post(base+asMallory, "", nil, &asked); st != http.StatusAccepted || asked.URL != "" ||
		asked.Status != "asking" || !strings.Contains(asked.Message, "Bob") {
		t.Fatalf("link for Bob's connected seat: status %d %+v; want 202, Bob's phone asked, no link", st, asked)
	}
	bob.until(func(f frame) bool { return f.Type == "view" && f.Rejoin != nil && f.Rejoin.MoveAsked })
	for name, tc := range map[string]struct{ query, host string }{
		"Mallory":        {asMallory, ""},
		"the host token": {"", c.HostToken},
		"a stranger":     {"", ""},
		"Cy":             {"?token=" + js[2].Token, ""},
	} {
		if st := e.newPhone().post(base+"/allow"+tc.query, tc.host, nil, nil); st != http.StatusForbidden {
			t.Fatalf("%s allowed Bob's move: status %d, want 403", name, st)
		}
	}
	if st := e.newPhone().post(base+asMallory, "", nil, &asked); st != http.StatusAccepted || asked.URL != "" {
		t.Fatalf("asking again before Bob answered: status %d %+v, want 202 and no link", st, asked)
	}
	if st := e.newPhone().post(base+"/refuse?token="+js[1].Token, "", nil, nil); st != http.StatusOK {
		t.Fatalf("Bob refuses: status %d", st)
	}
	var out apiErr
	if st := e.newPhone().post(base+asMallory, "", nil, &out); st != http.StatusConflict || !strings.Contains(out.Message, "refused") {
		t.Fatalf("link after Bob refused: status %d %+v, want 409 saying he refused", st, out)
	}
	mallory.until(func(f frame) bool {
		return f.Type == "view" && f.Rejoin != nil && len(f.Rejoin.Moves) == 1 && f.Rejoin.Moves[0].State == room.MoveRefused
	})
	if s, ok := liveRoom(t, e, c.Code).SeatByToken(context.Background(), js[1].Token); !ok || s.ID != js[1].SeatID {
		t.Fatal("Bob's token no longer holds his seat")
	}
	f := bob.until(func(f frame) bool { return f.Type == "view" && (f.Rejoin == nil || !f.Rejoin.MoveAsked) })
	if f.You != 1 || f.View == nil {
		t.Fatalf("Bob's phone after refusing: seat %d, view %s", f.You, f.View)
	}

	// The refusal lasts a while; then the host may ask again, and Bob's
	// Allow gives one link only.
	e.Clock.Advance(room.ConsentLife)
	if st := e.newPhone().post(base+asMallory, "", nil, nil); st != http.StatusAccepted {
		t.Fatalf("asking again later: status %d, want 202", st)
	}
	if st := e.newPhone().post(base+"/allow?token="+js[1].Token, "", nil, nil); st != http.StatusOK {
		t.Fatalf("Bob allows: status %d", st)
	}
	var link struct{ URL string }
	if st := e.newPhone().post(base+asMallory, "", nil, &link); st != http.StatusCreated || link.URL == "" {
		t.Fatalf("link after Bob allowed: status %d %+v", st, link)
	}
	if st := e.newPhone().post(base+asMallory, "", nil, &asked); st != http.StatusAccepted || asked.URL != "" {
		t.Fatalf("a second link on one Allow: status %d %+v, want Bob's phone asked again", st, asked)
	}
}

// Step 4: a seat whose phone is away moves by the host's link alone, and
// every screen is told: each phone, the table screen, the host, in the
// lobby as during a match.
func TestSeatTheft_AwaySeatMoveIsAnnouncedToAll(t *testing.T) {
	t.Parallel()
	for _, playing := range []bool{false, true} {
		name := map[bool]string{false: "Lobby", true: "Match"}[playing]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := mustStart(t)
			c, js := e.mustRoom(map[string]any{"startPlayer": 0, "turnTimeoutMs": 0}, "Ann", "Bob", "Cy", "Dee")
			if playing {
				e.mustStartMatch(c)
			}
			e.dial(c.Code, "view=json&token="+js[1].Token).c.CloseNow() // Bob's phone locks
			screens := map[string]*client{
				"the host":     e.dial(c.Code, "view=json&host="+c.HostToken),
				"Ann":          e.dial(c.Code, "view=json&token="+js[0].Token),
				"Cy":           e.dial(c.Code, "view=json&token="+js[2].Token),
				"the table":    e.dial(c.Code, "view=json&table=1"),
				"a spectator":  e.dial(c.Code, "view=json"),
				"Dee's tablet": e.dial(c.Code, "token="+js[3].Token), // the page's HTML frames
			}
			screens["the host"].seen(bobAway)
			var link struct{ URL string }
			if st := e.newPhone().post("/api/rooms/"+c.Code+"/seats/"+js[1].SeatID+"/link", c.HostToken, nil, &link); st != http.StatusCreated {
				t.Fatalf("link for Bob's away seat: status %d", st)
			}
			secret := link.URL[strings.LastIndex(link.URL, "/")+1:]
			if st := e.newPhone().post("/api/rooms/"+c.Code+"/claim", "", map[string]string{"pass": secret}, nil); st != http.StatusOK {
				t.Fatalf("claim: status %d", st)
			}
			const said = "The host moved Bob’s seat to another phone."
			for who, cl := range screens {
				cl.until(func(f frame) bool {
					if f.Type != "view" {
						return false
					}
					if f.HTML != "" {
						return strings.Contains(f.HTML, said)
					}
					for _, a := range f.Announcements {
						if a.Text == said && a.ID == "game.rejoin.moved_by_host" {
							return true
						}
					}
					return false
				})
				t.Logf("%s was told", who)
			}
			e.Clock.Advance(room.AnnounceLife)
			screens["Ann"].until(func(f frame) bool { return f.Type == "view" && len(f.Announcements) == 0 })
		})
	}
}

// A link the host made while Bob's phone was away stops working once that
// phone is back: moving the seat then needs Bob's Allow. It stays ended
// when the phone goes away again.
func TestSeatTheft_AwayLinkEndsWhenThePhoneComesBack(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0, "turnTimeoutMs": 0}, "Mallory", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	e.dial(c.Code, "view=json&token="+js[1].Token).c.CloseNow()
	host := e.dial(c.Code, "view=json&host="+c.HostToken)
	host.seen(bobAway)
	var link struct{ URL string }
	if st := e.newPhone().post("/api/rooms/"+c.Code+"/seats/"+js[1].SeatID+"/link", c.HostToken, nil, &link); st != http.StatusCreated {
		t.Fatalf("link for Bob's away seat: status %d", st)
	}
	path := strings.TrimPrefix(link.URL, e.Server.URL)
	bob := e.dial(c.Code, "view=json&token="+js[1].Token) // Bob unlocks his phone
	mallory := e.newPhone()
	if st, b := mallory.call("GET", path, "", nil); st != http.StatusGone || !strings.Contains(string(b), "Bob’s phone is back") {
		t.Fatalf("the link's page once Bob is back: status %d\n%s", st, b)
	}
	if st, b := mallory.call("POST", path, "", nil); st != http.StatusGone || mallory.token(c.Code) != "" {
		t.Fatalf("taking the seat once Bob is back: status %d, cookie %q\n%s", st, mallory.token(c.Code), b)
	}
	bob.c.CloseNow() // and away again
	host.until(func(f frame) bool { return f.Type == "view" && bobAway(f) })
	var out apiErr
	secret := path[strings.LastIndex(path, "/")+1:]
	if st := mallory.post("/api/rooms/"+c.Code+"/claim", "", map[string]string{"pass": secret}, &out); st != http.StatusConflict ||
		!strings.Contains(out.Message, "Bob’s phone is back") {
		t.Fatalf("the link once Bob's phone went away again: status %d %+v", st, out)
	}
	if _, ok := liveRoom(t, e, c.Code).SeatByToken(context.Background(), js[1].Token); !ok {
		t.Fatal("Bob's token lost his seat")
	}
}

// The host sees who watches without a seat, grouped by network, and
// removes a group: its sockets close and stay out for a while, while the
// seats and the host on the same network play on. Nobody else sees the
// list or may remove anyone.
func TestWatchers_HostSeesAndRemovesThem(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0, "turnTimeoutMs": 0}, "Mallory", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	host := e.dial(c.Code, "view=json&host="+c.HostToken)
	mallory := e.dial(c.Code, "view=json&token="+js[0].Token)
	var watchers []*client
	for _, q := range []string{"view=json", "view=json", "view=json&table=1"} {
		watchers = append(watchers, e.dial(c.Code, q))
	}
	f := host.seen(func(f frame) bool { return f.Watchers != nil && f.Watchers.Count == 3 })
	if len(f.Watchers.Groups) != 1 {
		t.Fatalf("watchers from one address in %d groups, want one: %+v", len(f.Watchers.Groups), f.Watchers)
	}
	g := f.Watchers.Groups[0]
	if g.Screens != 3 || g.Tables != 1 || !g.Host || g.Since != epoch.UnixMilli() || len(g.Seats) != 1 || g.Seats[0] != "Mallory" {
		t.Fatalf("the group %+v, want 3 screens, 1 a table, since %d, on the host's and Mallory's network", g, epoch.UnixMilli())
	}
	if f := mallory.seen(func(frame) bool { return true }); f.Watchers != nil {
		t.Fatalf("a player sees the watchers: %+v", f.Watchers)
	}
	if f := watchers[2].seen(func(frame) bool { return true }); f.Watchers != nil {
		t.Fatalf("the table screen sees the watchers: %+v", f.Watchers)
	}

	remove := "/api/rooms/" + c.Code + "/watchers/" + g.ID + "/remove"
	for name, q := range map[string]string{"Mallory": "?token=" + js[0].Token, "a watcher": ""} {
		if st := e.newPhone().post(remove+q, "", nil, nil); st != http.StatusForbidden {
			t.Fatalf("%s removed watchers: status %d, want 403", name, st)
		}
	}
	if st := e.newPhone().post("/api/rooms/"+c.Code+"/watchers/nobody/remove", c.HostToken, nil, nil); st != http.StatusNotFound {
		t.Fatalf("removing an unknown group: status %d, want 404", st)
	}
	if st := e.newPhone().post(remove, c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("the host removes the watchers: status %d", st)
	}
	for _, w := range watchers {
		if bye := w.until(func(f frame) bool { return f.Type == "bye" }); bye.Code != "removed" || !strings.Contains(bye.Reason, "The host removed this screen") {
			t.Fatalf("a removed watcher was told %+v", bye)
		}
	}
	host.until(func(f frame) bool { return f.Type == "view" && f.Watchers == nil })

	if conn, st := e.tryDial(t, c.Code, "view=json"); conn != nil || st != http.StatusForbidden {
		t.Fatalf("a removed network's watcher again: status %d, want 403", st)
	}
	for _, page := range []string{"/r/" + c.Code, "/r/" + c.Code + "/table"} {
		st, b := e.newPhone().call("GET", page, "", nil)
		if st != http.StatusOK || !strings.Contains(string(b), `data-testid="watchers-barred"`) {
			t.Fatalf("%s for a removed network: status %d, no note saying so", page, st)
		}
		// Else a removed screen watches on by reloading the page.
		if strings.Contains(string(b), `data-testid="board"`) {
			t.Fatalf("%s for a removed network shows the match", page)
		}
	}
	// Seats and the host on that very network come and go as before.
	for who, q := range map[string]string{"Mallory": "view=json&token=" + js[0].Token, "Bob": "view=json&token=" + js[1].Token,
		"the host": "view=json&host=" + c.HostToken, "Cy's table screen": "view=json&table=1&token=" + js[2].Token} {
		if conn, st := e.tryDial(t, c.Code, q); conn == nil {
			t.Fatalf("%s refused (%d) after the watchers were removed", who, st)
		}
	}
	e.Clock.Advance(room.BarLife)
	if conn, st := e.tryDial(t, c.Code, "view=json"); conn == nil {
		t.Fatalf("a watcher %v after the host removed its network: refused (%d)", room.BarLife, st)
	}
}

package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// The table screen opened with the host's token is the host's console:
// a returning player's request and each seat's controls are drawn there.
// A table screen opened by anyone else draws none of them, and a player
// who has the room code and forges every host call the console makes, from
// the table page with their own seat's cookie or with none, is refused
// and changes nothing: the room decides each call on who makes it.
func TestServer_TableConsoleIsTheHostsOnly(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	console := e.dial(c.Code, "view=html&table=1&host="+c.HostToken)
	host := e.dial(c.Code, "view=json&host="+c.HostToken)
	old := e.dial(c.Code, "view=json&token="+js[1].Token)
	host.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Connected })
	old.c.Close(websocket.StatusNormalClosure, "")
	host.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Away })

	bob := e.phoneFrom("127.0.0.3")
	st, ask, bad := bob.askFor(c.Code, js[1].SeatID)
	if st != http.StatusCreated {
		t.Fatalf("Bob asks: %d %+v", st, bad)
	}
	html := console.until(func(f frame) bool { return strings.Contains(f.HTML, ask.AskID) }).HTML
	for _, want := range []string{`data-testid="host-console"`, `data-testid="ask-allow"`, ask.Signs[0].Emoji,
		`data-testid="console-replace-1"`, `data-testid="console-move-1"`, `data-testid="console-make-host-1"`, `data-testid="console-end"`} {
		if !strings.Contains(html, want) {
			t.Fatalf("the host's table screen lacks %s:\n%s", want, html)
		}
	}

	// Cy holds a seat and the room code, and opens the table screen.
	cy := e.newPhone()
	u, _ := url.Parse(e.Server.URL)
	cy.jar.SetCookies(u, []*http.Cookie{{Name: "ts_seat_" + c.Code, Value: js[2].Token, Path: "/"}})
	if st, _ := cy.call("GET", "/r/"+c.Code+"/table", "", nil); st != http.StatusOK {
		t.Fatalf("Cy opens the table screen: %d", st)
	}
	for name, query := range map[string]string{"Cy's table screen": "view=html&table=1&token=" + js[2].Token, "a table screen": "view=html&table=1"} {
		html := e.dial(c.Code, query).last.HTML
		for _, bad := range []string{"host-console", "ask-allow", ask.AskID, "console-replace", "data-move-link", "/end"} {
			if strings.Contains(html, bad) {
				t.Fatalf("%s shows %q:\n%s", name, bad, html)
			}
		}
	}
	calls := []struct {
		name, path string
		body       any
	}{
		{"allow", "/asks/" + ask.AskID + "/allow", nil},
		{"refuse", "/asks/" + ask.AskID + "/refuse", nil},
		{"replace", "/seats/" + js[1].SeatID + "/bot", nil},
		{"move", "/seats/" + js[1].SeatID + "/link", nil},
		{"make host", "/host", map[string]string{"seat_id": js[2].SeatID}},
		{"end", "/end", nil},
	}
	stranger := e.newPhone()
	for _, who := range []struct {
		name string
		p    *phone
	}{{"Cy", cy}, {"a stranger", stranger}} {
		for _, call := range calls {
			if st, b := who.p.call("POST", "/api/rooms/"+c.Code+call.path, "", call.body); st != http.StatusForbidden {
				t.Fatalf("%s forges %s: %d %s, want 403", who.name, call.name, st, b)
			}
		}
	}
	f := e.dial(c.Code, "view=json&host="+c.HostToken).last
	if f.Status != "playing" || f.Host != true || f.HostSeat != "" || f.Seats[1].Standin || f.Rejoin == nil || len(f.Rejoin.Asks) != 1 {
		t.Fatalf("forged calls changed the room: status %s, host seat %q, Bob stand-in %v, rejoin %+v", f.Status, f.HostSeat, f.Seats[1].Standin, f.Rejoin)
	}
	// The host answers from the console: the same calls, the host's token.
	if st, b := bob.call("POST", "/api/rooms/"+c.Code+"/asks/"+ask.AskID+"/allow", c.HostToken, nil); st != http.StatusOK {
		t.Fatalf("the host allows: %d %s", st, b)
	}
}

// The page of a host without a seat says what the host can do: not "you
// are watching", nor "Lost your seat?" with "I was Bob: rejoin" for other
// people's seats, which stay a visitor's.
func TestServer_HostPageIsNoVisitors(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	host, visitor := e.newPhone(), e.newPhone()
	page := func(p *phone, token string) string {
		st, b := p.call("GET", "/r/"+c.Code, token, nil)
		if st != http.StatusOK {
			t.Fatalf("the room page: %d", st)
		}
		return string(b)
	}
	if got := page(host, c.HostToken); strings.Contains(got, `data-testid="rejoin-panel"`) {
		t.Fatal("the host's lobby asks “Lost your seat?”")
	}
	e.mustStartMatch(c)
	watch := e.dial(c.Code, "view=json&host="+c.HostToken)
	bob := e.dial(c.Code, "view=json&token="+js[1].Token)
	watch.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Connected })
	bob.c.Close(websocket.StatusNormalClosure, "")
	watch.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Away })
	got := page(host, c.HostToken)
	for _, bad := range []string{`data-testid="spectator"`, `data-testid="rejoin-panel"`, `data-testid="ask-seat-1"`} {
		if strings.Contains(got, bad) {
			t.Fatalf("the host's page mid-match has %s", bad)
		}
	}
	if !strings.Contains(got, "status-playing closed") {
		t.Fatal("the host's page mid-match offers to join")
	}
	if !strings.Contains(got, `data-testid="host-here"`) || !strings.Contains(got, `data-testid="replace-1"`) {
		t.Fatal("the host's page mid-match does not say what the host can do")
	}
	got = page(visitor, "")
	for _, want := range []string{`data-testid="spectator"`, `data-testid="ask-seat-1"`} {
		if !strings.Contains(got, want) {
			t.Fatalf("a visitor's page mid-match lacks %s", want)
		}
	}
}

// The host hands the console to a TV that did not create the room: the
// home page's "Show a room on this screen" opens its table screen, the
// host's phone makes a one-time code (the link carries the code, never the
// host's token), and the TV that types it gets host controls through an
// HttpOnly cookie of its own. A player cannot make a code, a code works
// once, and guessing is cut short.
func TestServer_ConsoleHandedToATV(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	tv := e.newPhone()
	st, _ := tv.call("GET", "/join?to=table&code="+strings.ToLower(c.Code), "", nil)
	if st != http.StatusSeeOther {
		t.Fatalf("show a room on this screen: %d", st)
	}
	table := func(p *phone) string {
		st, b := p.call("GET", "/r/"+c.Code+"/table", "", nil)
		if st != http.StatusOK {
			t.Fatalf("the table screen: %d", st)
		}
		return string(b)
	}
	if got := table(tv); strings.Contains(got, `data-testid="start"`) || !strings.Contains(got, `data-testid="console-take"`) {
		t.Fatal("the TV's table screen has host controls, or no way to take them")
	}
	if st, b := e.newPhone().call("POST", "/api/rooms/"+c.Code+"/console?token="+js[1].Token, "", nil); st != http.StatusForbidden {
		t.Fatalf("a player makes a console code: %d %s", st, b)
	}
	var code consoleReply
	if st := e.do("POST", "/api/rooms/"+c.Code+"/console", c.HostToken, nil, &code); st != http.StatusCreated {
		t.Fatalf("the host makes a console code: %d", st)
	}
	if len(code.Code) != 8 || !strings.Contains(code.URL, "/r/"+c.Code+"/table?console="+code.Code) || strings.Contains(code.URL+code.HTML, c.HostToken) {
		t.Fatalf("the console code %+v", code)
	}
	st, b := tv.call("POST", "/api/rooms/"+c.Code+"/console/take", "", map[string]string{"code": "ACDEFGHJ"})
	if st != http.StatusConflict || !strings.Contains(string(b), "does not open the host controls") {
		t.Fatalf("a wrong code: %d %s", st, b)
	}
	req, _ := http.NewRequest("POST", e.Server.URL+"/api/rooms/"+c.Code+"/console/take", strings.NewReader(`{"code":"`+code.Code[:4]+" "+code.Code[4:]+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", e.Server.URL)
	resp, err := tv.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var cookie *http.Cookie
	for _, k := range resp.Cookies() {
		if k.Name == "ts_host_"+c.Code {
			cookie = k
		}
	}
	if resp.StatusCode != http.StatusOK || cookie == nil || !cookie.HttpOnly || cookie.Value == c.HostToken {
		t.Fatalf("the TV takes the console: %d, cookie %+v", resp.StatusCode, cookie)
	}
	if got := table(tv); !strings.Contains(got, `data-testid="start"`) {
		t.Fatal("the TV's table screen has no host controls after taking the console")
	}
	if st, b := e.newPhone().call("POST", "/api/rooms/"+c.Code+"/console/take", "", map[string]string{"code": code.Code}); st == http.StatusOK {
		t.Fatalf("a used code works again: %s", b)
	}
	guesser := e.phoneFrom("127.0.0.4")
	for i := range 10 {
		st, _ := guesser.call("POST", "/api/rooms/"+c.Code+"/console/take", "", map[string]string{"code": "ACDEFGH" + string("ACDEFGHJKM"[i])})
		if st == http.StatusTooManyRequests {
			return
		}
	}
	t.Fatal("ten wrong codes in a row from one address are all tried")
}

type consoleReply struct {
	Code string `json:"code"`
	URL  string `json:"url"`
	HTML string `json:"html"`
}

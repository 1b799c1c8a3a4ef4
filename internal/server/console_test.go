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

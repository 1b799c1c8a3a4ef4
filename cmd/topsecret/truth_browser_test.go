package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// box is where an element sits on the screen, in CSS pixels.
type box struct {
	Found                    bool
	Top, Bottom, Left, Right float64
	// Cut says the element's text is wider than the element shows.
	Cut bool
}

// box measures the first element matching sel.
func (p *phone) box(sel string) box {
	return get(p, chromedp.Evaluate[box](fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return {found: false};
		const r = e.getBoundingClientRect();
		return {found: true, top: r.top, bottom: r.bottom, left: r.left, right: r.right, cut: e.scrollWidth > e.clientWidth + 1};
	})()`, sel)))
}

// onScreen fails unless sel is wholly inside the viewport, unscrolled.
func (p *phone) onScreen(tb testing.TB, what, sel string) {
	tb.Helper()
	b := p.box(sel)
	w, h := get(p, chromedp.Evaluate[float64](`innerWidth`)), get(p, chromedp.Evaluate[float64](`innerHeight`))
	if !b.Found || b.Top < 0 || b.Left < 0 || b.Bottom > h+0.5 || b.Right > w+0.5 {
		tb.Fatalf("%s: %s (%s) is at %+v, outside the %vx%v screen", p.name, what, sel, b, w, h)
	}
}

// where is the page's address, or "" while the page is changing: for
// pages that navigate by themselves.
func (p *phone) where() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		return ""
	}
	return loc
}

// wide turns the phone into a 1280x720 screen (a laptop or a TV).
func (p *phone) wide() { p.run(chromedp.EmulateViewport(1280, 720)) }

// narrow turns it back into a 390x844 phone.
func (p *phone) narrow() { p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))) }

// newRoom creates a room of game with options over the API and returns its
// code and host token.
func newRoom(tb testing.TB, m *Main, game string, options map[string]any) (code, host string) {
	tb.Helper()
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if st := apiPost(tb, m, "/api/rooms", "", map[string]any{"game": game, "options": options}, &c); st != http.StatusCreated {
		tb.Fatalf("create %s room: %d", game, st)
	}
	return c.Code, c.HostToken
}

// addBots seats n bots in room code.
func addBots(tb testing.TB, m *Main, code, host string, n int) {
	tb.Helper()
	for range n {
		if st := apiPost(tb, m, "/api/rooms/"+code+"/seats", host, map[string]any{"bot": true}, nil); st != http.StatusCreated {
			tb.Fatalf("add bot: %d", st)
		}
	}
}

// The seat list says what is true: the host wears a crown and the word, a
// seat no phone has opened is "not here yet", only a phone that left is
// "reconnecting…", a name built of joined emoji is welcome, and someone
// without a seat reads why: the room is full (and the name form comes back
// the moment a seat frees), or a match is running.
func TestBrowser_SeatsSayWhatIsTrue(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	host := newPhone(t, browser, "Ann")
	url := host.createRoom(m, "wink")
	code := url[strings.LastIndex(url, "/")+1:]
	host.join(url, "Ann")
	eventually(t, "Ann's seat wears the host's crown", func() bool { return host.visible("seat-host-0") })
	if got := host.text("seat-host-0"); got != "Host" {
		t.Fatalf("the host tag reads %q", got)
	}

	// A seat taken over the API has never had a phone: not here yet.
	if st := apiPost(t, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": "Zed"}, nil); st != http.StatusCreated {
		t.Fatalf("seat Zed: %d", st)
	}
	eventually(t, "Zed is not here yet", func() bool { return host.visible("seat-not-here-1") })
	if host.present("seat-reconnecting-1") {
		t.Fatal("a seat no phone ever opened says reconnecting")
	}

	// Joined emoji count as one character each.
	ben := newPhone(t, browser, "Ben")
	ben.run(
		chromedp.Navigate(url),
		chromedp.WaitVisible(tid("join-form")),
		chromedp.SetValue("#join-name", "🕵️‍♀️ Ben 👩‍🚀"),
		chromedp.Click(tid("join-submit")),
		chromedp.WaitNotPresent(tid("join-form")),
	)
	eventually(t, "Ann sees the emoji name", func() bool { return strings.Contains(host.text("seat-2"), "🕵️‍♀️ Ben 👩‍🚀") })
	host.shot("lobby-390")
	host.wide()
	host.shot("lobby-1280")
	host.narrow()

	// Ben's phone goes away: now, and only now, reconnecting.
	if host.present("seat-reconnecting-2") {
		t.Fatal("Ben is reconnecting while connected")
	}
	ben.run(chromedp.Navigate("about:blank"))
	eventually(t, "Ann sees Ben reconnecting", func() bool { return host.visible("seat-reconnecting-2") })

	// A full room: a newcomer watches and reads why.
	for host.text("seat-count") != "8 / 8" {
		// Read before the tap: its frame may come back before a read after it.
		n := host.text("seat-count")
		if !host.tap("add-bot") {
			t.Fatal("no add-bot button before the room is full")
		}
		eventually(t, "a bot sits down", func() bool { return host.text("seat-count") != n })
	}
	cy := newPhone(t, browser, "Cy")
	cy.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("spectator")))
	if got := cy.text("spectator"); !strings.Contains(got, "This room is full") || strings.Contains(got, "Seats open again") {
		t.Fatalf("a full lobby tells a newcomer %q", got)
	}
	if cy.visible("join-form") {
		t.Fatal("a full room offers the name form")
	}
	cy.shot("full-390")
	cy.wide()
	cy.shot("full-1280")
	cy.narrow()

	// A seat frees: the form is back, without a reload.
	if !host.tap("kick-7") {
		t.Fatal("no kick button for the last bot")
	}
	eventually(t, "Cy may join again", func() bool { return cy.visible("join-form") && !cy.present("spectator") })

	// A match runs: seats open again in the lobby, and says so.
	if !host.tap("add-bot") {
		t.Fatal("no add-bot button")
	}
	eventually(t, "the room is full again", func() bool { return host.text("seat-count") == "8 / 8" })
	eventually(t, "start is enabled", func() bool { return host.visible("start") })
	host.tap("start")
	eventually(t, "Cy reads that a match is running", func() bool {
		return strings.Contains(cy.text("spectator"), "Seats open again in the lobby")
	})
	if cy.visible("join-form") {
		t.Fatal("the name form shows during a match")
	}
	cy.shot("match-390")

	// In the match's strip, too, Zed is not here yet and Ben reconnecting.
	host.run(chromedp.WaitVisible(tid("wink-seat")))
	if !host.present("seat-not-here-1") || host.present("seat-reconnecting-1") || !host.present("seat-reconnecting-2") {
		t.Fatal("the in-match strip does not tell Zed (never here) from Ben (gone)")
	}
}

// Every 404 is a page saying what is missing, with the room-code box that
// keeps the code from the address, at a phone's and a laptop's size.
func TestBrowser_NotFoundSaysWhatIsMissing(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	p := newPhone(t, browser, "visitor")
	tests := []struct {
		label, path, title, code string
	}{
		{"room", "/r/acd3fg", "No such room", "ACD3FG"},
		{"match", "/m/00000000-0000-0000-0000-000000000000", "No such match", ""},
		{"history", "/r/ACD3FG/history", "No such room", "ACD3FG"},
	}
	for _, tt := range tests {
		p.run(chromedp.Navigate(m.URL()+tt.path), chromedp.WaitVisible(tid("error")))
		if got := get(p, chromedp.Evaluate[string](`document.querySelector('[data-testid="error"] h1').textContent`)); got != tt.title {
			t.Fatalf("%s: heading %q, want %q", tt.path, got, tt.title)
		}
		if got := get(p, chromedp.Evaluate[string](`document.querySelector('#join-code-input').value`)); got != tt.code {
			t.Fatalf("%s: the box holds %q, want %q", tt.path, got, tt.code)
		}
		p.onScreen(t, "the room-code box", `[data-testid="join-code"]`)
		p.shot(tt.label + "-390")
		p.wide()
		p.onScreen(t, "the room-code box", `[data-testid="join-code"]`)
		p.shot(tt.label + "-1280")
		p.narrow()
	}
	// The box takes the corrected code on: here, to another missing room.
	p.run(chromedp.Navigate(m.URL()+"/r/acd3fg"), chromedp.WaitVisible(tid("join-code")),
		chromedp.SetValue("#join-code-input", "acd 4fg"), chromedp.Submit("#join-code-input"))
	eventually(t, "the corrected code is tried", func() bool { return strings.HasSuffix(get(p, chromedp.Location()), "/r/ACD4FG") })
}

// inkognito's header names the phone's role in full on a 390 px phone, as
// an agent and as the Ambassador, with "Your move" showing beside it.
func TestBrowser_InkognitoRoleLineFits(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	tests := []struct {
		label   string
		players int
		options map[string]any
		role    string
	}{
		{"agent", 4, map[string]any{"startSeat": 0}, "agent"},
		{"ambassador", 5, map[string]any{"ambassador": 0}, "ambassador"},
	}
	for _, tt := range tests {
		code, host := newRoom(t, m, "inkognito", tt.options)
		p := newPhone(t, browser, "Marguerite-"+tt.label)
		p.join(m.URL()+"/r/"+code, "Marguerite-Anne")
		addBots(t, m, code, host, tt.players-1)
		if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
			t.Fatalf("start: %d", st)
		}
		p.run(chromedp.WaitVisible(tid("inkognito-seat")))
		if got := get(p, chromedp.Evaluate[string](`document.querySelector('[data-testid="inkognito-seat"]').dataset.role`)); got != tt.role {
			t.Fatalf("%s: the phone plays %q", tt.label, got)
		}
		if b := p.box(".ik-id-sub"); !b.Found || b.Cut {
			t.Fatalf("%s: the role line is cut: %+v (%q)", tt.label, b, get(p, chromedp.Evaluate[string](`document.querySelector('.ik-id-sub').textContent`)))
		}
		p.onScreen(t, "the role line", ".ik-id-sub")
		p.onScreen(t, "the round", `[data-testid="inkognito-round"]`)
		p.shot(tt.label + "-390")
		p.wide()
		p.shot(tt.label + "-1280")
		p.narrow()
	}
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"topsecret/internal/games"
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

// finishedMatch plays a whole match of game between n bots over the API
// and returns its room's code and host token and the match id.
func finishedMatch(tb testing.TB, m *Main, game string, n int, options map[string]any) (code, host, id string) {
	tb.Helper()
	code, host = newRoom(tb, m, game, options)
	addBots(tb, m, code, host, n)
	var started struct {
		MatchID string `json:"match_id"`
	}
	if st := apiPost(tb, m, "/api/rooms/"+code+"/start", host, nil, &started); st != http.StatusOK {
		tb.Fatalf("start %s: %d", game, st)
	}
	return code, host, started.MatchID
}

// waitFinished waits until match id of room code has ended.
func waitFinished(tb testing.TB, m *Main, code, id string) {
	tb.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var r struct {
			Match struct{ ID, Status string } `json:"match"`
		}
		resp, err := http.Get(m.URL() + "/api/rooms/" + code)
		if err != nil {
			tb.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil {
			tb.Fatal(err)
		}
		if r.Match.ID == id && r.Match.Status == "finished" {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("match %s in %s did not finish", id, code)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A table screen at 1280x720 shows every game's whole lobby without
// scrolling, full rooms included, and after a match the result once: the
// board's own, beside a slim card with the way on, all on the screen.
func TestBrowser_TableScreenFits(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	tv := newPhone(t, browser, "tv")
	tv.wide()
	type played struct{ slug, code, id string }
	var matches []played
	for _, g := range games.All() {
		if !g.Available() {
			continue
		}
		code, _, id := finishedMatch(t, m, g.Info.Slug, g.Info.MinPlayers, nil)
		matches = append(matches, played{g.Info.Slug, code, id})

		lobby, host := newRoom(t, m, g.Info.Slug, nil)
		addBots(t, m, lobby, host, g.Info.MaxPlayers-1)
		if st := apiPost(t, m, "/api/rooms/"+lobby+"/seats", "", map[string]any{"name": "Zed"}, nil); st != http.StatusCreated {
			t.Fatalf("seat Zed: %d", st)
		}
		tv.run(chromedp.Navigate(m.URL()+"/r/"+lobby+"/table"), chromedp.WaitVisible(tid("lobby-seats")))
		tv.onScreen(t, g.Info.Slug+" lobby's QR code", `[data-testid="qr"]`)
		tv.onScreen(t, g.Info.Slug+" lobby's agents", `.lobby-seats > .panel:first-child`)
		tv.onScreen(t, g.Info.Slug+" lobby's settings", `[data-testid="options"]`)
		tv.shot(g.Info.Slug + "-lobby-1280")
	}
	for _, p := range matches {
		waitFinished(t, m, p.code, p.id)
		tv.run(chromedp.Navigate(m.URL()+"/r/"+p.code+"/table"), chromedp.WaitVisible(tid("result")))
		if n := get(tv, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="result"]').length`)); n != 1 {
			t.Fatalf("%s: %d result banners", p.slug, n)
		}
		if tv.present("winners") || tv.present("result-summary") {
			t.Fatalf("%s: the table screen says the result beside the board's own", p.slug)
		}
		tv.onScreen(t, p.slug+" result card", `[data-testid="result"]`)
		time.Sleep(600 * time.Millisecond) // the card's drop-in
		tv.shot(p.slug + "-finished-1280")
	}
}

// The replay's controls are one row docked at the bottom, on a laptop and
// on a phone (where "More" opens the rest above it), and its step bar
// names the game's own units.
func TestBrowser_ReplayBarIsCompact(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, _, id := finishedMatch(t, m, "wink", 4, map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4})
	code2, _, id2 := finishedMatch(t, m, "inkognito", 4, nil)
	waitFinished(t, m, code, id)
	waitFinished(t, m, code2, id2)

	p := newPhone(t, browser, "viewer")
	for _, size := range []string{"1280", "390"} {
		if size == "1280" {
			p.wide()
		} else {
			p.narrow()
		}
		for slug, match := range map[string]string{"wink": id, "inkognito": id2} {
			p.run(chromedp.Navigate(m.URL()+"/m/"+match+"#12"), chromedp.WaitVisible(tid("replay-frame")))
			eventually(t, "step 12", func() bool { return strings.HasPrefix(p.frame(), "12|") })
			bar := p.box(`[data-testid="replay-controls"]`)
			if h := bar.Bottom - bar.Top; h > 64 {
				t.Fatalf("%s: the control bar is %vpx tall", size, h)
			}
			p.onScreen(t, "the control bar", `[data-testid="replay-controls"]`)
			for _, id := range []string{"replay-back", "replay-play", "replay-forward", "replay-slider"} {
				b := p.box(string(tid(id)))
				if b.Top < bar.Top || b.Bottom > bar.Bottom {
					t.Fatalf("%s: %s sits outside the one row: %+v in %+v", size, id, b, bar)
				}
			}
			if got := p.text("step-progress"); got == "" || strings.Contains(got, "Turn") {
				t.Fatalf("%s: the step bar reads %q", size, got)
			}
			p.shot(slug + "-" + size)
		}
	}
	// The phone folds the rest under "More", which opens above the row.
	if p.visible("replay-start") || p.visible("replay-jump") {
		t.Fatal("the phone's bar shows the folded controls")
	}
	p.tap("replay-more")
	eventually(t, "More opens", func() bool { return p.visible("replay-start") && p.visible("replay-jump") })
	if extra, bar := p.box(`[data-testid="replay-extra"]`), p.box(`[data-testid="replay-controls"]`); extra.Bottom > bar.Top+1 {
		t.Fatalf("More opens over the row: %+v, bar %+v", extra, bar)
	}
	p.shot("390-more")
}

// "Show to the room": the table screen opens the host's replay by itself,
// follows the host's steps with the host's eyes, and goes back to the room
// when the host stops.
func TestBrowser_TableScreenFollowsSharedReplay(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host, id := finishedMatch(t, m, "wink", 4, map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4})
	waitFinished(t, m, code, id)

	tv := newPhone(t, browser, "tv")
	tv.wide()
	tv.run(chromedp.Navigate(m.URL()+"/r/"+code+"/table"), chromedp.WaitVisible(tid("result")))

	hp := newPhone(t, browser, "host")
	// The host's phone holds the room's host token, as the one that made
	// the room does.
	hp.run(chromedp.Navigate(m.URL() + "/"))
	get(hp, chromedp.Evaluate[bool](fmt.Sprintf(`localStorage.setItem("ts_host_%s", %q) || true`, code, host)))
	hp.run(chromedp.Navigate(m.URL()+"/m/"+id+"?host="+host+"#5"), chromedp.WaitReady(tid("replay-watch")))
	eventually(t, "the host is at step 5", func() bool { return strings.HasPrefix(hp.frame(), "5|") })
	hp.tap("replay-more")
	hp.tap("replay-watch")

	eventually(t, "the table screen opens the replay", func() bool {
		loc := tv.where()
		return strings.Contains(loc, "/m/"+id) && strings.Contains(loc, "screen=table")
	})
	tv.run(chromedp.WaitVisible(tid("replay-frame")))
	eventually(t, "the table shows the host's step with the host's eyes", func() bool { return tv.frame() == hp.frame() })
	if tv.visible("replay-controls") || tv.visible("replay-perspective") {
		t.Fatal("the table screen shows controls nobody works")
	}
	for step := 6; step <= 8; step++ {
		hp.tap("replay-forward")
		eventually(t, fmt.Sprint("the host is at step ", step), func() bool { return strings.HasPrefix(hp.frame(), fmt.Sprint(step, "|")) })
	}
	eventually(t, "the table follows to step 8", func() bool { return tv.frame() == hp.frame() })
	tv.shot("following-1280")

	hp.tap("replay-watch") // stop showing
	eventually(t, "the table screen is back in the room", func() bool {
		return strings.HasSuffix(tv.where(), "/r/"+code+"/table")
	})
	tv.run(chromedp.WaitVisible(tid("result")))
	tv.shot("back-1280")
}

package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// tv turns a phone into a laptop on the TV: 1280x720.
func (p *phone) tv() *phone {
	p.run(chromedp.EmulateViewport(1280, 720))
	return p
}

// shotBoth saves the screen at 1280x720 and at a phone's 390x844, then
// returns to the size it had.
func (p *phone) shotBoth(label string, wide bool) {
	p.tb.Helper()
	p.run(chromedp.EmulateViewport(1280, 720))
	p.shot(label + "-1280")
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	p.shot(label + "-390")
	if wide {
		p.run(chromedp.EmulateViewport(1280, 720))
	}
}

// Done-criterion of the host's console: the host runs the night from the
// table screen alone. A returning player's request shows there (with the
// two pictures his phone shows) and is allowed; an away seat is replaced
// by a bot; the match is ended; all without opening the host's page
// /r/CODE. The players' phones and their table screens get no controls.
func TestBrowser_HostRunsTheNightFromTheTable(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	tv := newPhone(t, browser, "TV").tv()
	url := tv.createRoom(m, "vault")
	ann := newPhone(t, browser, "Ann")
	ben := newPhone(t, browser, "Ben")
	cy := newPhone(t, browser, "Cy")
	for _, p := range []*phone{ann, ben, cy} {
		p.join(url, p.name)
	}
	table := url + "/table"
	tv.run(chromedp.Navigate(table), chromedp.WaitVisible(tid("lobby-seats")))
	eventually(t, "the table can start", func() bool { return tv.visible("start") })
	tv.tap("start")
	for _, p := range []*phone{ann, ben, cy} {
		p.run(chromedp.WaitVisible(tid("vault-hand")))
	}
	tv.run(chromedp.WaitVisible(tid("console-open")))
	if ann.present("host-console") || ann.present("console-open") {
		t.Fatal("a player's phone has the host's console")
	}
	// A player's own table screen (say, a tablet on the table) shows the
	// board and no controls.
	pad := newPhone(t, browser, "Pad").tv()
	pad.run(chromedp.Navigate(table), chromedp.WaitVisible(tid("board")))
	if pad.present("host-console") || pad.present("console-open") {
		t.Fatal("a table screen without the host's token has the console")
	}
	tv.shotBoth("console-closed", true)

	// Ben's phone dies; from a new one he asks for his seat. The table
	// beeps when the request comes (counted here instead of heard).
	tv.run(chromedp.Evaluate[chromedp.Void](`window.beeps = 0; window.topsecret.beep = n => { window.beeps += n; }`))
	ben.run(chromedp.Navigate("about:blank"))
	again := newPhone(t, browser, "Ben-new")
	again.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("rejoin-panel")))
	eventually(t, "the new phone offers Ben's seat", func() bool { return again.visible("ask-seat-1") })
	again.tap("ask-seat-1")
	again.run(chromedp.WaitVisible(tid("ask-wait")))
	pictures := again.text("ask-pictures")
	eventually(t, "the request shows on the table screen", func() bool { return tv.visible("ask-allow") })
	if shown := tv.text("ask-pictures"); shown != pictures {
		t.Fatalf("the table shows %q, the asking phone %q", shown, pictures)
	}
	if !tv.inView(`[data-testid="ask-allow"]`) {
		t.Fatal("Allow is off the table screen")
	}
	if pad.present("ask-allow") || ann.present("ask-allow") {
		t.Fatal("someone besides the host is shown the request")
	}
	if n := get(tv, chromedp.Evaluate[int](`window.beeps`)); n < 1 {
		t.Fatal("the table did not beep for the request")
	}
	tv.shotBoth("ask-pending", true)
	tv.tap("ask-allow")
	again.run(chromedp.WaitVisible(tid("vault-hand")))
	eventually(t, "the request leaves the table screen", func() bool { return !tv.present("ask-allow") })

	// Cy's phone dies: the host lets a bot play the seat from the console.
	cy.run(chromedp.Navigate("about:blank"))
	tv.run(chromedp.Click(tid("console-open")), chromedp.WaitVisible(tid("console-drawer")))
	eventually(t, "the console lists Cy's seat", func() bool { return tv.visible("console-replace-2") })
	tv.shotBoth("console-open", true)
	tv.tap("console-replace-2")
	eventually(t, "a bot plays Cy's seat", func() bool { return tv.present("seat-standin-2") })
	if !tv.consoleOpen() {
		t.Fatal("the drawer closed under the host's hand")
	}
	tv.tap("console-close")
	eventually(t, "the drawer closes", func() bool { return !tv.consoleOpen() })

	// The host ends the match from the console.
	tv.run(chromedp.Click(tid("console-open")), chromedp.WaitVisible(tid("console-drawer")))
	tv.tap("console-end")
	eventually(t, "the match ends", func() bool { return tv.present("result") && ann.present("result") })
	if got := tv.text("result"); !strings.Contains(got, "Match ended") && !strings.Contains(got, "ended") {
		t.Fatalf("the table says %q", got)
	}
	if loc := get(tv, chromedp.Location()); loc != table {
		t.Fatalf("the host left the table screen for %s", loc)
	}
	if !tv.present("rematch") {
		t.Fatal("the table screen cannot start the next match")
	}
}

// The table screen's console closes itself once the host leaves it: the
// board is covered only while the host uses it.
func TestBrowser_ConsoleClosesItself(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host := apiMatch(t, m, "vault", map[string]any{}, 1)
	tv := newPhone(t, browser, "TV").tv()
	tv.hostOf(m, code, host)
	// In German, whose words are the longest: the drawer is looked at.
	tv.run(chromedp.Navigate(m.URL()+"/r/"+code+"/table?lang=de"), chromedp.WaitVisible(tid("console-open")))
	tv.run(chromedp.Click(tid("console-open")), chromedp.WaitVisible(tid("console-drawer")))
	tv.shotBoth("console-open-de", true)
	tv.tap("console-close")
	tv.run(chromedp.Evaluate[chromedp.Void](`window.topsecret.consoleIdle = 300`))
	tv.run(chromedp.Click(tid("console-open")), chromedp.WaitVisible(tid("console-drawer")))
	tv.run(chromedp.Click(tid("console-drawer")))
	eventually(t, "the drawer closes by itself", func() bool { return !tv.consoleOpen() })
}

// consoleOpen reports whether the host's console drawer is open.
func (p *phone) consoleOpen() bool {
	return get(p, chromedp.Evaluate[bool](`(() => { const d = document.getElementById("host-console"); return !!d && d.open })()`))
}

// hostOf gives the browser the host token of room code, as the phone that
// created it holds it.
func (p *phone) hostOf(m *Main, code, token string) {
	p.tb.Helper()
	p.run(chromedp.Navigate(m.URL()+"/"), chromedp.Evaluate[chromedp.Void](`document.cookie = "ts_host_`+code+`=`+token+`; path=/"`))
}

// apiMatch creates a room of game with people's seats and bots for the
// rest of three, and starts it; it returns the room code and host token.
func apiMatch(t *testing.T, m *Main, game string, options map[string]any, people int) (string, string) {
	t.Helper()
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": game, "options": options}, &c); st != http.StatusCreated {
		t.Fatalf("create %s room: %d", game, st)
	}
	for i := range people {
		apiPost(t, m, "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": string(rune('A'+i)) + "nn"}, nil)
	}
	for range 3 - people {
		apiPost(t, m, "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil)
	}
	if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	return c.Code, c.HostToken
}

// A phone dies mid-match: after its first missed timer every screen says
// a bot plays for it from the next turn unless it is back, and the host
// hurries the bot from the table screen.
func TestBrowser_BotComesIsSaid(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": "vault", "options": map[string]any{"selectTimeoutMs": 10000}}, &c); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	url := m.URL() + "/r/" + c.Code
	ann, ben := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben")
	ann.join(url, "Ann")
	ben.join(url, "Ben")
	apiPost(t, m, "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil)
	tv := newPhone(t, browser, "TV").tv()
	tv.hostOf(m, c.Code, c.HostToken)
	tv.run(chromedp.Navigate(url + "/table"))
	if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	ben.run(chromedp.WaitVisible(tid("vault-hand")))
	ben.run(chromedp.Navigate("about:blank"))
	if !within(30*time.Second, func() bool { return tv.present("bot-soon-1") }) {
		t.Fatal("the table does not say a bot comes for Ben")
	}
	want := "Ben’s phone is away: a bot plays for Ben from the next turn, unless the phone is back."
	for _, p := range []*phone{tv, ann} {
		eventually(t, p.name+" is told a bot comes", func() bool { return strings.Contains(p.text("bot-soon-1"), want) })
	}
	if ann.present("hurry-1") || !tv.present("hurry-1") {
		t.Fatal("the host alone may let the bot play now")
	}
	tv.shotBoth("bot-soon", true)
	ann.shot("bot-soon")
	tv.tap("hurry-1")
	eventually(t, "a bot plays Ben's seat", func() bool { return tv.present("seat-standin-1") && !tv.present("bot-soon-1") })
}

// The host's laptop dies: when the role passes every screen hears who
// hosts now, the guests' lobby names the host, and the new host is told
// once what the role can do.
func TestBrowser_HostPassIsTold(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	m.Rooms.HostAwayAfter = time.Second // instead of three minutes
	tv := newPhone(t, browser, "TV").tv()
	url := tv.createRoom(m, "wink")
	ann, ben := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben")
	ann.join(url, "Ann")
	ben.join(url, "Ben")
	pad := newPhone(t, browser, "Pad").tv()
	pad.run(chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("lobby-seats")))
	tv.run(chromedp.Navigate("about:blank")) // the host's laptop dies

	const told = "The host’s phone was away, so Ann is the host now."
	for _, p := range []*phone{ann, ben, pad} {
		eventually(t, p.name+" hears who hosts", func() bool { return strings.Contains(p.text("live"), told) })
	}
	eventually(t, "Ben's lobby names the host", func() bool { return ben.text("host-is") == "The host is Ann." })
	ann.run(chromedp.WaitVisible(tid("host-intro")))
	if ben.present("host-intro") && ben.visible("host-intro") {
		t.Fatal("a guest is told they host")
	}
	ann.shotBoth("host-intro", false)
	ben.shot("host-passed")
	pad.shotBoth("host-passed", true)
	ann.tap("host-intro-done")
	ann.run(chromedp.Reload(), chromedp.WaitVisible(tid("lobby-seats")))
	if ann.visible("host-intro") {
		t.Fatal("the explanation shows again once read")
	}
}

// A TV that did not create the room shows it from the home page's "Show a
// room on this screen", and the host's phone hands it the host's console
// with a one-time code, typed on the TV; the TV then starts the match and
// runs it.
func TestBrowser_TVTakesTheConsole(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	host := newPhone(t, browser, "Ann")
	url := host.createRoom(m, "vault")
	host.join(url, "Ann")
	ben := newPhone(t, browser, "Ben")
	ben.join(url, "Ben")
	code := url[strings.LastIndex(url, "/")+1:]

	tv := newPhone(t, browser, "TV").tv()
	tv.run(chromedp.Navigate(m.URL()+"/"), chromedp.WaitVisible(tid("screen-code")))
	tv.shotBoth("home", true)
	tv.run(chromedp.SendKeys(chromedp.CSS("#screen-code-input"), strings.ToLower(code)), chromedp.Click(tid("screen-code-submit")))
	tv.run(chromedp.WaitVisible(tid("lobby-seats")))
	if loc := get(tv, chromedp.Location()); loc != url+"/table" {
		t.Fatalf("the TV shows %s, want the table screen", loc)
	}
	if tv.present("start") {
		t.Fatal("a TV without the host's code has host controls")
	}

	host.run(chromedp.ScrollIntoView(tid("hand-console")))
	host.tap("hand-console")
	host.run(chromedp.WaitVisible(tid("console-code")))
	typed := host.text("console-code")
	host.shot("console-code")
	tv.run(chromedp.Click(chromedp.CSS("#console-take summary")), chromedp.WaitVisible(tid("console-take-form")))
	tv.run(chromedp.SendKeys(chromedp.CSS("#console-take input[name=code]"), typed))
	tv.shotBoth("console-take", true)
	tv.run(chromedp.Click(tid("console-take-submit")))
	eventually(t, "the TV has the host's controls", func() bool { return tv.visible("start") })
	// The console arrives by a page load: a tap that lands before the new
	// page's script listens does nothing, so the TV taps until it starts.
	if !within(40*time.Second, func() bool {
		if tv.present("console-open") {
			return true
		}
		tv.tap("start")
		return within(2*time.Second, func() bool { return tv.present("console-open") })
	}) {
		t.Fatal("the TV could not start the match")
	}
	host.tap("console-sheet-done")
	if !host.present("end-match") {
		t.Fatal("the host's phone lost its controls")
	}
}

// The host's own page, for a host without a seat, during a match: it says
// what the host can do, with the seats' controls open, and neither "you are
// watching" nor "I was Ben: rejoin" for other people's seats. In German,
// whose words are the longest.
func TestBrowser_HostPageSaysWhatTheHostDoes(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	host := newPhone(t, browser, "Host")
	url := host.createRoom(m, "vault")
	if host.present("rejoin-panel") {
		t.Fatal("the host's new room asks “Lost your seat?”")
	}
	ann, ben := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben")
	ann.join(url, "Ann")
	ben.join(url, "Ben")
	host.run(chromedp.Navigate(url+"?lang=de"), chromedp.WaitVisible(tid("lobby-seats")))
	eventually(t, "start is enabled", func() bool { return host.visible("start") })
	host.tap("start")
	ben.run(chromedp.WaitVisible(tid("vault-hand")))
	ben.run(chromedp.Navigate("about:blank"))
	host.run(chromedp.WaitVisible(tid("host-here")))
	eventually(t, "Ben's seat is away", func() bool { return host.present("seat-reconnecting-1") })
	for _, bad := range []string{"spectator", "rejoin-panel", "ask-seat-1", "join-form"} {
		if host.visible(bad) {
			t.Fatalf("the host's page shows %s", bad)
		}
	}
	if !host.visible("replace-1") {
		t.Fatal("the host's page hides the seats' controls")
	}
	host.run(chromedp.ScrollIntoView(tid("host-here")))
	host.shotWide("host-page-de")
	host.run(chromedp.ScrollIntoView(tid("replace-1")))
	host.shotWide("host-page-seats-de")
}

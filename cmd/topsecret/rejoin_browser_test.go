package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// vaultRoom opens a vault room from the host's phone, seats the host and
// Ben, starts the deal and returns the room's link.
func vaultRoom(t *testing.T, host, ben *phone, m *Main) string {
	t.Helper()
	url := host.createRoom(m, "vault")
	host.join(url, "Ann")
	ben.join(url, "Ben")
	eventually(t, "start is enabled", func() bool { return host.visible("start") })
	if !host.present("move-phone-1") || host.present("move-phone-0") {
		t.Fatal("in the lobby the host moves Ben's seat, not their own")
	}
	host.run(chromedp.ScrollIntoView(tid("seat-1")))
	host.shotWide("lobby")
	host.tap("start")
	ben.run(chromedp.WaitVisible(tid("vault-hand")))
	host.run(chromedp.WaitVisible(tid("vault-hand")))
	return url
}

// shotWide saves the screen at the phone's size and at a laptop's
// 1280x720, then returns to the phone's size.
func (p *phone) shotWide(label string) {
	p.tb.Helper()
	p.shot(label)
	p.run(chromedp.EmulateViewport(1280, 720))
	p.shot(label + "-1280")
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
}

// Ben's phone loses its browser mid-deal. From a new browser he taps "I
// was Ben: rejoin", the host allows it with one tap, and Ben has his seat
// and the very same hand back.
func TestBrowser_RejoinThroughTheHost(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	host := newPhone(t, browser, "Ann")
	ben := newPhone(t, browser, "Ben")
	url := vaultRoom(t, host, ben, m)
	hand := ben.text("vault-hand")
	ben.run(chromedp.Navigate("about:blank")) // the browser is gone, and its cookie with it

	again := newPhone(t, browser, "Ben-new")
	again.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("rejoin-panel")))
	eventually(t, "the new browser offers Ben's seat", func() bool { return again.visible("ask-seat-1") })
	if again.present("ask-seat-0") {
		t.Fatal("Ann's seat is offered though her phone is connected")
	}
	if got := again.text("ask-seat-1"); got != "I was Ben: rejoin" {
		t.Fatalf("the button says %q", got)
	}
	again.shotWide("ask-button")
	again.tap("ask-seat-1")
	again.run(chromedp.WaitVisible(tid("ask-wait")))
	if got := again.text("rejoin-status"); !strings.Contains(got, "Waiting for an answer") || !strings.Contains(got, "Show this screen to the host") {
		t.Fatalf("the asking phone says %q", got)
	}
	pictures := again.text("ask-pictures")
	again.run(chromedp.ScrollIntoView(tid("ask-wait")))
	again.shotWide("asked")

	host.run(chromedp.WaitVisible(tid("ask-allow")))
	got := host.text("live")
	for _, want := range []string{"Ben’s seat is asked for from another phone.", "first opened this room less than a minute before asking"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the host's prompt: %q, want %q", truncate(got, 300), want)
		}
	}
	if shown := host.text("ask-pictures"); shown != pictures {
		t.Fatalf("the host's prompt shows %q, the asking phone %q", shown, pictures)
	}
	host.run(chromedp.ScrollIntoView(tid("ask-allow")))
	host.shotWide("allow-prompt")
	host.tap("ask-allow")
	again.run(chromedp.WaitVisible(tid("vault-hand")))
	if got := again.text("vault-hand"); got != hand {
		t.Fatalf("Ben's hand after rejoining is %q, want %q", got, hand)
	}
	if again.present("rejoin-panel") {
		t.Fatal("the rejoined phone still offers seats")
	}
	eventually(t, "the host's prompt is gone", func() bool { return !host.present("ask-allow") })
	again.shot("rejoined")
	again.tapCSS("#this-seat summary")
	again.run(chromedp.WaitVisible(tid("rejoin-code")), chromedp.ScrollIntoView(tid("rejoin-code")))
	if code := again.text("rejoin-code"); len(code) != 6 {
		t.Fatalf("the seat's rejoin code reads %q", code)
	}
	again.shotWide("this-seat")
}

// The host moves Ben's seat to another phone with a one-time link. Ben's
// phone is connected, so it is asked first and the link exists only once
// it allows; the new phone takes the seat, the old one is told plainly and
// only watches, every screen hears that the host moved the seat, and the
// link does not work twice.
func TestBrowser_MoveSeatByLink(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	host := newPhone(t, browser, "Ann")
	ben := newPhone(t, browser, "Ben")
	url := vaultRoom(t, host, ben, m)
	hand := ben.text("vault-hand")

	host.run(chromedp.Click(chromedp.CSS("#seats-strip summary")))
	eventually(t, "the host sees Move to another phone", func() bool { return host.visible("move-phone-1") })
	host.run(chromedp.ScrollIntoView(tid("seat-1")))
	host.shotWide("seat-menu")
	host.tap("move-phone-1")
	ben.run(chromedp.WaitVisible(tid("move-consent")))
	if got := ben.text("move-consent"); !strings.Contains(got, "Move to another phone?") || !strings.Contains(got, "Allow") || !strings.Contains(got, "Refuse") {
		t.Fatalf("Ben's phone asks %q", got)
	}
	ben.shotWide("consent")
	host.run(chromedp.WaitVisible(tid("move-asking")), chromedp.ScrollIntoView(tid("seat-1")))
	if host.present("move-qr") {
		t.Fatal("the host has a link before Ben allowed it")
	}
	host.shotWide("asking")
	ben.tap("consent-allow")
	ben.run(chromedp.WaitNotPresent(tid("move-consent")))
	host.run(chromedp.WaitVisible(tid("move-show-link")), chromedp.ScrollIntoView(tid("move-show-link")))
	host.shotWide("allowed")
	host.tap("move-show-link")
	host.run(chromedp.WaitVisible(tid("move-qr")))
	link := host.text("move-url")
	if !strings.Contains(link, "/pass/") {
		t.Fatalf("the sheet shows %q, want the seat's link", link)
	}
	host.shotWide("move-sheet")
	host.tap("move-done")
	host.run(chromedp.WaitNotPresent(tid("move-sheet")))

	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("board")))
	next := newPhone(t, browser, "Ben-next")
	next.run(chromedp.Navigate(link), chromedp.WaitVisible(tid("pass-take")))
	next.shotWide("take-seat")
	next.mustBeUsable("the seat's link", true)
	next.tap("pass-take")
	next.run(chromedp.WaitVisible(tid("vault-hand")))
	if got := next.text("vault-hand"); got != hand {
		t.Fatalf("the new phone's hand is %q, want Ben's %q", got, hand)
	}

	ben.run(chromedp.WaitVisible(tid("seat-moved")))
	if got := ben.text("seat-moved"); !strings.Contains(got, "Your seat moved to another phone") {
		t.Fatalf("the old phone says %q", got)
	}
	if ben.present("vault-hand") {
		t.Fatal("the old phone still shows Ben's hand")
	}
	ben.shotWide("moved")
	for _, p := range []*phone{host, table, ben} {
		p.run(chromedp.WaitVisible(tid("announcement")))
		if got := p.text("announcement"); got != "The host moved Ben’s seat to another phone." {
			t.Fatalf("%s is told %q", p.name, got)
		}
	}
	host.run(chromedp.ScrollIntoView(tid("announcement")))
	host.shotWide("announced")
	table.shot("announced")

	other := newPhone(t, browser, "Ben-late")
	other.run(chromedp.Navigate(link), chromedp.WaitVisible(tid("pass-page")))
	if got := other.text("pass-page"); !strings.Contains(got, "used already") {
		t.Fatalf("the used link says %q", got)
	}
	other.shot("link-used")
	other.mustBeUsable("a used seat link", true)
}

// Screens without a seat show on the host's page, grouped by network;
// Remove closes them and they stay out a while, saying so, while the
// players' phones on the same network play on.
func TestBrowser_HostRemovesWatchers(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	host := newPhone(t, browser, "Ann")
	ben := newPhone(t, browser, "Ben")
	url := host.createRoom(m, "vault")
	host.join(url, "Ann")
	ben.join(url, "Ben")
	onlooker := newPhone(t, browser, "onlooker")
	onlooker.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("join-form")))
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("invite")))

	host.run(chromedp.WaitVisible(tid("watchers")))
	eventually(t, "the host counts two watchers", func() bool { return host.text("watcher-count") == "2" })
	if got := host.text("watcher-group-0"); !strings.Contains(got, "1 spectator and 1 table screen") || !strings.Contains(got, "on your network") || !strings.Contains(got, "since") {
		t.Fatalf("the host's list says %q", got)
	}
	if ben.present("watchers") || table.present("watchers") {
		t.Fatal("someone other than the host sees the watchers")
	}
	host.run(chromedp.ScrollIntoView(tid("watchers")))
	host.shotWide("watchers")

	host.tap("remove-watchers-0")
	onlooker.run(chromedp.WaitVisible(tid("watchers-barred")))
	table.run(chromedp.WaitVisible(tid("watchers-barred")))
	onlooker.shotWide("removed")
	table.shot("removed")
	eventually(t, "the host's list is gone", func() bool { return !host.present("watchers") })
	if ben.visible("reconnecting") || !ben.present("lobby-seats") {
		t.Fatal("Ben's phone, on the same network, lost the room")
	}
}

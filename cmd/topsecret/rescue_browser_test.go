package main

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A player's phone leaves a vault deal: the host opens the seat list and
// replaces that seat (and their own) with a bot, the bots finish the deal,
// and the returning player takes the seat back with one tap.
func TestBrowser_HostReplacesAnAbsentPlayer(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	host := newPhone(t, browser, "Ann")
	url := host.createRoom(m, "vault")
	host.join(url, "Ann")
	ben := newPhone(t, browser, "Ben")
	ben.join(url, "Ben")
	eventually(t, "start is enabled", func() bool { return host.visible("start") })
	if !host.tap("start") {
		t.Fatal("no start button")
	}
	ben.run(chromedp.WaitVisible(tid("vault-seat")))
	ben.run(chromedp.Navigate("about:blank")) // Ben's phone dies
	host.run(chromedp.WaitVisible(tid("vault-seat")))
	if ben.present("replace-0") {
		t.Fatal("a guest sees host controls")
	}

	host.run(chromedp.Click(chromedp.CSS("#seats-strip summary")))
	eventually(t, "the host sees Replace with a bot", func() bool { return host.visible("replace-1") })
	host.tap("replace-1")
	eventually(t, "Ben's seat shows the bot", func() bool { return host.present("seat-standin-1") })
	host.tap("replace-0")
	eventually(t, "Ann's phone offers her seat back", func() bool { return host.visible("take-seat-back") })
	eventually(t, "the bots finish the deal", func() bool { return host.present("result") })

	ben.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("take-seat-back")))
	ben.tap("take-seat-back")
	eventually(t, "Ben has his seat back", func() bool { return !host.present("seat-standin-1") })
	if !strings.Contains(host.text("result"), "Rematch") && !host.present("rematch") {
		t.Fatal("the host cannot start the next match")
	}
}

// The host lets a bot play Ben's seat while his phone is still open: the
// phone keeps offering his cards beside "Take my seat back", and playing
// one gives him the seat back.
func TestBrowser_StandinSeatPlaysItsOwnCard(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	m.Rooms.BotDelay = time.Hour // the bot leaves Ben's card to Ben
	host := newPhone(t, browser, "Ann")
	ben := newPhone(t, browser, "Ben")
	vaultRoom(t, host, ben, m)

	host.run(chromedp.Click(chromedp.CSS("#seats-strip summary")))
	eventually(t, "the host sees Replace with a bot", func() bool { return host.visible("replace-1") })
	host.tap("replace-1")
	eventually(t, "Ben's phone offers his seat back", func() bool { return ben.visible("take-seat-back") })
	ben.shotWide("standin")
	if !ben.tapCSS(`button[data-testid^="vault-card-"]`) {
		t.Fatal("the stand-in's phone offers no card to play")
	}
	eventually(t, "Ben plays his card and has his seat back", func() bool {
		return ben.present("vault-committed") && !ben.present("take-seat-back") && !host.present("seat-standin-1")
	})
	ben.shotWide("taken-back")
}

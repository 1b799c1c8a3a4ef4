package main

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The host's phone goes away: the role passes to a connected player, whose
// phone gets the host's buttons; the host comes back and takes it back
// with one tap.
func TestBrowser_HostRolePasses(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	m.Rooms.HostAwayAfter = time.Second // instead of three minutes

	host := newPhone(t, browser, "Ann")
	url := host.createRoom(m, "wink")
	host.join(url, "Ann")
	ben := newPhone(t, browser, "Ben")
	ben.join(url, "Ben")
	if ben.present("add-bot") {
		t.Fatal("a guest sees host controls")
	}

	host.run(chromedp.Navigate("about:blank")) // the host's phone dies
	eventually(t, "Ben becomes the host", func() bool { return ben.present("add-bot") && ben.present("seat-host-1") })

	host.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("take-host-back")))
	if host.present("add-bot") {
		t.Fatal("the old host kept host controls after the role passed")
	}
	host.tap("take-host-back")
	eventually(t, "Ann hosts again", func() bool { return host.present("add-bot") && !ben.present("add-bot") })
}

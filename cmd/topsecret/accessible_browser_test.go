package main

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// Every game's lobby, phone and table screen passes axe-core's WCAG 2.1
// A/AA checks with no serious or critical failure: every control has a
// name, text has contrast, pages have landmarks and a heading.
func TestBrowser_EveryScreenAccessible(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	home := newPhone(t, browser, "home")
	home.run(chromedp.Navigate(m.URL()+"/"), chromedp.WaitVisible(tid("game-card-wink")))
	home.accessible("the home page")

	for _, g := range []struct{ slug, bots string }{
		{"wink", "3"}, {"vault", "2"}, {"inkognito", "3"}, {"couriers", "2"}, {"embassy", "2"},
	} {
		t.Run(g.slug, func(t *testing.T) {
			code, host := newRoom(t, m, g.slug, nil)
			url := m.URL() + "/r/" + code
			ann := newPhone(t, browser, "Ann")
			ann.tb = t
			ann.join(url, "Ann")
			addBots(t, m, code, host, int(g.bots[0]-'0'))
			ann.accessible(g.slug + " lobby")

			table := newPhone(t, browser, "table")
			table.tb = t
			table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("lobby-seats")))
			table.accessible(g.slug + " table lobby")

			if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
				t.Fatalf("start: %d", st)
			}
			ann.run(chromedp.WaitVisible(tid(g.slug + "-seat")))
			ann.accessible(g.slug + " phone in play")
			table.run(chromedp.WaitVisible(tid(g.slug + "-table")))
			table.accessible(g.slug + " table in play")
		})
	}
}

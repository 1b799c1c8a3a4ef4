package main

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// overflowing lists the controls whose words do not fit inside them.
func (p *phone) overflowing() []string {
	return get(p, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("button, .btn, summary, .tag, .code-chip"))
		.filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
		.map(e => (e.dataset.testid || e.className) + ": " + e.textContent.trim())`))
}

// fits fails when a control on the page cuts its words off.
func (p *phone) fits(where string) {
	p.tb.Helper()
	if over := p.overflowing(); len(over) > 0 {
		p.tb.Fatalf("%s in %s: words overflow %q", where, p.lang(), over)
	}
}

// German and Swedish words are longer than English ones: on a phone, the
// home page, a vault lobby, the running match and a wink replay keep every
// control's words inside it; a French table screen shows the match.
func TestBrowser_LongerWordsFit(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	done, _, id := finishedMatch(t, m, "wink", 4, map[string]any{"mode": "remote"})
	waitFinished(t, m, done, id)

	for _, lang := range []string{"de", "sv"} {
		p := newPhone(t, browser, lang)
		p.run(chromedp.Navigate(m.URL()+"/?lang="+lang), chromedp.WaitVisible(tid("game-card-wink")))
		p.fits("home")
		p.shot("home")

		code, host := newRoom(t, m, "vault", nil)
		p.join(m.URL()+"/r/"+code, "Linnéa")
		p.fits("lobby")
		p.shot("lobby")
		addBots(t, m, code, host, 2)
		if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
			t.Fatalf("start: %d", st)
		}
		p.run(chromedp.WaitVisible(tid("vault-seat")))
		p.fits("match")
		p.shot("match")
		if lang == "de" {
			fr := newPhone(t, browser, "table-fr")
			fr.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table?lang=fr"), chromedp.WaitVisible(tid("vault-table")))
			fr.fits("table")
			fr.shot("table")
		}

		p.run(chromedp.Navigate(m.URL()+"/m/"+id+"#8"), chromedp.WaitVisible(tid("replay-frame")))
		p.fits("replay")
		p.shot("replay")
		p.tap("replay-more")
		eventually(t, "More opens", func() bool { return p.visible("replay-jump") })
		p.fits("replay controls")
		p.shot("replay-more")
	}
}

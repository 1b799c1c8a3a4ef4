package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
)

// The couriers map names its cities in each reader's language: a German,
// a Swedish and a French phone, and the table screen in each, draw the
// map made for that language, which names Moscow as that language does.
func TestBrowser_CouriersMapInTheReadersLanguage(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	for _, lang := range []string{"de", "sv", "fr"} {
		t.Run(lang, func(t *testing.T) {
			p := newPhone(t, browser, "Ann")
			p.run(chromedp.Navigate(m.URL() + "/?lang=" + lang))
			code, _ := mustStartMatch(t, m, "couriers", nil, 3, p)
			url := m.URL() + "/r/" + code
			p.run(chromedp.WaitVisible(tid("couriers-map")))
			table := newPhone(t, browser, "table")
			table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table?lang="+lang), chromedp.WaitVisible(tid("couriers-map")))

			moscow := shelf.New(true).Words().Reader(lang, nil).Say(game.M("couriers.city.moscow"))
			for _, s := range []*phone{p, table} {
				// The drawing the page links, fetched as the page fetches it.
				got := get(s, chromedp.Evaluate[string](`(async () => {
					const img = document.querySelector('[data-testid="couriers-map"] svg image');
					const res = await fetch(img.getAttribute("href"));
					return img.getAttribute("href") + "\n" + (res.ok ? await res.text() : "HTTP " + res.status);
				})()`, chromedp.EvalAwaitPromise))
				href, svg, _ := strings.Cut(got, "\n")
				if !strings.Contains(href, "/board."+lang+".") {
					t.Fatalf("%s draws %q, want the %s map", s.name, href, lang)
				}
				if !strings.Contains(svg, ">"+moscow+"</text>") || strings.Contains(svg, ">Moscow</text>") {
					t.Fatalf("%s: the %s map does not name Moscow %q", s.name, lang, moscow)
				}
			}
			p.shot(lang)
			p.landscape(lang)
			get(p, chromedp.Evaluate[bool](`(() => { const z = document.getElementById("cz-zoom"); if (z) { z.checked = true; z.dispatchEvent(new Event("change", {bubbles: true})); } return true })()`))
			p.shot(lang + "-zoomed")
			p.landscape(lang + "-zoomed")
			table.shot(lang + "-1280")
		})
	}
}

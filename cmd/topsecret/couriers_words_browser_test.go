package main

import (
	"net/http"
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
			var c struct {
				Code      string `json:"code"`
				HostToken string `json:"host_token"`
			}
			if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": "couriers"}, &c); st != http.StatusCreated {
				t.Fatalf("create couriers room: %d", st)
			}
			url := m.URL() + "/r/" + c.Code
			p := newPhone(t, browser, "phone")
			p.run(chromedp.Navigate(m.URL() + "/?lang=" + lang))
			p.join(url, "Ann")
			for range 3 {
				if st := apiPost(t, m, "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil); st != http.StatusCreated {
					t.Fatalf("add bot: %d", st)
				}
			}
			if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
				t.Fatalf("start: %d", st)
			}
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

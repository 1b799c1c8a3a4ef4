package main

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
)

// The couriers map names its cities in each reader's language: a German,
// a Swedish and a French phone, and the table screen in each, draw the
// map made for that language, which names Moscow as that language does.
func TestBrowser_CouriersMapInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	for _, lang := range []string{"de", "sv", "fr"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
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

// A phone reads the couriers map without zooming: once an agent is chosen,
// every city its move may end in says its name at 11 px or more (the
// drawing's own names are 6 px on a phone), and each player's combat cards
// are drawn as cards, not a run of digits ("0024 | 513").
func TestBrowser_CouriersPhoneReadsTheMap(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host := newRoom(t, m, "couriers", nil)
	p := newPhone(t, browser, "phone")
	p.run(chromedp.Navigate(m.URL() + "/?lang=de"))
	p.join(m.URL()+"/r/"+code, "Jürgen")
	addBots(t, m, code, host, 1)
	if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	p.run(chromedp.WaitVisible(tid("couriers-seat")))
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if time.Now().After(deadline) {
			p.fail(fmt.Errorf("no move of Jürgen's came"))
		}
		s := czSnap(p)
		if !s.Mine {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		if s.Phase == "move" && p.present("couriers-move") {
			break
		}
		switch s.Phase {
		case "hide":
			czHide(t, p)
		case "roll":
			p.tap("couriers-roll")
			czWaitChange(p, s)
		default:
			p.tap("couriers-end-turn")
			czWaitChange(p, s)
		}
	}
	p.tapCSS(`[data-testid="couriers-move"] input[name="agent"]`)
	type label struct {
		Name    string  `json:"name"`
		Tall    float64 `json:"tall"`
		Font    float64 `json:"font"`
		Visible bool    `json:"visible"`
	}
	names := get(p, chromedp.Evaluate[[]label](`Array.from(document.querySelectorAll('[data-testid="couriers-move"] .cz-t'))
		.filter(t => getComputedStyle(t).display !== "none")
		.map(t => { const b = t.querySelector("b"), r = b.getBoundingClientRect(), s = getComputedStyle(b);
			return {name: b.textContent, tall: r.height, font: parseFloat(s.fontSize), visible: s.clipPath === "none" && r.width > 1} })`))
	if len(names) == 0 {
		p.fail(fmt.Errorf("the chosen agent lights no city"))
	}
	for _, n := range names {
		if !n.Visible || n.Tall < 11 || n.Font < 11 {
			t.Errorf("a lit city's name is too small to read: %+v", n)
		}
	}
	hands := get(p, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('[data-testid="couriers-players"] .cz-pl-main small'))
		.map(s => { const c = s.cloneNode(true); c.querySelectorAll(".cz-pl-hand").forEach(h => h.remove());
			return c.textContent.replace(/\s+/g, " ").trim() + " | cards " + s.querySelectorAll(".cz-pl-hand > b, .cz-pl-hand > s").length })`))
	for _, h := range hands {
		if regexp.MustCompile(`\d{3}`).MatchString(h) || strings.HasSuffix(h, "cards 0") {
			t.Errorf("a player's hand reads %q, not as cards", h)
		}
	}
	p.shot("move-390")
	p.run(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="couriers-players"]').scrollIntoView({block: "center"})`))
	p.shot("players-390")
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table?lang=de"), chromedp.WaitVisible(tid("couriers-map")))
	table.shot("1280")
}

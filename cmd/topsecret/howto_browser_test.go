package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
	"topsecret/web/words"
)

// openHowTo taps id (the lobby's "How to play" or the top bar's "?") and
// waits for the dialog to open with its cards, which it fetches the first
// time; it returns how many cards it holds.
func (p *phone) openHowTo(id string) int {
	p.tb.Helper()
	p.tap(id)
	eventually(p.tb, "the how-to cards open", func() bool {
		return get(p, chromedp.Evaluate[bool](`(() => { const d = document.querySelector('#howto'); return !!d && d.open && !!d.querySelector('[data-howto-card]') })()`))
	})
	return get(p, chromedp.Evaluate[int](`document.querySelectorAll('#howto [data-howto-card]').length`))
}

// cardFits reports why the open briefing's card i does not fit the screen
// without scrolling, or "".
func (p *phone) cardFits(i int) string {
	if why := p.wordsFit(i); why != "" {
		return why
	}
	return get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
		const pic = document.querySelector('[data-testid="howto-card-%d"] .howto-pic');
		if (pic.scrollWidth > pic.clientWidth + 1 || pic.scrollHeight > pic.clientHeight + 1) return "the picture is cut off";
		return "";
	})()`, i)))
}

// wordsFit reports why the open briefing's card i, its words and the
// dialog around them, does not fit the screen without scrolling, or "".
func (p *phone) wordsFit(i int) string {
	return get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
		const d = document.querySelector('#howto'), c = document.querySelector('[data-testid="howto-card-%d"]');
		if (!d || !d.open) return "the briefing is closed";
		if (!c || c.offsetParent === null) return "card %d is not showing";
		const deck = d.querySelector('.howto-deck'), r = d.getBoundingClientRect();
		if (deck.scrollHeight > deck.clientHeight + 1) return "the card scrolls: " + deck.scrollHeight + " > " + deck.clientHeight;
		if (r.bottom > innerHeight || r.right > innerWidth || r.top < 0 || r.left < 0) return "the dialog overflows the screen";
		for (const e of c.querySelectorAll('.howto-title, .howto-line')) {
			if (e.scrollWidth > e.clientWidth + 1) return "a word runs past the card: " + e.textContent;
		}
		return "";
	})()`, i, i)))
}

// A newcomer learns every game from the phone: the lobby's "How to play"
// opens the game's cards, each fits a 390x844 screen, Next and Got it step
// through them and close them; the table screen shows the same cards
// while the lobby waits.
func TestBrowser_HowToInTheLobby(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann := newPhone(t, browser, "Ann")
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720))
	for _, slug := range []string{"wink", "vault", "inkognito", "couriers", "embassy"} {
		t.Run(slug, func(t *testing.T) {
			ann.tb, table.tb = t, t
			code, _ := newRoom(t, m, slug, nil)
			ann.join(m.URL()+"/r/"+code, "Ann")
			ann.run(chromedp.WaitVisible(tid("howto-open")))
			if ann.present("howto-cycle") {
				t.Fatal("a phone's lobby shows the table's turning cards")
			}
			n := ann.openHowTo("howto-open")
			if n < 3 || n > 6 {
				t.Fatalf("%d cards, want 3 to 6", n)
			}
			for i := range n {
				eventually(t, fmt.Sprintf("card %d shows", i), func() bool { return ann.visible(fmt.Sprintf("howto-card-%d", i)) })
				if why := ann.cardFits(i); why != "" {
					t.Errorf("card %d: %s", i, why)
				}
				ann.shot(fmt.Sprintf("card-%d", i))
				if i < n-1 {
					ann.tap("howto-next")
				}
			}
			if ann.visible("howto-next") {
				t.Error("the last card still offers Next")
			}
			ann.tap("howto-done")
			eventually(t, "Got it closes the cards", func() bool {
				return !get(ann, chromedp.Evaluate[bool](`document.querySelector('#howto').open`))
			})

			table.run(chromedp.Navigate(m.URL()+"/r/"+code+"/table"), chromedp.WaitVisible(tid("howto-cycle")))
			table.shot("lobby")
			if slug == "vault" {
				first := table.showing()
				eventually(t, "the table's cards turn by themselves", func() bool { return table.showing() != first })
				table.shot("lobby-turned")

				// Held, the card stays past the clock's next turn and
				// through a new lobby frame; let go, the cards turn again.
				table.tap("howto-hold")
				held := table.showing()
				if say := table.text("howto-hold"); say != "Turn the cards" {
					t.Fatalf("the held deck's button says %q, want Turn the cards", say)
				}
				wait := get(table, chromedp.Evaluate[float64](`8000 - Date.now() % 8000 + 1200`))
				time.Sleep(time.Duration(wait) * time.Millisecond)
				newPhone(t, browser, "Bea").join(m.URL()+"/r/"+code, "Bea") // a new lobby frame on the table
				eventually(t, "the table draws Bea's seat", func() bool { return strings.Contains(table.bodyText(), "Bea") })
				if now := table.showing(); now != held {
					t.Fatalf("a held deck turned from %s to %s", held, now)
				}
				table.shot("lobby-held")
				table.tap("howto-hold")
				eventually(t, "let go, the cards turn again", func() bool { return table.showing() != held })
				if say := table.text("howto-hold"); say != "Hold this card" {
					t.Fatalf("the turning deck's button says %q, want Hold this card", say)
				}
			}
		})
	}
}

// shown reports whether a testid is drawn now, fixed-position ones included
// (they have no offsetParent).
func (p *phone) shown(id string) bool {
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.getClientRects().length > 0 })()`, string(tid(id)))))
}

// showing is the data-testid of the table's card on show.
func (p *phone) showing() string {
	return get(p, chromedp.Evaluate[string](`(() => { const c = [...document.querySelectorAll('[data-howto-cycle] [data-howto-card]')].find(c => !c.hidden); return c ? c.dataset.testid : "" })()`))
}

// Mid-match the "?" opens the cards over the table and Escape closes them
// with the board as it was; the first turn shows a one-line hint once,
// and once dismissed it stays gone after a reload.
func TestBrowser_HowToDuringTheMatch(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, token := newRoom(t, m, "vault", nil)
	ann := newPhone(t, browser, "Ann")
	ann.join(m.URL()+"/r/"+code, "Ann")
	apiPost(t, m, "/api/rooms/"+code+"/seats", token, map[string]any{"bot": true}, nil)
	if st := apiPost(t, m, "/api/rooms/"+code+"/start", token, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	ann.run(chromedp.WaitVisible(tid("vault-seat")))

	eventually(t, "the first-turn hint shows", func() bool { return ann.shown("howto-hint") })
	if got := ann.text("howto-hint"); !strings.Contains(got, "card") {
		t.Errorf("hint reads %q", got)
	}
	ann.shot("first-turn-hint")

	board := get(ann, chromedp.Evaluate[string](`document.querySelector('#board').innerHTML`))
	ann.tap("howto-ask")
	eventually(t, "the ? opens the cards", func() bool { return ann.visible("howto-card-0") })
	if !ann.present("vault-seat") {
		t.Fatal("opening the cards left the table")
	}
	ann.run(chromedp.KeyEvent(kb.ArrowRight))
	eventually(t, "the arrow key turns the card", func() bool { return ann.visible("howto-card-1") })
	ann.shot("over-the-board")
	ann.run(chromedp.KeyEvent(kb.Escape))
	eventually(t, "Escape closes the cards", func() bool {
		return !get(ann, chromedp.Evaluate[bool](`document.querySelector('#howto').open`))
	})
	if !ann.visible("vault-seat") {
		t.Fatal("the board is gone after closing the cards")
	}
	if now := get(ann, chromedp.Evaluate[string](`document.querySelector('#board').innerHTML`)); now != board && !ann.present("vault-seat") {
		t.Fatal("the board changed under the cards")
	}

	// The page comes from the server with the hint in it on the first
	// turn, and without it once dismissed (the browser's cookie): a hint
	// the script showed after the first paint pushed the board down.
	if servedHint(ann) != "shown" {
		t.Fatalf("the page is served with the hint %s on the first turn", servedHint(ann))
	}

	ann.tap("howto-hint-close")
	if ann.shown("howto-hint") {
		t.Fatal("the hint stays after dismissing it")
	}
	if servedHint(ann) != "hidden" {
		t.Fatalf("once dismissed, the page is served with the hint %s", servedHint(ann))
	}
	ann.run(chromedp.Reload(), chromedp.WaitVisible(tid("vault-seat")))
	time.Sleep(300 * time.Millisecond) // the page's scripts run on load
	if ann.shown("howto-hint") {
		t.Fatal("the dismissed hint came back after a reload")
	}
}

// servedHint is how the server draws p's page's first-turn hint, with
// p's cookies: "shown", "hidden" or "none".
func servedHint(p *phone) string {
	p.tb.Helper()
	return get(p, chromedp.Evaluate[string](`fetch(location.href).then(r => r.text()).then(html => {
		const h = new DOMParser().parseFromString(html, "text/html").querySelector("#howto-hint");
		return !h ? "none" : h.hidden ? "hidden" : "shown";
	})`, chromedp.EvalAwaitPromise))
}

// Every language's cards fit a 390x844 phone without scrolling: German and
// Dutch run long, and a card that scrolls hides its last rule. (The
// pictures are the same in every language; the English test minds them.) Each room
// opens in the language its link asks for, and the first card reads the
// game's own words in that language.
func TestBrowser_HowToFitsEveryLanguage(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	cat := shelf.New(true).Words()
	for _, l := range words.Languages[1:] {
		t.Run(l.Tag, func(t *testing.T) {
			ann := newPhone(t, browser, "Ann")
			for _, slug := range []string{"wink", "vault", "inkognito", "couriers", "embassy"} {
				t.Run(slug, func(t *testing.T) {
					ann.tb = t
					code, _ := newRoom(t, m, slug, nil)
					ann.join(m.URL()+"/r/"+code+"?lang="+l.Tag, "Ann")
					if got := get(ann, chromedp.Evaluate[string](`document.documentElement.lang`)); got != l.Tag {
						t.Fatalf("the lobby speaks %q, want %q", got, l.Tag)
					}
					ann.openHowTo("howto-open")
					want := cat.Reader(l.Tag, nil).Say(game.M(slug + ".ui.howto.goal.title"))
					eventually(t, "the first card shows", func() bool { return ann.visible("howto-card-0") })
					if got := get(ann, chromedp.Evaluate[string](`document.querySelector('[data-testid="howto-card-0"] .howto-title').textContent`)); got != want {
						t.Errorf("first card reads %q, want %q", got, want)
					}
					n := get(ann, chromedp.Evaluate[int](`document.querySelectorAll('#howto [data-howto-card]').length`))
					for i := range n {
						eventually(t, fmt.Sprintf("card %d shows", i), func() bool { return ann.visible(fmt.Sprintf("howto-card-%d", i)) })
						if why := ann.wordsFit(i); why != "" {
							t.Errorf("card %d: %s", i, why)
						}
						ann.shot(fmt.Sprintf("card-%d", i))
						if i < n-1 {
							ann.tap("howto-next")
						}
					}
					ann.tap("howto-done")
				})
			}
		})
	}
}

package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// mustStartMatch creates a room of game with options over the API (its
// host is the test, holding the token), seats the phones by the join link
// in order, adds bots and starts the match.
func mustStartMatch(tb testing.TB, m *Main, game string, options map[string]any, bots int, phones ...*phone) (code, hostToken string) {
	tb.Helper()
	code, hostToken = newRoom(tb, m, game, options)
	for _, p := range phones {
		p.join(m.URL()+"/r/"+code, p.name)
	}
	addBots(tb, m, code, hostToken, bots)
	if st := apiPost(tb, m, "/api/rooms/"+code+"/start", hostToken, nil, nil); st != http.StatusOK {
		tb.Fatalf("start: %d", st)
	}
	return code, hostToken
}

// mustRematch deals the room's next match over the API, as its host, and
// waits until started says the phones play it.
func mustRematch(tb testing.TB, m *Main, code, hostToken string, started func() bool) {
	tb.Helper()
	if st := apiPost(tb, m, "/api/rooms/"+code+"/rematch", hostToken, nil, nil); st != http.StatusOK {
		tb.Fatalf("next game: %d", st)
	}
	eventually(tb, "the next game starts", started)
}

// inView reports whether the element sel is wholly inside the viewport.
func (p *phone) inView(sel string) bool {
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return false;
		const r = e.getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
	})()`, sel)))
}

// armed is the question the in-page confirmation asks now, "" when closed.
func (p *phone) armed() string {
	return get(p, chromedp.Evaluate[string](`(() => { const s = document.querySelector('#confirm:not([hidden])'); return s ? s.querySelector("#confirm-text").textContent : "" })()`))
}

// vaultCard is the selector of the phone's playable hand card of code.
func vaultCard(code string) string {
	return `button[data-testid^="vault-card-"]:has([data-code="` + code + `"])`
}

// A vault phone: holding a card to peek never plays it; a tap only arms
// the in-page confirmation, which a redraw of the board does not undo and
// Confirm sends; and when the BOOM window opens on a page scrolled to its
// foot, the BOOM button is on screen and the phone buzzes (once it has been
// tapped: never before). The screen stays awake while the deal runs, and
// no longer.
func TestBrowser_VaultConfirmPeekAndBoom(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann, ben := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben")
	code, token := mustStartMatch(t, m, "vault", map[string]any{"boomWindowMs": 6000}, 0, ann, ben)
	for _, p := range []*phone{ann, ben} {
		p.run(chromedp.WaitVisible(tid("vault-commit")))
	}

	awake := func() bool {
		return get(ann, chromedp.Evaluate[bool](`document.documentElement.hasAttribute("data-awake")`))
	}
	eventually(t, "Ann's screen is kept awake while the deal runs", awake)

	// Before its first tap a page may not vibrate (the browser refuses
	// and logs an error): a nudge then only beeps. (Joining typed and
	// tapped in this page: a reload is a page nobody has touched yet.)
	ann.run(chromedp.Reload(), chromedp.WaitVisible(tid("vault-commit")))
	if buzz := get(ann, chromedp.Evaluate[string](`(() => {
		const b = []; const real = navigator.vibrate;
		navigator.vibrate = p => { b.push(p); return true; };
		window.topsecret.nudge(true);
		navigator.vibrate = real;
		return JSON.stringify([navigator.userActivation.hasBeenActive, b]);
	})()`)); buzz != "[false,[]]" {
		t.Fatalf("before any tap: [activated, buzzes] = %s, want no buzz", buzz)
	}

	// A look of 330 ms on the terrorist card reveals the hand and plays nothing.
	xy := get(ann, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, vaultCard("TE"))))
	ann.run(chromedp.MouseEvent("mousePressed", xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	if !get(ann, chromedp.Evaluate[bool](`document.querySelector('[data-testid="vault-hand"]').classList.contains("peeking")`)) {
		t.Fatal("holding a finger on the hand does not reveal it")
	}
	time.Sleep(330 * time.Millisecond)
	ann.run(chromedp.MouseEvent("mouseReleased", xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	time.Sleep(300 * time.Millisecond) // room for a wrongly sent card to come back
	if q := ann.armed(); q != "" {
		t.Fatalf("a 330 ms look armed %q", q)
	}
	if !ann.present("vault-commit") || ann.present("vault-committed") {
		t.Fatal("a 330 ms look played the card")
	}
	if get(ann, chromedp.Evaluate[bool](`document.documentElement.classList.contains("peeking")`)) {
		t.Fatal("the hand stays revealed after the finger lifts")
	}

	// A quick tap asks in the page and sends nothing yet.
	ann.run(chromedp.MouseClickXY(xy[0], xy[1]))
	want := get(ann, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).dataset.confirm`, vaultCard("TE"))))
	if got := ann.armed(); got == "" || got != want {
		t.Fatalf("after a tap the page asks %q, want %q", got, want)
	}
	if !ann.inView("#confirm") {
		t.Fatal("the confirmation is off screen")
	}
	ann.shot("armed")
	ann.run(chromedp.EmulateViewport(1280, 720))
	ann.run(chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event("resize"))`))
	ann.shot("armed-wide")
	ann.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))

	// Ben's phone goes away and comes back: Ann's board is redrawn twice
	// and her question stays armed on the new card.
	url := get(ben, chromedp.Location())
	ben.run(chromedp.Navigate("about:blank"))
	eventually(t, "Ann sees Ben away", func() bool {
		return get(ann, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid="vault-player-1"].vt-away')`))
	})
	ben.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("vault-commit")))
	eventually(t, "Ann sees Ben back", func() bool {
		return get(ann, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid="vault-player-1"]:not(.vt-away)')`))
	})
	if got := ann.armed(); got != want {
		t.Fatalf("after a redraw the page asks %q, want %q", got, want)
	}
	if !get(ann, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).classList.contains("armed")`, vaultCard("TE")))) {
		t.Fatal("the redrawn card is not marked armed")
	}
	if !ann.tap("confirm-ok") {
		t.Fatal("no Confirm button")
	}
	ann.run(chromedp.WaitVisible(tid("vault-committed")))

	// Ann reads the foot of her page while Ben plays: the reveal opens her
	// BOOM window, and the button comes into view.
	scrolled := get(ann, chromedp.Evaluate[float64](`window.scrollTo(0, document.documentElement.scrollHeight); window.scrollY`))
	if scrolled <= 0 || ann.inView("#vault-phase") {
		t.Fatalf("the page cannot scroll the phase panel away (scrollY %v)", scrolled)
	}
	ann.run(chromedp.Evaluate[chromedp.Void](`window.buzz = []; navigator.vibrate = p => { window.buzz.push(p); return true; }`))
	if !ben.tapCSS(`button[data-testid^="vault-card-"]:not(:has([data-code="TE"])):not(:has([data-code="MO"]))`) {
		t.Fatal("Ben has no document card to play")
	}
	eventually(t, "Ann's BOOM window opens", func() bool { return ann.present("vault-boom") })
	if !ann.inView(`[data-testid="vault-boom"]`) {
		ann.shot("boom-off-screen")
		t.Fatal("the BOOM button is off screen after the redraw")
	}
	ann.shot("boom")
	if buzz := get(ann, chromedp.Evaluate[string](`JSON.stringify(window.buzz)`)); buzz != "[[180,90,180]]" {
		t.Fatalf("the BOOM window buzzed %s, want one urgent buzz", buzz)
	}
	if title := ann.title(); !strings.HasPrefix(title, "● Your move · ") {
		t.Fatalf("title %q in Ann's BOOM window", title)
	}
	if !ann.tap("vault-boom") {
		t.Fatal("BOOM cannot be tapped")
	}
	eventually(t, "the blast is shouted", func() bool { return ann.present("vault-boomed") || !ann.present("vault-boom") })

	// The host ends the deal: the screen may sleep again.
	if st := apiPost(t, m, "/api/rooms/"+code+"/end", token, nil, nil); st != http.StatusOK {
		t.Fatalf("end: %d", st)
	}
	eventually(t, "the wake lock is released", func() bool { return !awake() })
}

// tapOnce taps testid id and leaves any question it asks unanswered.
func (p *phone) tapOnce(id string) bool {
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.disabled) return false; e.click(); return true })()`, string(tid(id)))))
}

// title is the phone's tab title.
func (p *phone) title() string { return get(p, chromedp.Evaluate[string](`document.title`)) }

// A wink table of two phones and two bots: the tab title says "● Your
// move" on the phone that must draw or play and on no other; the claim is
// confirmed in the page; the sound switch is remembered.
func TestBrowser_WinkAttention(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann, ben := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben")
	phones := []*phone{ann, ben}
	mustStartMatch(t, m, "wink", map[string]any{"startPlayer": 0, "dealAutoMs": 10000}, 2, ann, ben)
	for _, p := range phones {
		p.run(chromedp.WaitVisible(tid("wink-seat")))
	}

	// Whoever's move the board shows has the mark in the title; nobody else.
	checkTitles := func(when string) {
		t.Helper()
		for _, p := range phones {
			st := get(p, chromedp.Evaluate[[]any](`[document.title, !!document.querySelector('[data-testid="wink-take-cards"], [data-testid="wink-pass"]')]`))
			title, mine := st[0].(string), st[1].(bool)
			if got := strings.HasPrefix(title, "● Your move"); got != mine {
				t.Fatalf("%s, %s: title %q while the board offers a move: %v", when, p.name, title, mine)
			}
		}
	}
	eventually(t, "Ann may draw", func() bool { return ann.present("wink-take-cards") })
	checkTitles("Ann draws")
	if strings.HasPrefix(ben.title(), "●") || !strings.HasPrefix(ann.title(), "● ") {
		t.Fatalf("titles %q and %q, want only Ann's marked", ann.title(), ben.title())
	}
	ann.tap("wink-take-cards")
	eventually(t, "Ben may draw", func() bool { return ben.present("wink-take-cards") })
	checkTitles("Ben draws")
	ben.tap("wink-take-cards")
	eventually(t, "Ann's turn", func() bool { return ann.phase() == "turn" && ann.present("wink-pass") })
	checkTitles("Ann's turn")

	// The claim asks in the page first: Escape and a tap elsewhere put the
	// question away, and nothing is sent until Confirm.
	ann.tap("wink-claim")
	for _, away := range []struct {
		name string
		do   chromedp.Action[chromedp.Void]
	}{
		{"Escape", chromedp.KeyEvent(kb.Escape)},
		{"a tap elsewhere", chromedp.MouseClickXY(200, 10)}, // the game name in the top bar
	} {
		if !ann.tapOnce("wink-claim-CAF") {
			t.Fatal("no café to claim at")
		}
		if ann.armed() == "" {
			t.Fatal("the claim did not ask first")
		}
		ann.run(away.do)
		if q := ann.armed(); q != "" {
			t.Fatalf("after %s the page still asks %q", away.name, q)
		}
	}
	if !ann.tapOnce("wink-claim-CAF") || ann.armed() == "" {
		t.Fatal("the claim cannot be asked again")
	}
	time.Sleep(300 * time.Millisecond)
	if ann.phase() != "turn" {
		t.Fatalf("one tap sent the claim (phase %s)", ann.phase())
	}
	ann.shot("claim-armed")
	ann.run(chromedp.EmulateViewport(1280, 720))
	ann.run(chromedp.Evaluate[chromedp.Void](`window.dispatchEvent(new Event("resize"))`))
	ann.shot("claim-armed-wide")
	ann.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	if !ann.tap("confirm-ok") {
		t.Fatal("no Confirm button")
	}
	// The claim is made when Ann no longer holds the suitcase's moves: the
	// match is in the claim's window, or (a bot answering at once) the
	// suitcase has passed on to the next turn.
	eventually(t, "the claim is made", func() bool {
		return ann.phase() != "turn" ||
			get(ann, chromedp.Evaluate[bool](`document.querySelector('[data-testid="wink-claim"]') === null`))
	})
	if ann.armed() != "" {
		t.Fatal("the confirmation stays open after Confirm")
	}

	// The sound switch starts off, turns on with a tap and stays on.
	sw := func() string {
		return get(ben, chromedp.Evaluate[string](`document.querySelector('[data-testid="sound-switch"]').getAttribute("aria-checked")`))
	}
	if got := sw(); got != "false" {
		t.Fatalf("sound switch starts %q, want off", got)
	}
	ben.tap("sound-switch")
	if got := sw(); got != "true" {
		t.Fatalf("after a tap the sound switch is %q", got)
	}
	ben.run(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	ben.shot("sound-on")
	ben.run(chromedp.EmulateViewport(1280, 720))
	ben.shot("sound-on-wide")
	ben.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), chromedp.Reload(), chromedp.WaitVisible(tid("wink-seat")))
	if got := sw(); got != "true" {
		t.Fatalf("after a reload the sound switch is %q", got)
	}
}

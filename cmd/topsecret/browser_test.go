package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// mustBrowser starts one headless Chromium for the test. Each phone is an
// isolated browser context: its own cookies, as separate phones would have.
// Under -short it skips the test: the browser tests are most of the suite's
// time (docs/benchmarks.md, "The test suite").
func mustBrowser(tb testing.TB) context.Context {
	tb.Helper()
	if testing.Short() {
		tb.Skip("drives headless Chromium; run without -short")
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatal("chromium is not installed; .ci/run installs Debian's chromium")
		}
		tb.Skip("chromium is not installed")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true),
	)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	tb.Cleanup(cancel)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	tb.Cleanup(cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		tb.Fatalf("start chromium: %v", err)
	}
	return browser
}

// phone is one player's phone: an isolated tab at a phone's viewport.
type phone struct {
	tb   testing.TB
	name string
	ctx  context.Context
}

func newPhone(tb testing.TB, browser context.Context, name string) *phone {
	tb.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	tb.Cleanup(cancel)
	// The first action opens the tab; it must not run under a deadline,
	// which would close the tab when it passes.
	if err := chromedp.Do(ctx); err != nil {
		tb.Fatalf("open tab: %v", err)
	}
	p := &phone{tb: tb, name: name, ctx: ctx}
	refuseDialogs(tb, ctx, name)
	refuseScriptErrors(tb, ctx, name)
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	return p
}

// refuseDialogs fails the test when the page opens a native dialog
// (alert, confirm, prompt): every question is asked in the page, because
// chat apps' built-in browsers block those boxes. The dialog is dismissed
// so the test runs on and reports the rest.
func refuseDialogs(tb testing.TB, ctx context.Context, name string) {
	var mu sync.Mutex
	var seen []string
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for d, err := range dialogs {
			if err != nil {
				return
			}
			mu.Lock()
			seen = append(seen, string(d.Type)+": "+d.Message)
			mu.Unlock()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	tb.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, d := range seen {
			tb.Errorf("%s: the page opened a native dialog (%s)", name, d)
		}
	})
}

// refuseScriptErrors fails the test when a page's script throws and
// nothing catches it (an unhandled promise rejection included): a page
// whose script died draws on, but no longer acts, and nothing else would
// notice. Each page kind loads its own joined script, so a helper one kind
// forgot to load fails here, on the screen that used it.
func refuseScriptErrors(tb testing.TB, ctx context.Context, name string) {
	var mu sync.Mutex
	var seen []string
	thrown := chromedp.Events(ctx, cdpruntime.ExceptionThrown)
	go func() {
		for e, err := range thrown {
			if err != nil {
				return
			}
			d := e.ExceptionDetails
			what := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				what += " " + d.Exception.Description
			}
			mu.Lock()
			seen = append(seen, fmt.Sprintf("%s (%s:%d)", what, d.URL, d.LineNumber+1))
			mu.Unlock()
		}
	}()
	tb.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range seen {
			tb.Errorf("%s: a script threw and nothing caught it: %s", name, e)
		}
	})
}

// run performs actions with a deadline, failing the test on error. A node
// the page replaced between finding it and acting on it (a frame swapped
// the live region in: after a load, the socket's first frame always does)
// is looked for again: the action never reached it.
func (p *phone) run(actions ...chromedp.Action[chromedp.Void]) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserStep)
	defer cancel()
	for {
		err := chromedp.Do(ctx, actions...)
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Could not find node with given id") || ctx.Err() != nil {
			p.fail(err)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// get runs one action that returns a value.
// browserStep bounds one browser step (a wait, a page load, an axe run). It is
// a bound on a stuck page, not a speed: the suite runs two browsers side
// by side on two cores beside another package's tests, and an axe run
// over inkognito's sheet took over 20 s there.
const browserStep = 45 * time.Second

func get[T any](p *phone, a chromedp.Action[T]) T {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, browserStep)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		p.fail(err)
	}
	return v
}

func (p *phone) fail(err error) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	html, _ := chromedp.Run(ctx, chromedp.OuterHTML(chromedp.CSS("main")))
	p.tb.Fatalf("%s: %v\npage main:\n%s", p.name, err, truncate(html, 3000))
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func tid(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

// visible reports whether a testid is on screen now, without waiting.
func (p *phone) visible(id string) bool {
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.offsetParent !== null && !e.disabled })()`, string(tid(id)))))
}

func (p *phone) text(id string) string {
	s := get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.textContent : "" })()`, string(tid(id)))))
	return strings.Join(strings.Fields(s), " ")
}

// createRoom opens slug's room from the home page, with the default
// settings, as a host does, and returns the room's link.
func (p *phone) createRoom(m *Main, slug string) string {
	p.tb.Helper()
	p.run(
		chromedp.Navigate(m.URL()+"/"),
		chromedp.WaitVisible(tid("game-card-"+slug)),
		chromedp.Click(chromedp.CSS("#create-"+slug+"-details summary")),
		chromedp.WaitVisible(tid("create-submit-"+slug)),
		chromedp.Click(tid("create-submit-"+slug)),
		chromedp.WaitVisible(tid("join-form")),
	)
	return get(p, chromedp.Location())
}

func (p *phone) join(url, name string) {
	p.tb.Helper()
	p.run(
		chromedp.Navigate(url),
		chromedp.WaitVisible(tid("join-form")),
		// The field holds the name this phone last joined with: typed
		// after it, "Ann" became "AnnAnn".
		chromedp.Evaluate[chromedp.Void](`document.getElementById("join-name").value = ""`),
		chromedp.SendKeys(chromedp.CSS("#join-name"), name),
		chromedp.Click(tid("join-submit")),
		chromedp.WaitNotPresent(tid("join-form")),
		chromedp.WaitVisible(tid("lobby-seats")),
	)
}

// eventually polls cond until it holds, for effects that arrive over the websocket.
func eventually(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	if !within(20*time.Second, cond) {
		tb.Fatalf("timed out waiting until %s", what)
	}
}

// within polls cond until it holds (true) or d has passed (false).
func within(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
	return true
}

// Four phones (three people and a bot) open a wink room by its link, the host
// starts it, everyone draws, turns pass, a reload keeps the seat and hand,
// and the table screen shows the public board only.
func TestBrowser_WinkFirstTurns(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	host := newPhone(t, browser, "Ann")
	url := host.createRoom(m, "wink")
	if !strings.Contains(url, "/r/") {
		t.Fatalf("after creating a room the host is at %s", url)
	}
	host.join(url, "Ann")

	ben := newPhone(t, browser, "Ben")
	ben.join(url, "Ben")
	cy := newPhone(t, browser, "Cy")
	cy.join(url, "Cy")

	// Everyone sees the others arrive live.
	eventually(t, "Ann sees three seats", func() bool { return strings.Contains(host.text("lobby-seats"), "Cy") })

	// Cy's phone goes away: the others see "reconnecting"; it comes back to the same seat.
	cy.run(chromedp.Navigate("about:blank"))
	eventually(t, "Ann sees Cy reconnecting", func() bool { return host.visible("seat-reconnecting-2") })
	cy.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("lobby-seats")))
	if cy.visible("join-form") {
		t.Fatal("Cy lost the seat on reload")
	}
	eventually(t, "Cy is back", func() bool { return !host.visible("seat-reconnecting-2") })

	if ben.visible("add-bot") || ben.visible("start") {
		t.Fatal("a guest sees host controls")
	}
	if !host.tap("add-bot") {
		t.Fatal("no add-bot button")
	}
	eventually(t, "the bot is seated", func() bool { return strings.Contains(host.text("seat-count"), "4") })
	eventually(t, "start is enabled", func() bool { return host.visible("start") })
	if !host.tap("start") {
		t.Fatal("no start button")
	}

	phones := []*phone{host, ben, cy}
	for _, p := range phones {
		p.run(chromedp.WaitVisible(tid("wink-seat")))
	}

	// The table screen shows the public board and never a hand.
	table := newPhone(t, browser, "table")
	table.run(
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(url+"/table"),
		chromedp.WaitVisible(tid("wink-table")),
	)
	hands := get(table, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="wink-hand"],[data-testid="wink-agent"]').length`))
	if hands != 0 {
		t.Fatal("the table screen shows a hand")
	}
	host.shot("deal")
	table.shot("deal")

	// The deal round: whoever holds the suitcase takes their cards (the
	// bot draws by itself) until the first real turn begins.
	eventually(t, "the deal round ends", func() bool {
		all := true
		for _, p := range phones {
			if p.visible("wink-take-cards") {
				p.tap("wink-take-cards")
			}
			if p.phase() != "turn" {
				all = false
			}
		}
		return all
	})
	for _, p := range phones {
		if p.text("wink-agent") == "" || p.text("wink-location") == "" {
			t.Fatalf("%s holds no cards after the deal", p.name)
		}
	}

	// Ann catches Ben winking at Cy: the picker costs a chip and the whole
	// table sees the verdict.
	for _, step := range []string{"wink-caught", "wink-accuse-winker-1", "wink-accuse-target-2", "wink-accuse-confirm"} {
		if !host.tap(step) {
			t.Fatalf("accusation picker: cannot tap %s in\n%s", step, get(host, chromedp.Evaluate[string](`document.querySelector("#wink-caught-wrap").outerHTML`)))
		}
	}
	eventually(t, "Ann has spent a chip", func() bool {
		return get(host, chromedp.Evaluate[string](`document.querySelector('[data-testid="wink-chips"]').getAttribute("aria-label")`)) == "2 chips"
	})
	eventually(t, "Cy sees the accusation", func() bool { return strings.Contains(cy.text("wink-events"), "Ann") })
	host.shot("accused")
	cy.shot("accused")
	table.shot("accused")

	// Two turns: the suitcase holder passes (a bot passes or swaps by itself).
	for turn := 0; turn < 2; turn++ {
		var mover *phone
		eventually(t, "a phone may pass", func() bool {
			for _, p := range phones {
				if p.visible("wink-pass") {
					mover = p
					return true
				}
			}
			return false
		})
		if !mover.tap("wink-pass") {
			t.Fatalf("%s could not pass", mover.name)
		}
		eventually(t, mover.name+"'s turn ends", func() bool { return !mover.visible("wink-pass") })
	}

	// Ben reloads: same seat, same hand.
	agent, place := ben.text("wink-agent"), ben.text("wink-location")
	ben.run(chromedp.Reload(), chromedp.WaitVisible(tid("wink-seat")))
	if got := ben.text("wink-agent"); got != agent {
		t.Fatalf("after reload Ben's agent card reads %q, want %q", got, agent)
	}
	if got := ben.text("wink-location"); got != place {
		t.Fatalf("after reload Ben's location card reads %q, want %q", got, place)
	}
	if ben.text("wink-me") == host.text("wink-me") {
		t.Fatal("Ben's phone shows Ann's seat")
	}
}

// tap clicks a testid in one step inside the page, so a websocket update
// replacing the element between finding and clicking it cannot fail the
// test; it reports whether there was an enabled element to tap.
func (p *phone) tap(id string) bool {
	p.tb.Helper()
	return p.tapCSS(string(tid(id)))
}

// tapCSS is tap for any selector. An in-page confirmation ("Play this
// card?") is answered Confirm, as a player would.
func (p *phone) tapCSS(sel string) bool {
	p.tb.Helper()
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.disabled) return false; `+tapYes+`(e); return true })()`, sel)))
}

// tapYes is a page function that taps an element and answers its in-page
// confirmation, if one opened, with Confirm.
const tapYes = `(e => { e.click(); const ok = document.querySelector('#confirm:not([hidden]) [data-testid="confirm-ok"]'); if (ok) ok.click(); })`

// phase is the wink phase the phone shows.
func (p *phone) phase() string {
	return get(p, chromedp.Evaluate[string](`(() => { const e = document.querySelector('[data-testid="wink-seat"]'); return e ? e.dataset.phase : "" })()`))
}

func (p *phone) present(id string) bool {
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`!!document.querySelector(%q)`, string(tid(id)))))
}

// shot saves what the phone shows now as $SCREENSHOTS/<name>-<label>.png,
// for looking at every screen a match passes through; without SCREENSHOTS
// it does nothing.
func (p *phone) shot(label string) {
	p.tb.Helper()
	dir := os.Getenv("SCREENSHOTS")
	if dir == "" {
		return
	}
	png := get(p, chromedp.CaptureScreenshot())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.tb.Fatal(err)
	}
	name := strings.ReplaceAll(p.tb.Name(), "/", "_") + "-" + p.name + "-" + label + ".png"
	if err := os.WriteFile(dir+"/"+name, png, 0o644); err != nil {
		p.tb.Fatal(err)
	}
}

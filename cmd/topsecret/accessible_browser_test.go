package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Every game's lobby, phone and table screen, and the states a player
// meets on the way (the join form, a host's lobby, a how-to card, an open
// clue sheet, a card waiting for its confirmation, an error page), passes axe-core's WCAG 2.1 A/AA
// checks and WCAG 2.2's target size with no serious or critical failure,
// has one main landmark and one h1, keeps pulsing text readable, pulses
// only on the compositor and holds still for a reader who asks for less
// motion, and gives every tap target on a phone at least 24px of height,
// in English and in German.
func TestBrowser_EveryScreenAccessible(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	home := newPhone(t, browser, "home")
	home.run(chromedp.Navigate(m.URL()+"/"), chromedp.WaitVisible(tid("game-card-wink")))
	home.mustBeUsable("the home page", true)
	home.run(chromedp.Click(chromedp.CSS("#create-vault-details summary")), chromedp.WaitVisible(tid("create-submit-vault")))
	home.mustBeUsable("the home page with vault's settings open", true)
	home.run(chromedp.Navigate(m.URL()+"/r/ZZZZZZ"), chromedp.WaitVisible(tid("error")))
	home.mustBeUsable("a room that does not exist", true)
	hostURL := home.createRoom(m, "wink")
	home.join(hostURL, "Hal")
	home.mustBeUsable("a host's lobby", true)

	for _, lang := range []string{"en", "de"} {
		for _, g := range []struct {
			slug    string
			bots    int
			confirm bool // the first screen in play offers a control that asks first
		}{
			{"wink", 3, false}, {"vault", 2, true}, {"inkognito", 3, false}, {"couriers", 2, false}, {"embassy", 2, false},
		} {
			t.Run(lang+"/"+g.slug, func(t *testing.T) {
				t.Parallel() // each game's room and phones are its own
				everyScreenOf(t, browser, m, lang, g.slug, g.bots, g.confirm)
			})
		}
	}
}

// everyScreenOf checks one game's screens in language lang: its join
// form, lobby and how-to cards (those in English only: the cards are
// checked for every language by the how-to tests), the table's lobby, and
// the phone and table in play.
func everyScreenOf(t *testing.T, browser context.Context, m *Main, lang, slug string, bots int, confirm bool) {
	code, host := newRoom(t, m, slug, nil)
	url := m.URL() + "/r/" + code
	in := " (" + lang + ")"
	ann := newPhone(t, browser, "Ann")
	ann.tb = t
	ann.run(chromedp.Navigate(url+"?lang="+lang), chromedp.WaitVisible(tid("join-form")))
	ann.mustBeUsable(slug+" room with the join form"+in, true)
	ann.join(url, "Ann")
	addBots(t, m, code, host, bots)
	ann.mustBeUsable(slug+" lobby"+in, true)
	if lang == "en" {
		ann.mustReadEveryHowToCard(slug)
	}

	table := newPhone(t, browser, "table")
	table.tb = t
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table?lang="+lang), chromedp.WaitVisible(tid("lobby-seats")))
	table.mustBeUsable(slug+" table lobby"+in, false)

	if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	ann.run(chromedp.WaitVisible(tid(slug + "-seat")))
	ann.mustBeUsable(slug+" phone in play"+in, true)
	table.run(chromedp.WaitVisible(tid(slug + "-table")))
	table.mustBeUsable(slug+" table in play"+in, false)

	if slug == "inkognito" {
		ann.run(chromedp.WaitVisible(tid("inkognito-grid")))
		ann.mustBeUsable("inkognito with its clue sheet open"+in, true)
	}
	if ann.armAsking(5 * time.Second) {
		ann.mustBeUsable(slug+" phone asking to confirm"+in, true)
	} else if confirm {
		t.Fatalf("%s: no control that asks before it acts", slug)
	}
}

// Every game's finished match: its replay (secret files open, then through
// seat 1's eyes), the room's history and the finished room pass the same
// checks as the live screens, on a phone and on a 1280x720 screen, in
// English and in German; on the phone nothing scrolls sideways.
func TestBrowser_ReplayAndHistoryAccessible(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	type finished struct{ slug, code, id string }
	var all []finished
	for _, b := range m.Games.All() {
		info := b.Rules.Info()
		code, _, id := finishedMatch(t, m, info.Slug, info.MinPlayers, nil)
		all = append(all, finished{info.Slug, code, id})
	}
	for _, f := range all {
		waitFinished(t, m, f.code, f.id)
	}

	for _, lang := range []string{"en", "de"} {
		for _, screen := range []struct {
			name          string
			width, height int64
			phone         bool
		}{
			{"phone", 390, 844, true}, {"desk", 1280, 720, false},
		} {
			t.Run(lang+"/"+screen.name, func(t *testing.T) {
				t.Parallel() // each reader is a phone of its own; the matches only get read
				p := newPhone(t, browser, screen.name)
				p.tb = t
				p.run(chromedp.EmulateViewport(screen.width, screen.height), chromedp.Navigate(m.URL()+"/?lang="+lang))
				for _, f := range all {
					in := " of " + f.slug + " (" + lang + ")"
					p.run(chromedp.Navigate(m.URL()+"/m/"+f.id), chromedp.WaitVisible(tid("replay-frame")))
					p.mustBeUsable("the replay with its secret files"+in, screen.phone)
					if !p.tap("as-1") {
						t.Fatalf("%s: no as-1 perspective", f.slug)
					}
					eventually(t, "seat 1's view", func() bool { return strings.HasSuffix(p.frame(), "|1") })
					p.mustBeUsable("the replay through seat 1's eyes"+in, screen.phone)

					p.run(chromedp.Navigate(m.URL()+"/r/"+f.code+"/history"), chromedp.WaitVisible(tid("history")))
					p.mustBeUsable("the room's history"+in, screen.phone)

					p.run(chromedp.Navigate(m.URL()+"/r/"+f.code), chromedp.WaitVisible(tid("result")))
					p.mustBeUsable("the finished room"+in, screen.phone)
				}
			})
		}
	}
}

// mustBeUsable runs every check on the page as it is now: axe-core, one
// main and one h1, no pulsing text that fades, endless pulses on the
// compositor only and none for a reader who asks for less motion, and on
// a phone no tap target under 24px tall and nothing wider than the
// screen. It saves a screenshot when SCREENSHOTS is set.
func (p *phone) mustBeUsable(where string, phone bool) {
	p.tb.Helper()
	p.settle()
	p.shot(strings.NewReplacer(" ", "-", "'", "", "(", "", ")", "").Replace(where))
	p.accessible(where)
	p.mustHaveOneMainAndHeading(where)
	p.mustNotFadeText(where)
	p.mustPulseOnCompositor(where)
	p.mustRestForLessMotion(where)
	if phone {
		p.mustHaveTallTargets(where)
		p.mustNotScrollSideways(where)
	}
}

// settle waits (up to a second) for the page's transitions and one-off
// animations to end, so the checks see what a reader sees, not a frame of
// a button fading in.
func (p *phone) settle() {
	p.tb.Helper()
	p.run(chromedp.Evaluate[chromedp.Void](`Promise.race([
		Promise.all(document.getAnimations().filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity).map(a => a.finished.catch(() => {}))),
		new Promise(r => setTimeout(r, 1000)),
	])`, chromedp.EvalAwaitPromise))
}

// mustHaveOneMainAndHeading checks the page has exactly one main landmark
// and exactly one h1 (it may be visually hidden).
func (p *phone) mustHaveOneMainAndHeading(where string) {
	p.tb.Helper()
	got := get(p, chromedp.Evaluate[[]int](`[document.querySelectorAll('main, [role="main"]').length, document.querySelectorAll('h1').length]`))
	if len(got) != 2 || got[0] != 1 || got[1] != 1 {
		p.tb.Errorf("%s on %s: %v main landmarks and h1s, want exactly one of each", p.name, where, got)
	}
}

// The checks wait two frames for a style change to be drawn, or half a
// second: a tab the machine is too busy to draw in skips frames, and a
// wait on them alone once held a check past its bound.

// mustNotFadeText fails when text pulses by fading: an endless animation
// that changes opacity or colour on an element holding words takes them
// below readable contrast at some moment. A timer about to run out is made
// urgent first, so its pulse is checked too.
func (p *phone) mustNotFadeText(where string) {
	p.tb.Helper()
	raw := get(p, chromedp.Evaluate[string](`(async () => {
		const made = [...document.querySelectorAll('[data-deadline]:not(.urgent)')];
		for (const e of made) e.classList.add('urgent');
		await Promise.race([new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise(r => setTimeout(r, 500))]);
		const out = [];
		for (const a of document.getAnimations()) {
			const fx = a.effect;
			if (!fx || !fx.target || fx.pseudoElement || fx.getComputedTiming().iterations !== Infinity) continue;
			if (!fx.getKeyframes().some(k => 'opacity' in k || 'color' in k)) continue;
			const e = fx.target;
			if (!e.textContent.trim() || !e.checkVisibility()) continue;
			out.push((e.className && e.className.baseVal === undefined ? '.' + e.className.split(' ').join('.') : e.tagName) + ' ' + (a.animationName || '') + ': ' + e.textContent.trim().slice(0, 30));
		}
		for (const e of made) e.classList.remove('urgent');
		return JSON.stringify(out);
	})()`, chromedp.EvalAwaitPromise))
	var fading []string
	if err := json.Unmarshal([]byte(raw), &fading); err != nil {
		p.tb.Fatalf("%s: %v", where, err)
	}
	if len(fading) > 0 {
		p.tb.Errorf("%s on %s: text fades as it pulses:\n  %s", p.name, where, strings.Join(fading, "\n  "))
	}
}

// mustHaveTallTargets fails on any visible button, summary, select, link or
// label of a checkbox or radio less than 24px tall (WCAG 2.2's minimum
// target size): a thumb misses them.
func (p *phone) mustHaveTallTargets(where string) {
	p.tb.Helper()
	raw := get(p, chromedp.Evaluate[string](`(() => {
		const out = [];
		for (const e of document.querySelectorAll('button, summary, select, [role="button"], label, a[href]')) {
			if (e.tagName === 'LABEL' && !(e.control && (e.control.type === 'checkbox' || e.control.type === 'radio'))) continue;
			if (!e.checkVisibility({visibilityProperty: true})) continue;
			const r = e.getBoundingClientRect();
			if (r.width === 0 || r.height >= 24) continue;
			out.push(e.tagName.toLowerCase() + (e.dataset.testid ? '[' + e.dataset.testid + ']' : '.' + String(e.className).split(' ').join('.')) + ' ' + r.height.toFixed(1) + 'px: ' + e.textContent.trim().slice(0, 30));
		}
		return JSON.stringify(out);
	})()`))
	var small []string
	if err := json.Unmarshal([]byte(raw), &small); err != nil {
		p.tb.Fatalf("%s: %v", where, err)
	}
	if len(small) > 0 {
		p.tb.Errorf("%s on %s: %d tap targets under 24px tall:\n  %s", p.name, where, len(small), strings.Join(small, "\n  "))
	}
}

// mustReadEveryHowToCard opens the phone's how-to dialog and checks each
// card in turn, then closes it.
func (p *phone) mustReadEveryHowToCard(slug string) {
	p.tb.Helper()
	p.run(chromedp.WaitVisible(tid("howto-open")))
	n := p.openHowTo("howto-open")
	if n == 0 {
		p.tb.Fatalf("%s: the how-to dialog has no cards", slug)
	}
	for i := range n {
		card := "howto-card-" + strconv.Itoa(i)
		eventually(p.tb, card+" shows", func() bool { return p.visible(card) })
		p.mustBeUsable(slug+" how-to card "+strconv.Itoa(i+1), true)
		if i < n-1 {
			p.tap("howto-next")
		}
	}
	p.tap("howto-done")
	eventually(p.tb, "the how-to dialog closes", func() bool {
		return !get(p, chromedp.Evaluate[bool](`document.querySelector('#howto').open`))
	})
}

// armAsking taps the first enabled control on the board that asks before
// it acts (a vault card, a claim) once, so the confirmation sheet opens
// beside it, and reports whether one did. It waits a little for the
// board to offer one, up to within.
func (p *phone) armAsking(within time.Duration) bool {
	p.tb.Helper()
	deadline := time.Now().Add(within)
	for {
		if get(p, chromedp.Evaluate[bool](`(() => {
			const e = [...document.querySelectorAll('#room-main [data-confirm]')].find(e => !e.disabled && e.checkVisibility() && e.tagName !== 'FORM');
			if (!e) return false;
			e.click();
			return !document.querySelector('#confirm').hidden;
		})()`)) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// disarm answers an open confirmation with Cancel.
// The sheet may have closed by itself meanwhile (the match moved on while
// the checks ran and the control it asked about went), and then there is
// nothing to cancel: waiting for its Cancel to show once held a test for
// its whole bound.
func (p *phone) disarm() {
	p.tb.Helper()
	get(p, chromedp.Evaluate[bool](`(() => {
		const sheet = document.querySelector('#confirm'), cancel = document.querySelector('[data-testid="confirm-cancel"]');
		if (!sheet || sheet.hidden || !cancel) return false;
		cancel.click();
		return true;
	})()`))
	p.run(chromedp.WaitNotVisible(tid("confirm")))
}

// endlessPulses lists the page's endless animations that the compositor
// cannot run by itself: those of anything but opacity and transform, and
// any of an SVG shape (which the browser repaints), as "what animation:
// properties". unless the tab asks for less motion, none of them may run.
const endlessPulses = `(() => {
	const out = [];
	const cheap = new Set(["opacity", "transform", "translate", "scale", "rotate", "offset", "computedOffset", "easing", "composite"]);
	for (const a of document.getAnimations()) {
		const fx = a.effect;
		if (!fx || !fx.target || a.playState !== "running" || fx.getComputedTiming().iterations !== Infinity) continue;
		const props = [...new Set(fx.getKeyframes().flatMap(k => Object.keys(k)))].filter(k => !cheap.has(k));
		const svg = fx.target instanceof SVGElement && !(fx.target instanceof SVGSVGElement);
		if (props.length || svg) {
			const e = fx.target;
			out.push((e.getAttribute("class") || e.tagName) + (fx.pseudoElement || "") + " " + (a.animationName || "") + ": " + (svg ? "an SVG shape " : "") + props.join(", "));
		}
	}
	return JSON.stringify(out);
})()`

// mustPulseOnCompositor fails on an endless animation that repaints the
// page every frame (a box-shadow, an outline, a colour, an SVG shape):
// it keeps a phone's processor busy, and its battery draining, for as
// long as the screen shows it. A timer about to run out is made urgent
// first, so its pulse is checked too.
func (p *phone) mustPulseOnCompositor(where string) {
	p.tb.Helper()
	raw := get(p, chromedp.Evaluate[string](`(async () => {
		const made = [...document.querySelectorAll('[data-deadline]:not(.urgent)')];
		for (const e of made) e.classList.add('urgent');
		await Promise.race([new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise(r => setTimeout(r, 500))]);
		const out = `+endlessPulses+`;
		for (const e of made) e.classList.remove('urgent');
		return out;
	})()`, chromedp.EvalAwaitPromise))
	var costly []string
	if err := json.Unmarshal([]byte(raw), &costly); err != nil {
		p.tb.Fatalf("%s: %v", where, err)
	}
	if len(costly) > 0 {
		p.tb.Errorf("%s on %s: endless animations repaint every frame:\n  %s", p.name, where, strings.Join(costly, "\n  "))
	}
}

// mustRestForLessMotion asks the page for less motion (prefers-reduced-
// motion: reduce, as a phone's accessibility setting does) and fails on
// any animation still running endlessly or for long, then asks again for
// the default.
func (p *phone) mustRestForLessMotion(where string) {
	p.tb.Helper()
	p.emulateMotion("reduce")
	defer p.emulateMotion("")
	raw := get(p, chromedp.Evaluate[string](`(async () => {
		await Promise.race([new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise(r => setTimeout(r, 500))]);
		const out = [];
		for (const a of document.getAnimations()) {
			const t = a.effect && a.effect.getComputedTiming();
			if (!t || a.playState !== "running" || (t.iterations !== Infinity && t.endTime < 100)) continue;
			const e = a.effect.target;
			out.push((e ? e.getAttribute("class") || e.tagName : "?") + (a.effect.pseudoElement || "") + " " + (a.animationName || "") + " for " + t.endTime + " ms");
		}
		return JSON.stringify(out);
	})()`, chromedp.EvalAwaitPromise))
	var moving []string
	if err := json.Unmarshal([]byte(raw), &moving); err != nil {
		p.tb.Fatalf("%s: %v", where, err)
	}
	if len(moving) > 0 {
		p.tb.Errorf("%s on %s: with less motion asked for, still moving:\n  %s", p.name, where, strings.Join(moving, "\n  "))
	}
}

// mustNotScrollSideways fails when the page is wider than the phone's
// screen: a reader would have to scroll sideways to read names and reach
// buttons (WCAG 1.4.10). It names the widest element sticking out.
func (p *phone) mustNotScrollSideways(where string) {
	p.tb.Helper()
	out := get(p, chromedp.Evaluate[string](`(() => {
		const w = document.documentElement.clientWidth;
		if (document.documentElement.scrollWidth <= w) return "";
		let worst = null, right = w;
		for (const e of document.querySelectorAll("body *")) {
			const r = e.getBoundingClientRect();
			if (r.right > right + 0.5 && e.checkVisibility()) { worst = e; right = r.right; }
		}
		return (worst ? (worst.getAttribute("data-testid") || worst.getAttribute("class") || worst.tagName) : "?") + " ends at " + right.toFixed(0) + "px of " + w;
	})()`))
	if out != "" {
		p.tb.Errorf("%s on %s: the page scrolls sideways: %s", p.name, where, out)
	}
}

// emulateMotion sets the tab's prefers-reduced-motion ("reduce", or "" for
// the default).
func (p *phone) emulateMotion(value string) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	params := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: value}}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, params); err != nil {
		p.fail(err)
	}
}

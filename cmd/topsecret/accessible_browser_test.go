package main

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Every game's lobby, phone and table screen, and the states a player
// meets on the way (the join form, a host's lobby, a how-to card, an open
// clue sheet, a card waiting for its confirmation, an error page), passes axe-core's WCAG 2.1 A/AA
// checks with no serious or critical failure, has one main landmark and
// one h1, keeps pulsing text readable, and gives every tap target on a
// phone at least 24px of height.
func TestBrowser_EveryScreenAccessible(t *testing.T) {
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

	for _, g := range []struct {
		slug    string
		bots    int
		confirm bool // the first screen in play offers a control that asks first
	}{
		{"wink", 3, false}, {"vault", 2, true}, {"inkognito", 3, false}, {"couriers", 2, false}, {"embassy", 2, false},
	} {
		t.Run(g.slug, func(t *testing.T) {
			code, host := newRoom(t, m, g.slug, nil)
			url := m.URL() + "/r/" + code
			ann := newPhone(t, browser, "Ann")
			ann.tb = t
			ann.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("join-form")))
			ann.mustBeUsable(g.slug+" room with the join form", true)
			ann.join(url, "Ann")
			addBots(t, m, code, host, g.bots)
			ann.mustBeUsable(g.slug+" lobby", true)
			ann.mustReadEveryHowToCard(g.slug)

			table := newPhone(t, browser, "table")
			table.tb = t
			table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("lobby-seats")))
			table.mustBeUsable(g.slug+" table lobby", false)

			if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
				t.Fatalf("start: %d", st)
			}
			ann.run(chromedp.WaitVisible(tid(g.slug + "-seat")))
			ann.mustBeUsable(g.slug+" phone in play", true)
			table.run(chromedp.WaitVisible(tid(g.slug + "-table")))
			table.mustBeUsable(g.slug+" table in play", false)

			if g.slug == "inkognito" {
				ann.run(chromedp.WaitVisible(tid("inkognito-grid")))
				ann.mustBeUsable("inkognito with its clue sheet open", true)
			}
			if ann.armAsking(5 * time.Second) {
				ann.mustBeUsable(g.slug+" phone asking to confirm", true)
			} else if g.confirm {
				t.Fatalf("%s: no control that asks before it acts", g.slug)
			}
		})
	}
}

// A finished match's replay (its secret files open) and the room's
// history pass the same checks as the live screens, on a phone and on a
// 1280x720 screen.
func TestBrowser_ReplayAndHistoryAccessible(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, id := mustFinishedBotMatch(t, m.URL())

	for _, screen := range []struct {
		name          string
		width, height int64
		phone         bool
	}{
		{"phone", 390, 844, true}, {"desk", 1280, 720, false},
	} {
		t.Run(screen.name, func(t *testing.T) {
			p := newPhone(t, browser, screen.name)
			p.tb = t
			p.run(chromedp.EmulateViewport(screen.width, screen.height))

			p.run(chromedp.Navigate(m.URL()+"/m/"+id), chromedp.WaitVisible(tid("replay-frame")))
			p.mustBeUsable("the replay with its secret files", screen.phone)
			if !p.tap("as-1") {
				t.Fatal("no as-1 perspective")
			}
			eventually(t, "seat 1's view", func() bool { return strings.HasSuffix(p.frame(), "|1") })
			p.mustBeUsable("the replay through seat 1's eyes", screen.phone)

			p.run(chromedp.Navigate(m.URL()+"/r/"+code+"/history"), chromedp.WaitVisible(tid("history")))
			p.mustBeUsable("the room's history", screen.phone)

			p.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("result")))
			p.mustBeUsable("the finished room", screen.phone)
		})
	}
}

// mustBeUsable runs every check on the page as it is now: axe-core, one
// main and one h1, no pulsing text that fades, and on a phone no tap
// target under 24px tall. It saves a screenshot when SCREENSHOTS is set.
func (p *phone) mustBeUsable(where string, phone bool) {
	p.tb.Helper()
	p.settle()
	p.shot(strings.NewReplacer(" ", "-", "'", "").Replace(where))
	p.accessible(where)
	p.mustHaveOneMainAndHeading(where)
	p.mustNotFadeText(where)
	if phone {
		p.mustHaveTallTargets(where)
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

// mustNotFadeText fails when text pulses by fading: an endless animation
// that changes opacity or colour on an element holding words takes them
// below readable contrast at some moment. A timer about to run out is made
// urgent first, so its pulse is checked too.
func (p *phone) mustNotFadeText(where string) {
	p.tb.Helper()
	raw := get(p, chromedp.Evaluate[string](`(async () => {
		const made = [...document.querySelectorAll('[data-deadline]:not(.urgent)')];
		for (const e of made) e.classList.add('urgent');
		await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
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

// mustHaveTallTargets fails on any visible button, summary, select or
// label of a checkbox or radio less than 24px tall (WCAG 2.2's minimum
// target size): a thumb misses them.
func (p *phone) mustHaveTallTargets(where string) {
	p.tb.Helper()
	raw := get(p, chromedp.Evaluate[string](`(() => {
		const out = [];
		for (const e of document.querySelectorAll('button, summary, select, [role="button"], label')) {
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
	p.tap("howto-open")
	n := get(p, chromedp.Evaluate[int](`document.querySelectorAll('#howto [data-howto-card]').length`))
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
func (p *phone) disarm() {
	p.tb.Helper()
	p.run(chromedp.Click(tid("confirm-cancel")), chromedp.WaitNotVisible(tid("confirm")))
}

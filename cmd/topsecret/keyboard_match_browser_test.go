package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// keyboardChoice is what the keyboard player means to do next: nothing
// yet, or which control to reach with Tab (marked data-kb in the page) and
// the key that works it there.
type keyboardChoice struct {
	Key  string `json:"key"` // "" (nothing to do), "enter" or "space"
	What string `json:"what"`
}

// chooseByKeyboard marks one control a player could work now and says
// how. Confirm in an open confirmation first; else one at random of: an
// enabled control that acts (data-act, or the submit button of a form that
// acts), an unchecked choice of such a form, or a city of couriers' list.
// A wink phone's eyes (look, wink, glance) make no move: left alone.
const chooseByKeyboard = `(() => {
	for (const e of document.querySelectorAll("[data-kb]")) e.removeAttribute("data-kb");
	const seen = e => e.checkVisibility({visibilityProperty: true, opacityProperty: false}) && !e.disabled && !e.closest("[inert], details:not([open]) > :not(summary)");
	const ok = document.querySelector('#confirm:not([hidden]) [data-testid="confirm-ok"]');
	if (ok) { ok.setAttribute("data-kb", ""); return {key: "enter", what: "confirm"}; }
	const idle = new Set(["set_focus", "wink", "signal"]);
	const main = document.querySelector("#room-main");
	const out = [];
	for (const e of main.querySelectorAll("button[data-act], [role=button][data-act]")) {
		if (!idle.has(e.dataset.act) && seen(e)) out.push([e, "enter", e.dataset.act, 3]);
	}
	for (const e of document.querySelectorAll("button[type=submit]")) {
		if (e.form && e.form.hasAttribute("data-act") && main.contains(e.form) && seen(e)) out.push([e, "enter", "submit " + e.form.dataset.act, 3]);
	}
	for (const f of main.querySelectorAll("form[data-act]")) {
		const radios = [...f.querySelectorAll("input[type=radio]")].filter(r => !r.checked && seen(r) && r.tabIndex >= 0);
		if (radios.length) out.push([radios[Math.floor(Math.random() * radios.length)], "space", "pick in " + f.dataset.act, 2]);
	}
	for (const e of main.querySelectorAll(".cz-cl[aria-pressed=false]")) {
		if (seen(e)) out.push([e, "enter", "city " + e.value, 2]);
	}
	if (!out.length) return {key: "", what: ""};
	let n = Math.random() * out.reduce((s, c) => s + c[3], 0);
	const c = out.find(c => (n -= c[3]) < 0) || out[0];
	c[0].setAttribute("data-kb", "");
	return {key: c[1], what: c[2]};
})()`

// countDraws counts the room's redraws from now in window.__kbDrawn.
const countDraws = `(() => {
	if (!window.__kbCounting) { window.__kbCounting = true; document.addEventListener("topsecret:drawn", () => window.__kbDrawn++); }
	window.__kbDrawn = 0;
	return true;
})()`

// focusedChoice says where Tab has brought focus: "here" on the marked
// control (or, for a choice among radios, on any radio of its group: the
// arrow keys would go on from there, Space takes the one focused),
// "gone" when a redraw took the mark away, "back" when the control comes
// before the focus in the page (a player would press Shift+Tab: the
// pages use no positive tabindex, so the page's order is Tab's), else "".
const focusedChoice = `(() => {
	const want = document.querySelector("[data-kb]"), at = document.activeElement;
	if (!want) return "gone";
	if (at === want) return "here";
	if (want.type === "radio" && at && at.type === "radio" && at.name === want.name && at.form === want.form) return "here";
	if (at && at !== document.body && (want.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING)) return "back";
	return "";
})()`

// playByKeyboard plays p's seat until the match is over with Tab, Enter
// and Space only: each step Tab walks to a control chosen at random among
// those that act, and a key works it, every stop showing its focus ring.
// It fails when the page offers nothing for a minute while the seat is
// awaited, when a bot takes the seat over (a timer acted for it), or when
// the match is not over by deadline. It returns how many moves it made.
func (p *phone) playByKeyboard(deadline time.Time) int {
	p.tb.Helper()
	moves, idleSince := 0, time.Now()
	did := map[string]int{}
	defer func() { p.tb.Logf("by keyboard: %v", did) }()
	for !p.visible("result") {
		if time.Now().After(deadline) {
			p.shot("keyboard-timeout")
			p.fail(fmt.Errorf("the match is not over after %d moves by keyboard", moves))
		}
		if p.present("standin") || get(p, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid^="seat-standin-"]')`)) {
			p.fail(fmt.Errorf("a bot took the seat over after %d moves by keyboard: a timer ran out", moves))
		}
		c := get(p, chromedp.Evaluate[keyboardChoice](chooseByKeyboard))
		if c.Key == "" {
			if mine := get(p, chromedp.Evaluate[bool](`!!document.querySelector("#room-main #board[data-your-move]")`)); mine && time.Since(idleSince) > time.Minute {
				p.shot("keyboard-stuck")
				p.fail(fmt.Errorf("for a minute it is this seat's move and no control can be worked by keyboard"))
			}
			time.Sleep(150 * time.Millisecond)
			continue
		}
		idleSince = time.Now()
		if p.tabTo() {
			get(p, chromedp.Evaluate[bool](countDraws))
			p.press(map[string]string{"enter": kb.Enter, "space": " "}[c.Key])
			moves++
			did[c.What]++
			// A player waits to see what the key did: the next frame, or a
			// moment (a choice in a form draws nothing; Confirm takes a
			// key only once its question has been up a moment).
			within(450*time.Millisecond, func() bool { return get(p, chromedp.Evaluate[int](`window.__kbDrawn`)) > 0 })
		}
	}
	return moves
}

// tabTo presses Tab until focus is on the control chooseByKeyboard marked
// and reports whether it got there (a redraw may take the control away
// first). Each stop on the way must show a focus ring.
func (p *phone) tabTo() bool {
	p.tb.Helper()
	for range 300 {
		switch get(p, chromedp.Evaluate[string](focusedChoice)) {
		case "here":
			f := p.focus()
			if f.ID == "BODY" {
				return false // a frame took the control away just now
			}
			if !f.Visible || !f.Ring {
				p.fail(fmt.Errorf("the chosen control %s %q shows no focus ring", f.ID, f.Name))
			}
			return true
		case "gone":
			return false
		case "back":
			p.pressShiftTab()
			continue
		}
		p.press(kb.Tab)
	}
	p.fail(fmt.Errorf("300 presses of Tab never reached the chosen control"))
	return false
}

// A whole match of each game is played by one phone with the keyboard
// alone (bots fill the other seats): every choice is reached with Tab,
// made with Enter or Space, confirmed in the page's own question the same
// way, and the match ends without a timer ever moving for the player.
func TestBrowser_EveryGameByKeyboardAlone(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	for _, g := range []struct {
		slug    string
		bots    int
		options map[string]any
	}{
		{"wink", 3, map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4}},
		{"vault", 2, nil},
		{"inkognito", 3, nil},
		{"couriers", 1, nil},
		{"embassy", 1, nil},
	} {
		t.Run(g.slug, func(t *testing.T) {
			t.Parallel() // a couriers match takes minutes: the others play meanwhile
			ann := newPhone(t, browser, "Ann")
			ann.tb = t
			mustStartMatch(t, m, g.slug, g.options, g.bots, ann)
			ann.run(chromedp.WaitVisible(tid(g.slug + "-seat")))
			start := time.Now()
			moves := ann.playByKeyboard(time.Now().Add(6 * time.Minute))
			t.Logf("%s: %d moves by keyboard in %s", g.slug, moves, time.Since(start).Round(time.Second))
			if moves == 0 {
				t.Fatal("the match ended without a single move by keyboard")
			}
			if txt := ann.text("result"); strings.TrimSpace(txt) == "" {
				t.Fatal("the match is over and the result says nothing")
			}
			ann.shot("over")
		})
	}
}

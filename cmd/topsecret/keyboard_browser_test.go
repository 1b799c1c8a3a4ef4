package main

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focusStop is where keyboard focus is: the element (by test id, id or
// tag), its accessible-ish name, whether it shows a focus ring, the ring's
// contrast against what is behind it, and where it is on screen.
type focusStop struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Visible  bool    `json:"visible"`
	Ring     bool    `json:"ring"`
	Contrast float64 `json:"contrast"`
	X        float64 `json:"x"`
	W        float64 `json:"w"`
	H        float64 `json:"h"`
	InBar    bool    `json:"inBar"`
}

// readFocus describes document.activeElement. A ring is an outline of at
// least 2 px on the element or (for a control drawn by its wrapper, such
// as a radio inside a label) on one of its three nearest ancestors; its
// contrast is WCAG's, against the first opaque background behind it.
const readFocus = `(() => {
	const el = document.activeElement;
	if (!el || el === document.body) return {id: "BODY"};
	const rgb = s => (s.match(/[\d.]+/g) || [0, 0, 0, 0]).map(Number);
	const lum = c => { const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
		return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
	const behind = n => { for (n = n.parentElement; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
		if (c.length < 4 || c[3] > 0.5) return c; } return rgb(getComputedStyle(document.body).backgroundColor); };
	let ring = null;
	for (let n = el, k = 0; n && k < 4; n = n.parentElement, k++) {
		const cs = getComputedStyle(n);
		if (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2) { ring = {n, c: rgb(cs.outlineColor)}; break; }
	}
	let contrast = 0;
	if (ring) { const a = lum(ring.c), b = lum(behind(ring.n)); contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }
	const r = el.getBoundingClientRect();
	const name = (el.getAttribute("aria-label") || (el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || el.title || "").trim().replace(/\s+/g, " ").slice(0, 60);
	return {id: el.getAttribute("data-testid") || el.id || el.tagName, name, visible: el.matches(":focus-visible"), ring: !!ring, contrast,
		x: r.left, w: r.width, h: r.height, inBar: !!el.closest("#replay-controls")};
})()`

func (p *phone) focus() focusStop {
	p.tb.Helper()
	return get(p, chromedp.Evaluate[focusStop](readFocus))
}

// press sends keys to whatever has focus, as a keyboard would.
func (p *phone) press(keys ...string) {
	p.tb.Helper()
	for _, k := range keys {
		p.run(chromedp.KeyEvent(k))
	}
}

// pressShiftTab moves focus back one stop, as Shift+Tab does.
func (p *phone) pressShiftTab() {
	p.tb.Helper()
	p.run(chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
}

// tabThrough presses Tab until focus comes back to where it started (or
// leaves the page), and returns every stop on the way. Each must show a
// ring of at least 3:1, take room on screen and have a name.
func (p *phone) tabThrough(where string) []focusStop {
	p.tb.Helper()
	var stops []focusStop
	seen := map[string]int{}
	for range 80 {
		p.press(kb.Tab)
		s := p.focus()
		if s.ID == "BODY" || seen[s.ID+"|"+s.Name] > 0 {
			break
		}
		seen[s.ID+"|"+s.Name]++
		stops = append(stops, s)
		switch {
		case !s.Visible || !s.Ring:
			p.fail(fmt.Errorf("%s: Tab reached %s %q with no visible focus ring", where, s.ID, s.Name))
		case s.Contrast < 3:
			p.fail(fmt.Errorf("%s: the focus ring on %s %q has contrast %.2f, want at least 3", where, s.ID, s.Name, s.Contrast))
		case s.W < 1 || s.H < 1:
			p.fail(fmt.Errorf("%s: Tab reached %s %q, which is not on screen", where, s.ID, s.Name))
		case s.Name == "":
			p.fail(fmt.Errorf("%s: Tab reached %s with no name", where, s.ID))
		}
	}
	if len(stops) < 3 {
		p.fail(fmt.Errorf("%s: Tab reached only %v", where, stops))
	}
	return stops
}

func (p *phone) replayStep() (step, last int, playing bool) {
	p.tb.Helper()
	type state struct {
		Step    string `json:"step"`
		Steps   string `json:"steps"`
		Playing bool   `json:"playing"`
	}
	s := get(p, chromedp.Evaluate[state](`(() => { const r = document.querySelector("[data-testid=replay]");
		return {step: r.getAttribute("data-step"), steps: r.getAttribute("data-steps"), playing: r.classList.contains("playing")}; })()`))
	step, _ = strconv.Atoi(s.Step)
	n, _ := strconv.Atoi(s.Steps)
	return step, n - 1, s.Playing
}

// The replay works from the keyboard alone: Tab visits every control in
// the order they stand in the bar, each with a visible ring; the arrow
// keys step from the first step to the last, focus staying visible when
// the button it was on turns off; space plays and pauses; and on a phone
// Escape folds "More" and gives focus back to its button.
func TestBrowser_ReplayByKeyboardAlone(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	_, id := mustFinishedBotMatch(t, m.URL())

	tv := newPhone(t, browser, "desk")
	tv.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/m/"+id+"#0"), chromedp.WaitVisible(tid("replay-frame")))
	stops := tv.tabThrough("replay at 1280x720")
	var bar []focusStop
	for _, s := range stops {
		if s.InBar {
			bar = append(bar, s)
		}
	}
	for i := 1; i < len(bar); i++ {
		if bar[i].X <= bar[i-1].X {
			tv.fail(fmt.Errorf("Tab goes from %s to %s, leftwards in the control bar: %v", bar[i-1].ID, bar[i].ID, bar))
		}
	}
	tv.shot("replay-tabbed")

	// Tab to the forward button; Home, then → until the last step.
	for range 40 {
		if tv.focus().ID == "replay-forward" {
			break
		}
		tv.press(kb.Tab)
	}
	if got := tv.focus().ID; got != "replay-forward" {
		t.Fatalf("Tab never reached the forward button (at %s)", got)
	}
	tv.press(kb.Home)
	eventually(t, "Home shows step 0", func() bool { s, _, _ := tv.replayStep(); return s == 0 })
	_, last, _ := tv.replayStep()
	for want := 1; want <= last; want++ {
		tv.press(kb.ArrowRight)
		eventually(t, fmt.Sprintf("→ shows step %d", want), func() bool { s, _, _ := tv.replayStep(); return s == want })
	}
	if f := tv.focus(); f.ID == "BODY" || !f.Visible || !f.Ring {
		t.Fatalf("at the last step focus is on %s (ring %v): it fell with the forward button", f.ID, f.Ring)
	}
	tv.shot("replay-last-step")

	// Space plays from the start and pauses.
	tv.press(" ")
	eventually(t, "space plays", func() bool { s, _, on := tv.replayStep(); return on && s < last })
	tv.press(" ")
	eventually(t, "space pauses", func() bool { _, _, on := tv.replayStep(); return !on })
	at, _, _ := tv.replayStep()
	time.Sleep(1500 * time.Millisecond) // a paused replay stays where it is
	if s, _, _ := tv.replayStep(); s != at {
		t.Fatalf("paused at step %d, then step %d", at, s)
	}

	// A phone: "More" opens from the keyboard and Escape folds it back.
	ph := newPhone(t, browser, "phone")
	ph.run(chromedp.Navigate(m.URL()+"/m/"+id+"#0"), chromedp.WaitVisible(tid("replay-frame")))
	ph.tabThrough("replay at 390x844")
	for range 40 {
		if ph.focus().ID == "replay-more" {
			break
		}
		ph.press(kb.Tab)
	}
	ph.press(kb.Enter)
	ph.press(kb.Tab)
	if f := ph.focus(); f.ID != "replay-start" && !strings.HasPrefix(f.ID, "replay-") {
		t.Fatalf("Tab after opening More went to %s, want the first folded control", f.ID)
	}
	ph.shot("replay-more-open")
	ph.press(kb.Escape)
	if f := ph.focus(); f.ID != "replay-more" || !f.Visible {
		t.Fatalf("Escape left focus on %s, want the More button", f.ID)
	}
	if open := get(ph, chromedp.Evaluate[bool](`document.querySelector("#replay-controls").classList.contains("open")`)); open {
		t.Fatal("Escape left More open")
	}
}

// The table screen works from the keyboard alone: Tab visits every control
// with a visible ring and a name; focus stays where it is when the next
// frame redraws the room; the how-to-play dialog opens with Enter, keeps
// Tab inside itself, closes with Escape and gives focus back.
func TestBrowser_TableScreenByKeyboardAlone(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host := mustStartMatch(t, m, "vault", nil, 3)
	tv := newPhone(t, browser, "table")
	tv.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table"), chromedp.WaitVisible(tid("room-main")))
	stops := tv.tabThrough("table screen")
	t.Logf("table screen Tab order: %v", stops)
	tv.shot("table-tabbed")

	// Focus in the redrawn room (the side column's standings) survives
	// the frames of the next match.
	for range 40 {
		if f := tv.focus(); f.ID == "SUMMARY" {
			break
		}
		tv.press(kb.Tab)
	}
	before := tv.focus()
	if before.ID != "SUMMARY" {
		t.Fatalf("Tab never reached the standings (at %s)", before.ID)
	}
	get(tv, chromedp.Evaluate[bool](`window.__frames = 0; document.addEventListener("topsecret:drawn", () => window.__frames++); true`))
	if st := apiPost(t, m, "/api/rooms/"+code+"/rematch", host, nil, nil); st != http.StatusOK {
		t.Fatalf("next match: %d", st)
	}
	eventually(t, "frames redraw the table", func() bool { return get(tv, chromedp.Evaluate[int](`window.__frames`)) >= 2 })
	if f := tv.focus(); f.ID != before.ID || f.Name != before.Name || !f.Visible {
		t.Fatalf("after a redraw focus is on %s %q, want %s %q", f.ID, f.Name, before.ID, before.Name)
	}

	// The how-to-play dialog, on a phone in the room.
	ann := newPhone(t, browser, "Ann")
	ann.join(m.URL()+"/r/"+code, "Ann")
	tv = ann
	for range 40 {
		if tv.focus().ID == "howto-ask" {
			break
		}
		tv.press(kb.Tab)
	}
	if tv.focus().ID != "howto-ask" {
		t.Fatal("Tab never reached the how-to-play button")
	}
	tv.press(kb.Enter)
	inDialog := `!!document.activeElement.closest("dialog[open]")`
	eventually(t, "the dialog opens with focus inside", func() bool { return get(tv, chromedp.Evaluate[bool](inDialog)) })
	for i := range 12 {
		tv.press(kb.Tab)
		if !get(tv, chromedp.Evaluate[bool](inDialog)) {
			t.Fatalf("Tab %d left the open dialog for %s", i+1, tv.focus().ID)
		}
		if f := tv.focus(); !f.Visible || !f.Ring {
			t.Fatalf("in the dialog, %s %q shows no focus ring", f.ID, f.Name)
		}
	}
	tv.shot("table-howto")
	tv.press(kb.Escape)
	eventually(t, "Escape closes the dialog", func() bool { return !get(tv, chromedp.Evaluate[bool](`!!document.querySelector("dialog[open]")`)) })
	if f := tv.focus(); f.ID != "howto-ask" || !f.Visible {
		t.Fatalf("after Escape focus is on %s, want back on the how-to-play button", f.ID)
	}
}

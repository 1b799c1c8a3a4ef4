package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// unsignedMarks lists the seat-coloured pieces on the board that wear no
// sign beside their fill: couriers' agents and suitcases (each followed by
// its sign's <use>, or the figure's drawing holds it), embassy's spies and
// bodyguards, suitcase chips in lines of text and the seat list's avatars
// (signs drawn by the stylesheet). A sign counts only if its shape is
// defined.
const unsignedMarks = `(() => {
	const bad = [];
	const defined = u => {
		const def = document.querySelector(u.getAttribute("href"));
		return def && def.getAttribute("d");
	};
	// An agent's figure wears its sign inside its colour's drawing (#zp-red).
	const inside = u => {
		const def = document.querySelector(u.getAttribute("href"));
		return def && def.querySelector("use[href^='#zs-']");
	};
	const next = el => {
		for (let n = el.nextElementSibling; n; n = n.nextElementSibling) {
			if (n.matches("use[href^='#zs-'], use[href^='#em-sg-']")) return n;
			if (n.matches("use[href^='#zp'], use[href^='#zk'], use[href^='#em-']")) return null;
		}
		return null;
	};
	document.querySelectorAll(":is(use[href^='#zp'], use[href^='#zk'], use[href='#em-s'], use[href='#em-g']):not(defs *)").forEach(u => {
		const sign = inside(u) || next(u);
		if (!sign || !defined(sign) || u.getBBox().width === 0) bad.push(u.getAttribute("href") + " at " + u.getAttribute("x") + "," + u.getAttribute("y"));
	});
	document.querySelectorAll(".cz-mk").forEach(m => {
		if (m.getBoundingClientRect().width === 0) return;
		if (!getComputedStyle(m, "::after").backgroundImage.includes("svg")) bad.push("suitcase chip " + m.textContent.trim());
	});
	document.querySelectorAll("[data-testid=lobby-seats] .seat[style*='--seat'] .avatar").forEach(a => {
		const s = a.querySelector(".sign");
		if (!s || !getComputedStyle(s).backgroundImage.includes("svg")) bad.push("seat avatar " + a.textContent.trim());
	});
	return {bad, marks: document.querySelectorAll("use[href^='#zs-'], use[href^='#em-sg-']").length};
})()`

type markCheck struct {
	Bad   []string `json:"bad"`
	Marks int      `json:"marks"`
}

// Colour is never the only signal: on the couriers and embassy boards,
// every agent, suitcase, spy and bodyguard a phone or the table screen
// shows wears its colour's sign as well as its fill.
func TestBrowser_SeatMarksWearSigns(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	for _, c := range []struct{ slug, seat, table string }{
		{"couriers", "couriers-seat", "couriers-table"},
		{"embassy", "embassy-seat", "embassy-table"},
	} {
		t.Run(c.slug, func(t *testing.T) {
			ann := newPhone(t, browser, "Ann")
			code, _ := mustStartMatch(t, m, c.slug, nil, 3, ann)
			url := m.URL() + "/r/" + code
			ann.run(chromedp.WaitVisible(tid(c.seat)))
			table := newPhone(t, browser, "table")
			table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid(c.table)))
			for _, p := range []*phone{ann, table} {
				var got markCheck
				eventually(t, p.name+" shows pieces", func() bool {
					got = get(p, chromedp.Evaluate[markCheck](unsignedMarks))
					return got.Marks > 0
				})
				if len(got.Bad) > 0 {
					p.fail(fmt.Errorf("%d seat marks show only a colour: %v", len(got.Bad), got.Bad))
				}
				p.shot(c.slug + "-signs")
			}
		})
	}
}

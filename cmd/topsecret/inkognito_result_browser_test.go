package main

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// ikNoteSurvivesReload ticks a cell of the deduction grid and types a row
// note, waits until the server has stored them (its next frame renders
// them), reloads, and finds them again.
func ikNoteSurvivesReload(t *testing.T, p *phone) {
	t.Helper()
	row := get(p, chromedp.Evaluate[string](`(() => { const r = document.querySelector('tr[data-testid^="inkognito-grid-"]'); return r ? r.dataset.testid : "" })()`))
	if row == "" {
		p.fail(fmt.Errorf("the clue sheet has no deduction grid"))
	}
	seat := strings.TrimPrefix(row, "inkognito-grid-")
	cell := `[data-testid="` + row + `"] td.ik-cell`
	const note = "shows 52 a lot"
	p.run(
		chromedp.Click(chromedp.CSS(cell)),
		chromedp.SendKeys(chromedp.CSS("#ik-r-"+seat), note),
	)
	// The server renders the stored note into the page: the cell's ✓
	// radio's checked attribute and the text field's value attribute (not
	// just what was tapped and typed).
	stored := fmt.Sprintf(`(() => {
		const c = document.querySelector(%q), n = document.querySelector("#ik-r-" + %q);
		const mark = c && c.querySelector(".ik-cell > i");
		return !!c && !!c.querySelector('input[value="y"][checked]') && !!mark && mark.offsetParent !== null && getComputedStyle(mark, "::before").content === '"✓"' &&
			!!n && n.getAttribute("value") === %q;
	})()`, cell, seat, note)
	eventually(t, "the server stores the note", func() bool { return get(p, chromedp.Evaluate[bool](stored)) })

	p.run(chromedp.Reload(), chromedp.WaitVisible(tid("inkognito-seat")))
	eventually(t, "the note is back after a reload", func() bool { return get(p, chromedp.Evaluate[bool](stored)) })
	if v := get(p, chromedp.Value(chromedp.CSS("#ik-r-"+seat))); v != note {
		t.Fatalf("after reload the note reads %q, want %q", v, note)
	}
	if s := ikSnap(p); !s.Live || s.Task != "play" {
		t.Fatalf("after reload the phone shows task %q (open %v), want its turn to play", s.Task, s.Live)
	}
	t.Logf("the sheet's mark and note on %s survived a reload", row)
}

// ikResult is the end of a game as a board shows it.
type ikResult struct {
	Stamp   string    `json:"stamp"`
	Summary string    `json:"summary"`
	Parts   []ikBlack `json:"parts"` // the true number, in dial order
	Black   []ikBlack `json:"black"` // every agent's black cards
	Events  string    `json:"events"`
}

// ikBlack is one agent's black identity and number cards.
type ikBlack struct {
	Name string `json:"name"`
	ID   string `json:"id"`
	Frag string `json:"frag"`
}

func ikReadResult(p *phone) *ikResult {
	return get(p, chromedp.Evaluate[*ikResult](`(() => {
		const t = e => e ? e.textContent.replace(/[\s★]+/g, " ").trim() : "";
		const r = document.querySelector('[data-testid="inkognito-result"]');
		if (!r) return null;
		return {
			stamp: t(r.querySelector(".stamp")),
			summary: t(r.querySelector(".ik-summary")),
			parts: [...r.querySelectorAll(".ik-tn")].map(e => ({ name: t(e.querySelector(".ik-tn-who")), id: t(e.querySelector(".ik-tn-id")), frag: t(e.querySelector(".ik-tn-frag")) })),
			black: [...r.querySelectorAll('[data-testid="inkognito-all-black"] li')].map(e => {
				const b = e.querySelectorAll(".ik-mini-black");
				return { name: t(e.querySelector(".ik-bl-name")), id: t(b[0]), frag: t(b[1]) };
			}),
			events: t(document.querySelector('[data-testid="inkognito-events"]')),
		};
	})()`))
}

var (
	ikDialledRe = regexp.MustCompile(`dialled (\d+)`)
	ikTrueRe    = regexp.MustCompile(`true number is (\d+)`)
)

// ikCheckResult checks the end of the game on the phone and on the table
// screen: who dialled what, the true number in F, B, Z, X order, and all
// four agents' black cards, the phone's own among them.
func ikCheckResult(t *testing.T, p *phone, url string, browser context.Context) (summary string) {
	t.Helper()
	r := ikReadResult(p)
	if r == nil || !p.visible("inkognito-result") {
		p.fail(fmt.Errorf("the game is over but the result is not on screen"))
	}
	var ids, frags []string
	for _, x := range r.Parts {
		ids, frags = append(ids, x.ID), append(frags, x.Frag)
	}
	if !slices.Equal(ids, []string{"F", "B", "Z", "X"}) {
		p.fail(fmt.Errorf("the number's agents read %v, want F B Z X", ids))
	}
	sorted := slices.Sorted(slices.Values(frags))
	if !slices.Equal(sorted, []string{"0", "11", "29", "52"}) {
		p.fail(fmt.Errorf("the number's fragments read %v", frags))
	}
	number := strings.Join(frags, "")
	dialled := ikDialledRe.FindStringSubmatch(r.Summary)
	if dialled == nil {
		p.fail(fmt.Errorf("the result says no call: %q", r.Summary))
	}
	if tn := ikTrueRe.FindStringSubmatch(r.Events); tn == nil || tn[1] != number {
		p.fail(fmt.Errorf("the events do not give the true number %s: %q", number, r.Events))
	}
	if r.Stamp == "Connected" && dialled[1] != number {
		p.fail(fmt.Errorf("connected with %s, but the number is %s", dialled[1], number))
	}
	if len(r.Black) != 4 {
		p.fail(fmt.Errorf("the result reveals %d agents' black cards, want 4", len(r.Black)))
	}
	for _, x := range r.Parts {
		if !slices.Contains(r.Black, x) {
			p.fail(fmt.Errorf("the black cards %+v do not show %s as %s %s", r.Black, x.Name, x.ID, x.Frag))
		}
	}
	myID := get(p, chromedp.Evaluate[string](`document.querySelector('[data-testid="inkognito-black-identity"]').dataset.face`))
	myFrag := get(p, chromedp.Evaluate[string](`document.querySelector('[data-testid="inkognito-black-number"]').dataset.face`))
	if !slices.Contains(r.Black, ikBlack{Name: "Ann", ID: myID, Frag: myFrag}) {
		p.fail(fmt.Errorf("the black cards %+v do not show Ann's own %s %s", r.Black, myID, myFrag))
	}
	t.Logf("%s (%s); the number is %s", r.Summary, r.Stamp, number)

	// Everyone sees it: the table screen shows the same call and cards.
	table := newPhone(t, browser, "table")
	table.run(
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(url+"/table"),
		chromedp.WaitVisible(tid("inkognito-result")),
	)
	rt := ikReadResult(table)
	if rt == nil || rt.Summary != r.Summary || !slices.Equal(rt.Parts, r.Parts) ||
		!slices.Equal(slices.SortedFunc(slices.Values(rt.Black), ikCmp), slices.SortedFunc(slices.Values(r.Black), ikCmp)) {
		table.fail(fmt.Errorf("the table screen's result %+v differs from the phone's %+v", rt, r))
	}
	return r.Summary
}

func ikCmp(a, b ikBlack) int { return strings.Compare(a.Name, b.Name) }

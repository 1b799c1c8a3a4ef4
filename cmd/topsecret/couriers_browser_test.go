package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A phone plays couriers against three bots through what it is offered:
// it hides its clue cards (swapping two by taps) and places its suitcases
// by tapping them and then cities on the map, rolls, moves agents on the
// world map (an agent, then a lit city with a real tap: the route the
// server proposes is drawn with its steps before Go, and it is the route
// the move then walks), takes a suitcase where an agent stopped, and
// fights — it walks into an enemy-held city whenever one is lit, and plays
// a combat card face down when it attacks or is attacked — until it has
// done all three and seen a suitcase delivered. The table screen shows
// the map and the fight, never a clue or a button.
func TestBrowser_CouriersMoveFightPickup(t *testing.T) {
	t.Parallel()
	began := time.Now()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann := newPhone(t, browser, "Ann")
	code, host := mustStartMatch(t, m, "couriers", nil, 3, ann)
	url := m.URL() + "/r/" + code
	ann.run(chromedp.WaitVisible(tid("couriers-seat")))
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("couriers-table")))

	var moved, fought, picked, attacked, tapped, delivered bool
	shots := map[string]bool{}
	games, acts, routes := 1, 0, 0
	deadline := began.Add(4 * time.Minute)
	// A delivery is waited for only while time is left: bots deliver
	// when they deliver.
	for !(moved && fought && picked && attacked && (delivered || time.Now().After(began.Add(150*time.Second)))) {
		if time.Now().After(deadline) {
			ann.fail(fmt.Errorf("after %d game(s) and %d actions: moved %v, fought %v, picked up %v", games, acts, moved, fought, picked))
		}
		if !delivered && ann.visible("couriers-delivery") {
			delivered = true
			ann.shot("delivery")
			ann.landscape("delivery")
			table.shot("delivery")
		}
		s := czSnap(ann)
		if s.Phase == "over" {
			games++
			mustRematch(t, m, code, host, func() bool { s := czSnap(ann); return s.Phase != "" && s.Phase != "over" })
			continue
		}
		if !s.Mine {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		acts++
		if !shots[s.Phase] {
			shots[s.Phase] = true
			ann.shot(s.Phase)
			table.shot(s.Phase)
		}
		switch s.Phase {
		case "hide":
			czHide(t, ann)
		case "roll":
			ann.tap("couriers-roll")
		case "move":
			kind, route := czMove(t, ann, !tapped)
			switch kind {
			case "pickup":
				picked = true
				ann.shot("picked-up")
			case "move":
				moved, tapped = true, true
			case "attack":
				moved, tapped, attacked = true, true, true
			}
			if route != "" {
				eventually(t, "a new frame follows Go", func() bool {
					return get(ann, chromedp.Evaluate[bool](`!document.querySelector('[data-testid="couriers-seat"][data-before-go]')`))
				})
				if trail := czTrail(ann); trail != route {
					ann.fail(fmt.Errorf("the route proposed before Go was %q, the move walked %q", route, trail))
				}
				routes++
				continue
			}
		case "order":
			ann.tapCSS(`[data-testid^="couriers-defender-"]`)
		case "cards":
			if !shots["fight-landscape"] {
				shots["fight-landscape"] = true
				ann.landscape("fight")
			}
			ann.shot("fight")
			table.shot("fight")
			if !czPlayCard(ann) {
				ann.fail(fmt.Errorf("a fight offers no card to play"))
			}
			fought = true
			czWaitChange(ann, s)
			ann.shot("fight-card")
			if ann.present("couriers-reveal") {
				ann.shot("reveal")
				table.shot("reveal")
			}
			continue
		case "loot":
			ann.tap("couriers-loot-take")
			picked = true
		case "bomb":
			czBomb(t, ann)
		default:
			ann.fail(fmt.Errorf("unknown phase %q", s.Phase))
		}
		czWaitChange(ann, s)
	}
	ann.shot("done")
	table.shot("done")
	// No game's control or clue; the one form a public table screen may
	// hold is the platform's, where a TV takes the host's console by code.
	const played = `[data-act], form:not([data-console-take]), .cz-q, .cz-qb`
	if n := get(table, chromedp.Evaluate[int](`document.querySelectorAll("`+played+`").length`)); n != 0 {
		what := get(table, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("`+played+`")).map(e => e.outerHTML.slice(0, 200)).join("\n")`))
		t.Fatalf("the table screen shows %d buttons or clues:\n%s", n, what)
	}
	if routes == 0 {
		t.Fatal("no route was proposed before Go")
	}
	t.Logf("%d game(s), %d phone actions, %d routes walked as proposed, attacked %v, saw a delivery %v, %s",
		games, acts, routes, attacked, delivered, time.Since(began).Round(time.Millisecond))
}

// landscape saves what the phone shows turned sideways (844×390), then
// turns it back.
func (p *phone) landscape(label string) {
	p.tb.Helper()
	p.run(chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(2)))
	p.shot(label + "-landscape")
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
}

// czTrail is the latest move's route as the map draws it.
func czTrail(p *phone) string {
	return get(p, chromedp.Evaluate[string](`(() => { const t = document.querySelector(".cz-trail"); return t ? t.getAttribute("d") : "" })()`))
}

// czState is what the couriers phone shows now.
type czState struct {
	Phase string `json:"phase"`
	Mine  bool   `json:"mine"` // the moment waits for this phone
	Sig   string `json:"sig"`  // changes whenever the phone's situation does
}

func czSnap(p *phone) czState {
	return get(p, chromedp.Evaluate[czState](`(() => {
		const seat = document.querySelector('[data-testid="couriers-seat"]');
		if (!seat) return {};
		const say = seat.querySelector('[data-testid="couriers-say"]');
		const steps = seat.querySelector('[data-testid="couriers-steps"]');
		return {
			phase: seat.dataset.phase, mine: seat.dataset.mine === "true",
			sig: [seat.dataset.turn, seat.dataset.phase, say ? say.textContent : "", steps ? steps.textContent : "",
				seat.querySelectorAll('.cz-t, .cz-cc').length, seat.querySelector(".cz-svg").innerHTML.length,
				[...seat.querySelectorAll("[data-act]")].map(b => b.dataset.data).join()].join("|"),
		};
	})()`))
}

// czWaitChange waits until the phone moves on from state s after an
// action, so one prompt is never answered twice.
func czWaitChange(p *phone, s czState) {
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if n := czSnap(p); n.Sig != s.Sig || n.Mine != s.Mine {
			return
		}
	}
	toast := get(p, chromedp.Evaluate[string](`(() => { const e = document.querySelector("#toast"); return e ? e.textContent : "" })()`))
	p.tb.Logf("%s: the page did not move on after a %s action (toast %q)", p.name, s.Phase, toast)
}

// czHide swaps the clue cards of suitcases A and D by two taps, then
// places the suitcases on the map: suitcase A by a real tap on Vancouver
// (next to the red start base, for an early pick-up), the next ones by
// taps on Lagos, Paris and Cairo (each tap moves on to the next suitcase),
// then suitcase B again, moved to Dakar; and hides.
func czHide(t *testing.T, p *phone) {
	t.Helper()
	face := func(l string) string {
		return get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
			const f = [...document.querySelectorAll('[data-testid="couriers-tile-%s"] .cz-f')].find(e => getComputedStyle(e).display !== "none");
			return f ? (f.textContent.trim() || "bomb") : "";
		})()`, l)))
	}
	a, d := face("A"), face("D")
	if a == "" || d == "" || a == d {
		p.fail(fmt.Errorf("the suitcases show clue cards %q and %q", a, d))
	}
	p.tap("couriers-tile-A")
	p.tap("couriers-tile-D")
	eventually(t, "two taps swap the clue cards", func() bool { return face("A") == d && face("D") == a })
	if p.visible("couriers-hide-go") {
		p.fail(fmt.Errorf("the suitcases can be hidden before they have cities"))
	}
	p.tap("couriers-place-A")
	czTapReal(t, p, `.cz-c[value="vancouver"]`, false)
	for _, city := range []string{"lagos", "paris", "cairo"} {
		if !p.tapCSS(`.cz-c.lit[value="` + city + `"]`) {
			p.fail(fmt.Errorf("%s is not lit for a suitcase", city))
		}
	}
	p.tap("couriers-place-B")
	p.tapCSS(`.cz-c[value="dakar"]`)
	placed := get(p, chromedp.Evaluate[string](`(() => { const f = document.querySelector("#cz-hide");
		return ["A", "B", "C", "D"].map(l => l + "=" + f.elements[l].value + ":" + (document.querySelector('.cz-c[data-l="' + l + '"]') || {}).value).join(" ") })()`))
	if want := "A=vancouver:vancouver B=dakar:dakar C=paris:paris D=cairo:cairo"; placed != want {
		p.fail(fmt.Errorf("placed %s, want %s", placed, want))
	}
	if got := p.text("couriers-place-A"); !strings.Contains(got, "Vancouver") {
		p.fail(fmt.Errorf("suitcase A reads %q, want its city", got))
	}
	if !p.visible("couriers-hide-go") {
		p.fail(fmt.Errorf("four suitcases placed, yet they cannot be hidden"))
	}
	p.shot("hide-ready")
	p.landscape("hide-ready")
	if !p.tap("couriers-hide-go") {
		p.fail(fmt.Errorf("no hide button"))
	}
	eventually(t, "the phone lists its hidden suitcases", func() bool { return p.present("couriers-clues") })
}

// czPick is the phone's choice on its move.
type czPick struct {
	Kind  string  `json:"kind"` // pickup, move, attack or end
	ID    string  `json:"id"`   // the pick-up button's test id
	Agent string  `json:"agent"`
	Value string  `json:"value"`
	Score float64 `json:"score"`
}

// czMove plays one decision of a move: take a suitcase where an agent
// stands, else walk into an enemy-held city, deliver, stop on a suitcase
// or head for the middle of the world, else end the turn. The first walk
// taps the lit city with a real finger, zoomed in. A walk returns the
// route drawn once the city is picked, after checking its steps are said.
func czMove(t *testing.T, p *phone, realTap bool) (kind, route string) {
	t.Helper()
	pick := get(p, chromedp.Evaluate[czPick](`(() => {
		// Take a suitcase with empty hands only: no swapping back and forth.
		const take = [...document.querySelectorAll('[data-testid^="couriers-handle-"]')].find(b => !JSON.parse(b.dataset.data).drop);
		if (take) return {kind: "pickup", id: take.dataset.testid};
		const form = document.querySelector('[data-testid="couriers-move"]');
		if (!form) return {kind: "end"};
		const map = form.querySelector(".cz-map").getBoundingClientRect();
		// A hidden target's position computes as the stylesheet's percentage, a shown one's in pixels.
		const pc = (v, total) => v.endsWith("%") ? parseFloat(v) : parseFloat(v) / total * 100;
		const centre = e => {
			const s = getComputedStyle(e);
			return Math.hypot(pc(s.left, map.width) - 50, (pc(s.top, map.height) - 50) * 0.7);
		};
		let best = null;
		for (const a of form.querySelectorAll('input[name="agent"]')) {
			const k = a.value.split("-")[1];
			const here = form.querySelector('.cz-pk[for="' + a.id + '"]');
			const from = here ? centre(here) : 60;
			for (const t of form.querySelectorAll(".cz-t.r" + k)) {
				const c = t.classList;
				const score = (c.contains("cz-home") ? 1000 : 0) + (c.contains("cz-foe") ? 500 : 0) + (c.contains("cz-case") ? 200 : 0) + from - centre(t);
				if (!best || score > best.score) {
					best = {kind: c.contains("cz-foe") ? "attack" : "move", agent: a.id, value: t.querySelector("input").value, score: score};
				}
			}
		}
		return best && best.score > 0 ? best : {kind: "end"};
	})()`))
	switch pick.Kind {
	case "pickup":
		p.tap(pick.ID)
		return pick.Kind, ""
	case "end":
		if !p.tap("couriers-end-turn") {
			p.fail(fmt.Errorf("nothing to do and no end of turn"))
		}
		return pick.Kind, ""
	}
	p.tapCSS("#" + pick.Agent)
	target := fmt.Sprintf(`[data-testid="couriers-move"] .cz-t input[value=%q]`, pick.Value)
	if realTap {
		czTapReal(t, p, target, true)
	} else {
		p.tapCSS(target)
	}
	if !get(p, chromedp.Evaluate[bool](fmt.Sprintf(`!!document.querySelector(%q + ":checked")`, target))) {
		p.fail(fmt.Errorf("the lit city %s is not picked", pick.Value))
	}
	eventually(t, "Go lights up once a lit city is picked", func() bool {
		return get(p, chromedp.Evaluate[bool](`(() => { const s = getComputedStyle(document.querySelector('[data-testid="couriers-go"]'));
			return s.opacity === "1" && s.pointerEvents !== "none" })()`))
	})
	drawn := get(p, chromedp.Evaluate[[]string](`(() => { const r = document.querySelector(".cz-route"), b = document.querySelector(".cz-t :checked + b");
		return [r ? r.getAttribute("d") || "" : "", b ? b.dataset.steps || "" : ""] })()`))
	route = drawn[0]
	if n := strings.Count(route, "L"); route == "" || !strings.HasPrefix(drawn[1], strconv.Itoa(n)+" step") {
		p.fail(fmt.Errorf("picking %s drew the route %q, said %q", pick.Value, route, drawn[1]))
	}
	if realTap {
		p.shot("route")
		p.landscape("route")
	}
	if pick.Kind == "attack" {
		p.shot("attack")
	}
	// Marks this frame: the next one, drawn after the move, has no mark.
	p.run(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="couriers-seat"]').dataset.beforeGo = "1"`))
	if !p.tap("couriers-go") {
		p.fail(fmt.Errorf("no Go button"))
	}
	return pick.Kind, route
}

// czTapReal taps a target on the map with a real finger, off its middle
// but inside its 44 px halo (targets are larger than the dots); zoomed in
// first when asked.
func czTapReal(t *testing.T, p *phone, target string, zoom bool) {
	t.Helper()
	if zoom && !p.tap("couriers-zoom") {
		p.fail(fmt.Errorf("no zoom button"))
	}
	xy := get(p, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const l = document.querySelector(%q).closest("label, button");
		l.scrollIntoView({block: "center", inline: "center"});
		const r = l.getBoundingClientRect();
		return [r.left + r.width / 2 + 8, r.top + r.height / 2 + 5, r.width];
	})()`, target)))
	if xy[2] < 44 {
		p.fail(fmt.Errorf("a tap target on the map is %.0f px wide", xy[2]))
	}
	if zoom {
		p.shot("zoomed")
	}
	p.run(chromedp.MouseClickXY(xy[0], xy[1]))
	if zoom {
		p.tap("couriers-zoom")
	}
}

// czPlayCard plays the highest card in hand, face down.
func czPlayCard(p *phone) bool {
	return get(p, chromedp.Evaluate[bool](`(() => {
		const cs = [...document.querySelectorAll('[data-testid^="couriers-card-"]:not([disabled])')];
		if (!cs.length) return false;
		cs[cs.length - 1].click();
		return true;
	})()`))
}

// czBomb gives up as many agents as the bomb asks, the first ones listed.
func czBomb(t *testing.T, p *phone) {
	t.Helper()
	ok := get(p, chromedp.Evaluate[bool](`(() => {
		const f = document.querySelector('[data-testid="couriers-bomb"]');
		if (!f) return false;
		const n = Number(f.dataset.n);
		[...f.querySelectorAll('input[name="agents"]')].slice(0, n).forEach(c => { c.checked = true; });
		return true;
	})()`))
	if !ok {
		p.fail(fmt.Errorf("a bomb offers no agents to give up"))
	}
	p.shot("bomb")
	p.tap("couriers-bomb-go")
	if strings.Contains(p.text("couriers-say"), "BOMB") {
		t.Log("the bomb's victims are being given up")
	}
}

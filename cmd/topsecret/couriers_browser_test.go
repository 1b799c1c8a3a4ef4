package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A phone plays couriers against three bots through what it is offered:
// it hides its clue cards (swapping two by taps) and places its suitcases,
// rolls, moves agents on the world map (a real tap on a lit city, then
// Go), takes a suitcase where an agent stopped, and fights — it walks into
// an enemy-held city whenever one is lit, and plays a combat card face down
// when it attacks or is attacked — until it has done all three. The table
// screen shows the map and the fight, never a clue or a button.
func TestBrowser_CouriersMoveFightPickup(t *testing.T) {
	began := time.Now()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": "couriers"}, &c); st != http.StatusCreated {
		t.Fatalf("create couriers room: %d", st)
	}
	url := m.URL() + "/r/" + c.Code
	ann := newPhone(t, browser, "Ann")
	ann.join(url, "Ann")
	for range 3 {
		if st := apiPost(t, m, "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil); st != http.StatusCreated {
			t.Fatalf("add bot: %d", st)
		}
	}
	if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	ann.run(chromedp.WaitVisible(tid("couriers-seat")))
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("couriers-table")))

	var moved, fought, picked, attacked, tapped bool
	shots := map[string]bool{}
	games, acts := 1, 0
	deadline := began.Add(4 * time.Minute)
	for !(moved && fought && picked && attacked) {
		if time.Now().After(deadline) {
			ann.fail(fmt.Errorf("after %d game(s) and %d actions: moved %v, fought %v, picked up %v", games, acts, moved, fought, picked))
		}
		s := czSnap(ann)
		if s.Phase == "over" {
			if st := apiPost(t, m, "/api/rooms/"+c.Code+"/rematch", c.HostToken, nil, nil); st != http.StatusOK {
				t.Fatalf("next game: %d", st)
			}
			games++
			eventually(t, "the next game starts", func() bool { s := czSnap(ann); return s.Phase != "" && s.Phase != "over" })
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
			switch czMove(t, ann, !tapped) {
			case "pickup":
				picked = true
				ann.shot("picked-up")
			case "move":
				moved, tapped = true, true
			case "attack":
				moved, tapped, attacked = true, true, true
			}
		case "order":
			ann.tapCSS(`[data-testid^="couriers-defender-"]`)
		case "cards":
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
	if n := get(table, chromedp.Evaluate[int](`document.querySelectorAll("[data-act], form, .cz-q, .cz-qb").length`)); n != 0 {
		t.Fatalf("the table screen shows %d buttons or clues", n)
	}
	t.Logf("%d game(s), %d phone actions, attacked %v, %s", games, acts, attacked, time.Since(began).Round(time.Millisecond))
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

// czHide swaps the clue cards of suitcases A and D by two taps, puts A on
// Vancouver (next to the red start base, for an early pick-up) and the
// others in the middle of the world, where everyone meets, and hides.
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
	for l, city := range map[string]string{"A": "vancouver", "B": "lagos", "C": "paris", "D": "cairo"} {
		p.run(chromedp.SetValue(tid("couriers-city-"+l), city))
	}
	p.shot("hide-ready")
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
// taps the lit city with a real finger, zoomed in.
func czMove(t *testing.T, p *phone, realTap bool) string {
	t.Helper()
	pick := get(p, chromedp.Evaluate[czPick](`(() => {
		// Take a suitcase with empty hands only: no swapping back and forth.
		const take = [...document.querySelectorAll('[data-testid^="couriers-handle-"]')].find(b => !JSON.parse(b.dataset.data).drop);
		if (take) return {kind: "pickup", id: take.dataset.testid};
		const form = document.querySelector('[data-testid="couriers-move"]');
		if (!form) return {kind: "end"};
		const centre = e => Math.hypot(parseFloat(e.style.left) - 50, (parseFloat(e.style.top) - 50) * 0.7);
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
		return pick.Kind
	case "end":
		if !p.tap("couriers-end-turn") {
			p.fail(fmt.Errorf("nothing to do and no end of turn"))
		}
		return pick.Kind
	}
	p.tapCSS("#" + pick.Agent)
	target := fmt.Sprintf(`[data-testid="couriers-move"] .cz-t input[value=%q]`, pick.Value)
	if realTap {
		czTapReal(t, p, target)
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
	if realTap {
		p.shot("picked-city")
	}
	if pick.Kind == "attack" {
		p.shot("attack")
	}
	if !p.tap("couriers-go") {
		p.fail(fmt.Errorf("no Go button"))
	}
	return pick.Kind
}

// czTapReal zooms the map in and taps the lit city with a real finger, off
// its middle but inside its 44 px halo: targets are larger than the dots.
func czTapReal(t *testing.T, p *phone, target string) {
	t.Helper()
	if !p.tap("couriers-zoom") {
		p.fail(fmt.Errorf("no zoom button"))
	}
	xy := get(p, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const l = document.querySelector(%q).closest("label");
		l.scrollIntoView({block: "center", inline: "center"});
		const r = l.getBoundingClientRect();
		return [r.left + r.width / 2 + 12, r.top + r.height / 2 + 6, r.width];
	})()`, target)))
	if xy[2] < 44 {
		p.fail(fmt.Errorf("a lit city's tap target is %.0f px wide", xy[2]))
	}
	p.shot("zoomed")
	p.run(chromedp.MouseClickXY(xy[0], xy[1]))
	p.tap("couriers-zoom")
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

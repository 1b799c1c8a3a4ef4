package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A phone plays an embassy game against three bots through what it is
// offered: it rolls, picks destinations on the board (a real tap on the
// city, then "Move here"), goes straight into embassies when it can and
// puts the card it takes in a slot, and plays until it has entered an
// embassy and, on doubles, challenged a spy: it points at a slot of the
// challenged holder and names a secret, and the card is shown to all for
// a few seconds only. Holding the code holder shows the phone's own
// cards; the table screen never shows a holder's faces.
func TestBrowser_EmbassyEnterAndChallenge(t *testing.T) {
	t.Parallel()
	began := time.Now()
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann := newPhone(t, browser, "Ann")
	code, host := mustStartMatch(t, m, "embassy", nil, 3, ann)
	url := m.URL() + "/r/" + code
	ann.run(chromedp.WaitVisible(tid("embassy-seat")))
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("embassy-table")))
	ann.shot("start")
	table.shot("start")

	var entered, challenged, peeked, tapped bool
	shots := map[string]bool{}
	games, acts := 1, 0
	deadline := began.Add(4 * time.Minute)
	for !(entered && challenged && tapped) {
		if time.Now().After(deadline) {
			ann.fail(fmt.Errorf("after %d game(s) and %d actions: tapped the city %v, entered an embassy %v, challenged %v",
				games, acts, tapped, entered, challenged))
		}
		s := emSnap(ann)
		if s.Over {
			games++
			mustRematch(t, m, code, host, func() bool { s := emSnap(ann); return s.Phase != "" && !s.Over })
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
		}
		if !peeked && s.Cards > 0 && s.Phase == "roll" {
			emPeek(t, ann)
			peeked = true
		}
		switch s.Phase {
		case "roll":
			ann.tap("embassy-roll")
		case "move":
			if !tapped && ann.present("embassy-pick-move") {
				emTapNear(t, ann)
				tapped = true
				ann.shot("picked")
				ann.tap("embassy-go-move")
				break
			}
			if ann.tap("embassy-enter-btn") {
				emWaitChange(ann, s)
				if n := emSnap(ann); n.Mine && (n.Phase == "slot" || n.Phase == "fifth") {
					entered = true
					ann.shot("entered")
					table.shot("entered")
				}
				continue
			}
			emTapAny(ann, rng, `[data-testid="embassy-pick-move"] label.em-t`)
			if !ann.tap("embassy-go-move") {
				ann.fail(fmt.Errorf("a destination is picked but Move here cannot be tapped"))
			}
		case "slot":
			emTapAny(ann, rng, `[data-testid^="embassy-slot-"]`)
		case "fifth":
			if rng.IntN(2) == 0 || !ann.tapCSS(`[data-testid^="embassy-swap-"]`) {
				ann.tap("embassy-reject")
			}
		case "place":
			emTapAny(ann, rng, `[data-testid="embassy-target-place"]`)
		case "challenge":
			emTapAny(ann, rng, `[data-testid^="embassy-challenge-"]`)
		case "guess":
			emGuess(t, ann, table, rng)
			challenged = true
			continue
		case "penalty":
			emTapAny(ann, rng, `[data-testid^="embassy-penalty-"]`)
		case "keep":
			ann.tap("embassy-keep")
		case "immobile", "blocked":
			switch {
			case ann.tapCSS(`[data-testid^="embassy-bodyguard-"]`):
			default:
				ann.tap("embassy-pass")
			}
		default:
			ann.fail(fmt.Errorf("unknown phase %q", s.Phase))
		}
		emWaitChange(ann, s)
	}
	if n := get(table, chromedp.Evaluate[int](`document.querySelectorAll(".em-peek, [data-act]").length`)); n != 0 {
		t.Fatalf("the table screen shows %d holder faces or buttons", n)
	}
	t.Logf("%d game(s), %d phone actions, %s", games, acts, time.Since(began).Round(time.Millisecond))
}

// emState is what the embassy phone shows now.
type emState struct {
	Phase string `json:"phase"`
	Mine  bool   `json:"mine"` // the moment waits for this phone
	Seq   string `json:"seq"`
	Turn  string `json:"turn"`
	Cards int    `json:"cards"` // my cards to peek at
	Over  bool   `json:"over"`
}

func emSnap(p *phone) emState {
	return get(p, chromedp.Evaluate[emState](`(() => {
		const seat = document.querySelector('[data-testid="embassy-seat"]');
		if (!seat) return {};
		return {
			phase: seat.dataset.phase, mine: seat.classList.contains("em-mine"), seq: seat.dataset.seq, turn: seat.dataset.turn,
			cards: seat.querySelectorAll('[data-testid="embassy-mine"] .em-peek').length, over: seat.dataset.phase === "over",
		};
	})()`))
}

// emWaitChange waits until the phone moves on from state s after an
// action, so one prompt is never answered twice.
func emWaitChange(p *phone, s emState) {
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		n := emSnap(p)
		if n.Phase != s.Phase || n.Seq != s.Seq || n.Mine != s.Mine || n.Turn != s.Turn {
			return
		}
	}
	toast := get(p, chromedp.Evaluate[string](`(() => { const e = document.querySelector("#toast"); return e ? e.textContent : "" })()`))
	p.tb.Logf("%s: the page did not move on after a %s action (toast %q)", p.name, s.Phase, toast)
}

// emTapAny taps one of the enabled, visible elements matching sel, picked
// at random, and returns its testid ("" when there is none).
func emTapAny(p *phone, rng *rand.Rand, sel string) string {
	return get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
		const els = [...document.querySelectorAll(%q)].filter(e => !e.disabled && e.offsetParent !== null);
		if (!els.length) return "";
		const e = els[Math.floor(%v * els.length)];
		e.click();
		return e.dataset.testid || "x";
	})()`, sel, rng.Float64())))
}

// emPeek holds a finger on the phone's code holder: its cards show while
// held and hide again when the finger lifts.
func emPeek(t *testing.T, p *phone) {
	t.Helper()
	xy := get(p, chromedp.Evaluate[[]float64](`(() => {
		const box = document.querySelector('[data-testid="embassy-mine"]');
		box.scrollIntoView({block: "center"});
		const r = box.querySelector(".em-slots").getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`))
	x, y := xy[0], xy[1]
	p.run(chromedp.MouseEvent("mousePressed", x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	visible := func() bool {
		return get(p, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector('[data-testid="embassy-mine"] .em-peek')).visibility === "visible"`))
	}
	eventually(t, "the held code holder shows its cards", visible)
	p.shot("peek")
	// A real look lasts a while; lifting the finger after it is no tap.
	time.Sleep(600 * time.Millisecond)
	p.run(chromedp.MouseEvent("mouseReleased", x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	eventually(t, "the code holder hides its cards again", func() bool { return !visible() })
	p.run(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
}

// emGuess points at a slot of the challenged holder and names a secret;
// the card is then shown on every screen, and a few seconds later gone.
func emGuess(t *testing.T, p, table *phone, rng *rand.Rand) {
	t.Helper()
	table.shot("challenge")
	if emTapAny(p, rng, `[data-testid^="embassy-point-"]`) == "" {
		p.fail(fmt.Errorf("a guess offers no slot to point at"))
	}
	p.shot("pointed")
	if emTapAny(p, rng, `[data-testid^="embassy-guess-"]`) == "" {
		p.fail(fmt.Errorf("a picked slot offers no secret to name"))
	}
	eventually(t, "the guessed card is shown to all", func() bool { return p.present("embassy-reveal") && table.present("embassy-reveal") })
	say := p.text("embassy-reveal")
	if !strings.Contains(say, "guess") {
		t.Fatalf("the reveal reads %q", say)
	}
	p.shot("reveal")
	table.shot("reveal")
	// The referee's hide comes revealMs (5 s) after the guess; a guess
	// that ends the game keeps its card on the final screen (H5), since no
	// timer runs once the game is over.
	gone := func() bool {
		return !p.present("embassy-reveal") && !table.present("embassy-reveal") || emSnap(p).Over
	}
	for end := time.Now().Add(15 * time.Second); !gone(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the revealed card still shows after 15 s (phone %v, table %v, phone at %+v)",
				p.present("embassy-reveal"), table.present("embassy-reveal"), emSnap(p))
		}
	}
}

// emTapNear taps the city with a real finger, beside a highlighted spot
// rather than on it (inside its 44 px halo) where no other target is
// nearer, and checks that the spot is picked: the tap targets are larger
// than the 18 px squares of a phone.
func emTapNear(t *testing.T, p *phone) {
	t.Helper()
	type tap struct {
		X, Y, Off, Size float64
		Value           string
	}
	at := get(p, chromedp.Evaluate[tap](`(() => {
		const ts = [...document.querySelectorAll('[data-testid="embassy-pick-move"] label.em-t')];
		ts[0].closest(".em-map").scrollIntoView({block: "center"});
		for (const off of [20, 0]) {
			for (const e of ts) {
				const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
				for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
					const px = x + dx * off, py = y + dy * off;
					if (off > r.width / 2 && document.elementFromPoint(px, py) === e) {
						return {x: px, y: py, off: off, size: r.width, value: e.querySelector("input").value};
					}
				}
				if (off === 0) return {x: x, y: y, off: 0, size: r.width, value: e.querySelector("input").value};
			}
		}
	})()`))
	p.run(chromedp.MouseClickXY(at.X, at.Y))
	eventually(t, "the tapped spot is picked", func() bool {
		return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`!!document.querySelector('[data-testid="embassy-pick-move"] input[value=%q]:checked')`, at.Value)))
	})
	t.Logf("tapped %.0f px from the middle of a %.0f px spot", at.Off, at.Size)
}

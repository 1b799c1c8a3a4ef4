package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A phone plays a four-player inkognito game against three bots through the
// buttons it is offered: it plays a site card when asked, picks and seals a
// pair in its exchanges (the clue sheet then gains the meeting's column),
// answers every other prompt, and keeps playing until someone takes the
// telephone. The end shows the call, the true number and every black card,
// on the phone and on the table screen. On the way, a mark and a note on
// the clue sheet survive a reload: they are stored on the server.
func TestBrowser_InkognitoExchangeAndDial(t *testing.T) {
	// Not beside the other browser tests: it plays against bots and timers
	// that a shared machine slowed past its bounds (it failed only there).
	began := time.Now()
	deadline := began.Add(3 * time.Minute) // a bound, not a speed: the suite runs browsers side by side
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	// The helper (from the phone's own sheet only) lets the phone dial
	// when it is certain, as the bots do.
	ann := newPhone(t, browser, "Ann")
	code, host := mustStartMatch(t, m, "inkognito", map[string]any{"helper": "FULL"}, 3, ann)
	url := m.URL() + "/r/" + code
	ann.run(chromedp.WaitVisible(tid("inkognito-seat")))
	if n := get(ann, chromedp.Evaluate[string](`document.querySelector('[data-testid="inkognito-seat"]').dataset.players`)); n != "4" {
		t.Fatalf("the phone shows a %s-player game", n)
	}

	var (
		noted, exchanged, ended bool
		askedInMeeting          bool // the meeting's confirmation was checked
		sawSealed               bool
		games, acts             = 1, 0
		phoneDialled            string // the number the phone dialled this game
	)
	shot := map[string]bool{}
	for !(exchanged && ended) {
		if time.Now().After(deadline) {
			ann.fail(fmt.Errorf("after %d games and %d actions: exchanged %v, game ended %v", games, acts, exchanged, ended))
		}
		s := ikSnap(ann)
		if s.Over {
			if !ended {
				summary := ikCheckResult(t, ann, url, browser)
				// Only the earliest dialler of a round is resolved (R6).
				if mine := strings.HasPrefix(summary, "Ann dialled "); mine && phoneDialled == "" ||
					mine && !strings.HasPrefix(summary, "Ann dialled "+phoneDialled+" ") {
					t.Fatalf("the result says %q; the phone dialled %q", summary, phoneDialled)
				}
				ended = true
			}
			if exchanged {
				break
			}
			// Someone dialled before the phone's first exchange was
			// delivered: the host starts the next game and the phone plays on.
			games++
			phoneDialled = ""
			mustRematch(t, m, code, host, func() bool { s := ikSnap(ann); return s.Phase != "" && !s.Over })
			continue
		}
		if !s.Live {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		acts++
		if !shot[s.Task] {
			shot[s.Task] = true
			ann.shot(s.Task)
		}
		switch s.Task {
		case "play", "commit":
			if !noted {
				// A quiet moment: the game waits for this phone.
				ikNoteSurvivesReload(t, ann)
				noted = true
				continue
			}
			if ikTapAny(ann, rng, `button[data-testid^="inkognito-play-"]:not([disabled])`) == "" {
				ann.fail(fmt.Errorf("asked to play, but no site card is live"))
			}
		case "exchange", "interview":
			// Once: a meeting's choice that asks first passes the same
			// accessibility checks as every screen, with its sheet open.
			if !askedInMeeting && ann.armAsking(0) {
				askedInMeeting = true
				ann.mustBeUsable("inkognito meeting asking to confirm", true)
				ann.disarm()
				continue
			}
			if number := ikDialable(ann); exchanged && number != "" {
				t.Logf("the phone dials %s", number)
				if !ikDial(ann, number) {
					ann.fail(fmt.Errorf("cannot dial %s", number))
				}
				phoneDialled = number
				break
			}
			// After its first pair, the phone shows its black cards when
			// it can (confirming the prompt): the bots learn who it is
			// sooner, and the game does not drag on.
			if exchanged && ikTapAny(ann, rng, `[data-testid^="inkognito-show-black-"]`) != "" {
				break
			}
			before := s.Cols
			if pair := ikSealPair(ann, rng.Float64()); pair != nil {
				// Delivered once every sealed choice is in: the clue sheet
				// gains the meeting's column, unless someone dialled.
				eventually(t, "the exchange is delivered", func() bool {
					s := ikSnap(ann)
					sawSealed = sawSealed || strings.Contains(s.Sealed, "You show "+pair[0]+" + "+pair[1])
					return s.Cols > before || s.Over
				})
				if ikSnap(ann).Over {
					t.Logf("game %d ended with a call in the round of the phone's exchange", games)
					continue
				}
				ikCheckExchange(t, ann, before, pair)
				exchanged = true
				continue
			}
			switch {
			case ann.tap("inkognito-pass"):
			case ikTapAny(ann, rng, `[data-testid^="inkognito-show-black-"]`) != "":
			default:
				ann.fail(fmt.Errorf("an exchange offers no pair, pass or black card"))
			}
		case "peek":
			if ikTapAny(ann, rng, `[data-testid^="inkognito-peek-"], [data-testid="inkognito-skip"]`) == "" {
				ann.fail(fmt.Errorf("a peek offers nothing"))
			}
		case "amb_meet":
			if ikTapAny(ann, rng, `[data-testid^="inkognito-ask-"], [data-testid="inkognito-skip"]`) == "" {
				ann.fail(fmt.Errorf("the Ambassador meeting offers nothing"))
			}
		case "ambassador":
			if !ann.tap("inkognito-continue") {
				ann.fail(fmt.Errorf("the Ambassador cannot continue"))
			}
		case "choose_black":
			if ikTapAny(ann, rng, `[data-testid^="inkognito-choose-"]`) == "" {
				ann.fail(fmt.Errorf("a request offers no black card"))
			}
		default:
			ann.fail(fmt.Errorf("unknown task %q", s.Task))
		}
		ikWaitChange(ann, s)
	}
	t.Logf("%d game(s), %d phone actions, sealed panel seen: %v, a meeting's confirmation checked: %v, %s", games, acts, sawSealed, askedInMeeting, time.Since(began).Round(time.Millisecond))
}

// ikState is what the inkognito phone shows now.
type ikState struct {
	Phase  string `json:"phase"`
	Task   string `json:"task"`
	Live   bool   `json:"live"`   // an open task waits for this phone
	Sealed string `json:"sealed"` // the sealed panel's text
	Round  string `json:"round"`
	Cols   int    `json:"cols"` // the clue sheet's meeting-log columns
	Over   bool   `json:"over"`
}

func ikSnap(p *phone) ikState {
	return get(p, chromedp.Evaluate[ikState](`(() => {
		const q = s => document.querySelector(s), t = e => e ? e.textContent.replace(/\s+/g, " ").trim() : "";
		const seat = q('[data-testid="inkognito-seat"]'), task = q('[data-testid="inkognito-task"]');
		return {
			phase: seat ? seat.dataset.phase : "",
			task: task ? task.dataset.task || "" : "",
			live: !!task && task.classList.contains("ik-live"),
			sealed: t(q('[data-testid="inkognito-sealed"]')),
			round: t(q('[data-testid="inkognito-round"]')),
			cols: document.querySelectorAll('[data-testid="inkognito-log-col"]').length,
			over: !!q('[data-testid="inkognito-result"]'),
		};
	})()`))
}

// ikWaitChange waits until the phone moves on from state s after an action
// (the next view arrives), so one prompt is never answered twice. A
// refused action leaves the page as it was; the loop then looks again.
func ikWaitChange(p *phone, s ikState) {
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		n := ikSnap(p)
		if n.Phase != s.Phase || n.Task != s.Task || n.Live != s.Live || n.Round != s.Round || n.Over != s.Over {
			return
		}
	}
	toast := get(p, chromedp.Evaluate[string](`(() => { const e = document.querySelector("#toast"); return e ? e.textContent : "" })()`))
	p.tb.Logf("%s: the page did not move on after a %s action (toast %q)", p.name, s.Task, toast)
}

// ikTapAny taps one of the enabled elements matching sel, picked at random,
// and returns its testid ("" when there is none).
func ikTapAny(p *phone, rng *rand.Rand, sel string) string {
	return get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
		const els = [...document.querySelectorAll(%q)].filter(e => !e.disabled);
		if (!els.length) return "";
		const e = els[Math.floor(%v * els.length)];
		%s(e);
		return e.dataset.testid || "";
	})()`, sel, rng.Float64(), tapYes)))
}

// ikSealPair picks a pair in the exchange picker (r chooses which) and
// seals it, in one step inside the page; it returns the pair's two cards,
// or nil when the picker offers no pair.
func ikSealPair(p *phone, r float64) []string {
	return get(p, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
		const form = document.querySelector('form[data-testid="inkognito-exchange"]');
		if (!form) return null;
		const pairs = form.querySelectorAll('[data-testid^="inkognito-pair-"]');
		const submit = form.querySelector('[data-testid="inkognito-exchange-submit"]');
		if (!pairs.length || !submit) return null;
		const label = pairs[Math.floor(%v * pairs.length)];
		label.click();
		if (!label.querySelector("input").checked) return null;
		submit.click();
		return JSON.parse(label.querySelector("input").value);
	})()`, r)))
}

// ikCheckExchange checks the clue sheet's column for the phone's exchange,
// one of the columns added after the first `before`: it marks both cards the
// phone showed, and the already-shown panel lists the pair.
func ikCheckExchange(t *testing.T, p *phone, before int, pair []string) {
	t.Helper()
	type column struct {
		Kind  string            `json:"kind"`
		With  string            `json:"with"`
		Marks map[string]string `json:"marks"`
	}
	cols := get(p, chromedp.Evaluate[[]column](fmt.Sprintf(`[...document.querySelectorAll('[data-testid="inkognito-log-col"]')].slice(%d).map(th => {
		const t = e => e ? e.textContent.replace(/\s+/g, " ").trim() : "", marks = {}, i = th.cellIndex;
		th.closest("table").querySelectorAll("tbody tr").forEach(tr => { marks[t(tr.querySelector("th"))] = t(tr.children[i]); });
		return { kind: t(th.querySelector(".ik-lc-k")), with: t(th.querySelector(".ik-lc-w")), marks };
	})`, before)))
	// The same round may add an "asked" column too (a request for one of
	// the phone's black cards).
	i := slices.IndexFunc(cols, func(c column) bool { return c.Kind == "exch." })
	if i < 0 {
		p.fail(fmt.Errorf("after the exchange the sheet's new columns are %+v, none an exchange", cols))
	}
	col := cols[i]
	for _, f := range pair {
		if !strings.Contains(col.Marks[f], "•") {
			p.fail(fmt.Errorf("the exchange column does not mark %s as shown: %v", f, col.Marks))
		}
	}
	shown := p.text("inkognito-shown")
	if !strings.Contains(shown, pair[0]+"+"+pair[1]) && !strings.Contains(shown, pair[1]+"+"+pair[0]) {
		p.fail(fmt.Errorf("the already-shown panel does not list %s+%s: %q", pair[0], pair[1], shown))
	}
	t.Logf("exchange with %s delivered: showed %v, column %v", col.With, pair, col.Marks)
}

// ikDialable is the number the phone's helper determined when the
// exchange's counterpart is the ally it determined too (a call that can
// only be right), or "".
func ikDialable(p *phone) string {
	return get(p, chromedp.Evaluate[string](`(() => {
		const q = s => document.querySelector(s), t = e => e ? e.textContent.replace(/\s+/g, " ").trim() : "";
		const nums = q('[data-testid="inkognito-numbers"].ik-determined'), ally = q('[data-testid="inkognito-ally"] strong');
		const with_ = q('#ik-task .ik-with'), dial = q('[data-testid="inkognito-dial"]');
		if (!nums || !ally || !with_ || !dial || t(with_) !== t(ally)) return "";
		return t(nums.querySelector(".ik-num"));
	})()`))
}

// ikDial takes the telephone and dials number, fragment by fragment in
// F, B, Z, X order, in one step inside the page.
func ikDial(p *phone, number string) bool {
	var taps []string
	for i, rest := 0, number; rest != ""; i++ {
		n := 2
		if rest[0] == '0' {
			n = 1
		}
		if i > 3 || len(rest) < n {
			p.fail(fmt.Errorf("cannot split %q into four fragments", number))
		}
		taps = append(taps, "inkognito-dial-"+string("fbzx"[i])+"-"+rest[:n])
		rest = rest[n:]
	}
	list := `["` + strings.Join(taps, `","`) + `"]`
	return get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
		const q = id => document.querySelector('[data-testid="' + id + '"]');
		const box = q("inkognito-dial"), open = q("inkognito-dial-open");
		if (!box || !open) return false;
		if (!box.open) open.click();
		for (const id of %s) { const l = q(id); if (!l) return false; l.click(); }
		const submit = q("inkognito-dial-submit");
		if (!submit) return false;
		%s(submit);
		return true;
	})()`, list, tapYes)))
}

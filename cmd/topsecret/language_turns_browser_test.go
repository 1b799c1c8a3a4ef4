package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// turnPlayer makes one move a phone is offered now, through its buttons;
// it reports the move made, "" when the game waits for someone else.
type turnPlayer func(t *testing.T, p *phone, rng *rand.Rand) string

// In every game a German and a Swedish phone, with two bots, each play
// their first moves through what the phone offers, and after every move
// each phone reads only its own language: no English word, no word of the
// other phone's language, on the way into the match and out of it.
func TestBrowser_EveryGameTurnInGermanAndSwedish(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game    string
		options map[string]any
		moves   int // moves each phone makes
		play    turnPlayer
	}{
		{"wink", nil, 2, winkTurn},
		{"vault", nil, 2, vaultTurn},
		{"inkognito", nil, 2, inkognitoTurn},
		{"embassy", nil, 2, embassyTurn},
		{"couriers", nil, 3, couriersTurn},
	}
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	people := []speaker{{"Anna", "de"}, {"Björn", "sv"}}
	langs := []string{"de", "sv"}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			began := time.Now()
			seed := uint64(began.UnixNano())
			rng := rand.New(rand.NewPCG(seed, 0))
			code, host := newRoom(t, m, tt.game, tt.options)
			phones := make([]*phone, len(people))
			for i, s := range people {
				phones[i] = newPhone(t, browser, s.name)
				phones[i].join(m.URL()+"/r/"+code+"?lang="+s.lang, s.name)
			}
			addBots(t, m, code, host, 2)
			names := append(seatNames(t, m, code), code)
			for i, p := range phones {
				p.readsOnly("the lobby", people[i].lang, langs, names)
			}
			if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
				t.Fatalf("start: %d", st)
			}
			for i, p := range phones {
				p.run(chromedp.WaitVisible(tid(tt.game + "-seat")))
				p.readsOnly("the start", people[i].lang, langs, names)
			}
			moves := map[string][]string{}
			deadline := began.Add(40 * time.Second)
			for {
				done := true
				for _, s := range people {
					done = done && len(moves[s.name]) >= tt.moves
				}
				if done {
					break
				}
				if time.Now().After(deadline) {
					for _, p := range phones {
						t.Logf("%s: %s", p.name, get(p, chromedp.Evaluate[string](`(() => { const s = document.querySelector('[data-testid$="-seat"]'); return s ? s.outerHTML.slice(0, 300) : "" })()`)))
					}
					t.Fatalf("seed %d: the phones made only these moves: %v", seed, moves)
				}
				acted := false
				for i, p := range phones {
					// A phone that has made its moves plays on: the
					// game may wait for it before the other's turn.
					before := p.bodyText()
					move := tt.play(t, p, rng)
					if move == "" {
						continue
					}
					acted = true
					moves[p.name] = append(moves[p.name], move)
					// The page answers the move; then it is read.
					for end := time.Now().Add(3 * time.Second); time.Now().Before(end) && p.bodyText() == before; {
						time.Sleep(30 * time.Millisecond)
					}
					p.readsOnly(fmt.Sprintf("move %d (%s)", len(moves[p.name]), move), people[i].lang, langs, names)
					p.shot(fmt.Sprintf("move-%d-%s", len(moves[p.name]), people[i].lang))
				}
				if !acted {
					time.Sleep(50 * time.Millisecond)
				}
			}
			// A refused move says why in the phone's language: a stale
			// page's action this game does not know.
			for i, p := range phones {
				p.refused(`topsecret.act("dance")`, people[i].lang, langs, names)
			}

			// The "?" over the match: every how-to card in German.
			anna := phones[0]
			n := anna.openHowTo("howto-ask")
			if n < 3 {
				t.Fatalf("the ? shows %d how-to cards", n)
			}
			for i := range n {
				eventually(t, fmt.Sprintf("how-to card %d shows", i), func() bool { return anna.visible(fmt.Sprintf("howto-card-%d", i)) })
				anna.readsOnly(fmt.Sprintf("how-to card %d", i), "de", langs, names)
				if i == 1 {
					anna.shot("howto-de")
				}
				anna.tap("howto-next")
			}
			anna.run(chromedp.KeyEvent(kb.Escape))

			// The table screen in Swedish, at a desk's size.
			table := newPhone(t, browser, "table")
			table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table?lang=sv"), chromedp.WaitVisible(tid(tt.game+"-table")))
			table.readsOnly("the table screen", "sv", langs, names)
			table.shot("table-sv")
			t.Logf("%s: moves %v in %s", tt.game, moves, time.Since(began).Round(time.Millisecond))
		})
	}
}

// winkTurn takes the dealt cards, answers a claim, or passes the suitcase.
func winkTurn(t *testing.T, p *phone, rng *rand.Rand) string {
	for _, id := range []string{"wink-take-cards", "wink-answer", "wink-pass"} {
		if p.tap(id) {
			eventually(t, p.name+"'s "+id+" lands", func() bool { return !p.visible(id) })
			return id
		}
	}
	return ""
}

// vaultTurn shouts BOOM, steals, keeps, or plays a card of the hand.
func vaultTurn(t *testing.T, p *phone, rng *rand.Rand) string {
	switch {
	case p.tap("vault-boom"):
		return "boom"
	case p.tapCSS(`[data-testid^="vault-steal-"]:not([disabled])`):
		return "steal"
	case p.tap("vault-keep"):
		return "keep"
	case p.tapCSS(`[data-testid="vault-seat"][data-phase="select"] button[data-testid^="vault-card-"]:not([disabled]):not([aria-pressed="true"])`):
		phase := func() string {
			return get(p, chromedp.Evaluate[string](`(() => { const s = document.querySelector('[data-testid="vault-seat"]'); return s ? s.dataset.phase + "|" + document.querySelectorAll('[data-testid^="vault-card-"]').length : "" })()`))
		}
		was := phase()
		// A tap can meet a page the next frame is replacing: not counted,
		// and the loop taps again until its deadline.
		if within(8*time.Second, func() bool { return phase() != was }) {
			return "card"
		}
		t.Logf("%s: a tapped card did not land; tapping again", p.name)
	}
	return ""
}

// inkognitoTurn does what the phone's open task asks: plays a site card,
// seals a pair or passes in an exchange, and answers every other prompt.
func inkognitoTurn(t *testing.T, p *phone, rng *rand.Rand) string {
	s := ikSnap(p)
	if !s.Live || s.Over {
		return ""
	}
	switch s.Task {
	case "play", "commit":
		ikTapAny(p, rng, `button[data-testid^="inkognito-play-"]:not([disabled])`)
	case "exchange", "interview":
		if ikSealPair(p, rng.Float64()) == nil && !p.tap("inkognito-pass") {
			ikTapAny(p, rng, `[data-testid^="inkognito-show-black-"]`)
		}
	case "peek":
		ikTapAny(p, rng, `[data-testid^="inkognito-peek-"], [data-testid="inkognito-skip"]`)
	case "amb_meet":
		ikTapAny(p, rng, `[data-testid^="inkognito-ask-"], [data-testid="inkognito-skip"]`)
	case "ambassador":
		p.tap("inkognito-continue")
	case "choose_black":
		ikTapAny(p, rng, `[data-testid^="inkognito-choose-"]`)
	default:
		t.Fatalf("%s: unknown inkognito task %q", p.name, s.Task)
	}
	ikWaitChange(p, s)
	return s.Task
}

// embassyTurn rolls, moves to a lit spot (entering an embassy when it
// can), and answers the rest of the turn's prompts.
func embassyTurn(t *testing.T, p *phone, rng *rand.Rand) string {
	s := emSnap(p)
	if !s.Mine || s.Over {
		return ""
	}
	switch s.Phase {
	case "roll":
		p.tap("embassy-roll")
	case "move":
		if !p.tap("embassy-enter-btn") {
			emTapAny(p, rng, `[data-testid="embassy-pick-move"] label.em-t`)
			p.tap("embassy-go-move")
		}
	case "slot":
		emTapAny(p, rng, `[data-testid^="embassy-slot-"]`)
	case "fifth":
		p.tap("embassy-reject")
	case "place":
		emTapAny(p, rng, `[data-testid="embassy-target-place"]`)
	case "challenge":
		emTapAny(p, rng, `[data-testid^="embassy-challenge-"]`)
	case "guess":
		emTapAny(p, rng, `[data-testid^="embassy-point-"]`)
		emTapAny(p, rng, `[data-testid^="embassy-guess-"]`)
	case "penalty":
		emTapAny(p, rng, `[data-testid^="embassy-penalty-"]`)
	case "keep":
		p.tap("embassy-keep")
	case "immobile", "blocked":
		if !p.tapCSS(`[data-testid^="embassy-bodyguard-"]`) {
			p.tap("embassy-pass")
		}
	default:
		t.Fatalf("%s: unknown embassy phase %q", p.name, s.Phase)
	}
	emWaitChange(p, s)
	return s.Phase
}

// couriersTurn hides the suitcases in the first lit cities, rolls, moves
// an agent, and answers a fight's prompts.
func couriersTurn(t *testing.T, p *phone, rng *rand.Rand) string {
	s := czSnap(p)
	if !s.Mine || s.Phase == "over" {
		return ""
	}
	switch s.Phase {
	case "hide":
		p.tap("couriers-place-A")
		for range 4 {
			if !p.tapCSS(`[data-testid="couriers-hide"] .cz-c.lit`) {
				p.fail(fmt.Errorf("no lit city for a suitcase"))
			}
		}
		if !p.tap("couriers-hide-go") {
			p.fail(fmt.Errorf("four suitcases placed, yet they cannot be hidden"))
		}
	case "roll":
		p.tap("couriers-roll")
	case "move":
		czWalk(p)
	case "order":
		p.tapCSS(`[data-testid^="couriers-defender-"]`)
	case "cards":
		czPlayCard(p)
	case "loot":
		p.tap("couriers-loot-take")
	case "bomb":
		czBomb(t, p)
	default:
		t.Fatalf("%s: unknown couriers phase %q", p.name, s.Phase)
	}
	czWaitChange(p, s)
	return s.Phase
}

// czWalk takes a suitcase where an agent stands with empty hands, else walks the first
// agent that can go somewhere to the first city lit for it, else ends the
// turn: a move in any language, read by the page's form, not its words.
func czWalk(p *phone) {
	// Empty hands only take: no putting down and taking back for ever.
	take := get(p, chromedp.Evaluate[bool](`(() => {
		const b = [...document.querySelectorAll('[data-testid^="couriers-handle-"]')].find(b => !JSON.parse(b.dataset.data).drop);
		if (b) b.click();
		return !!b;
	})()`))
	if take {
		return
	}
	ok := get(p, chromedp.Evaluate[bool](`(() => {
		const form = document.querySelector('[data-testid="couriers-move"]');
		if (!form) return false;
		for (const a of form.querySelectorAll('input[name="agent"]')) {
			const t = form.querySelector(".cz-t.r" + a.value.split("-")[1] + " input");
			if (!t) continue;
			a.click();
			t.click();
			return true;
		}
		return false;
	})()`))
	if !ok || !p.tap("couriers-go") {
		p.tap("couriers-end-turn")
	}
}

// refused sends an action the server refuses from the phone's page (the
// script js runs there) and checks the toast that says why: it shows, in
// the phone's language, on top, with no other language in it.
func (p *phone) refused(js, lang string, langs, names []string) {
	p.tb.Helper()
	toast := func() string {
		return get(p, chromedp.Evaluate[string](`(() => { const t = document.querySelector("#toast"); return t && !t.hidden ? t.textContent.trim() : "" })()`))
	}
	p.run(chromedp.Evaluate[chromedp.Void](`(() => { const t = document.querySelector("#toast"); if (t) { t.hidden = true; t.textContent = ""; } })()`))
	p.run(chromedp.Evaluate[chromedp.Void](js))
	eventually(p.tb, p.name+" reads why the move is refused", func() bool { return toast() != "" })
	// Nothing floats over it, the first-turn hint at the same spot neither.
	eventually(p.tb, p.name+"'s refusal is on top", func() bool {
		return get(p, chromedp.Evaluate[bool](`(() => { const t = document.querySelector("#toast"), r = t.getBoundingClientRect();
			const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !!e && t.contains(e) })()`))
	})
	p.readsOnly("a refusal: "+toast(), lang, langs, names)
	p.shot("refused-" + lang)
}

package main

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// Couriers' first-turn hint ("roll the dice, then move") appears when its
// words apply and covers nothing (issue 27, F10): not during the secret
// setup everyone does at once, where it used to cover Hide; at the
// player's own first turn, whoever started; and never over a control.
func TestBrowser_FirstTurnHintWhenItApplies(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann := newPhone(t, browser, "Ann")
	mustStartMatch(t, m, "couriers", nil, 1, ann)
	ann.run(chromedp.WaitVisible(tid("couriers-hide")))
	if ann.visible("howto-hint") {
		ann.shot("hint-in-setup")
		t.Fatal("the first-turn hint shows during the secret setup")
	}
	ann.tap("couriers-place-A")
	for _, city := range []string{"vancouver", "lagos", "paris", "cairo"} {
		if !ann.tapCSS(`.cz-c.lit[value="` + city + `"]`) {
			t.Fatalf("%s is not lit for a suitcase", city)
		}
	}
	eventually(t, "the suitcases can be hidden", func() bool { return ann.visible("couriers-hide-go") })
	ann.tap("couriers-hide-go")
	eventually(t, "Ann's own first turn", func() bool {
		return get(ann, chromedp.Evaluate[bool](`!!document.querySelector('[data-howto-now="true"]')`))
	})
	if !ann.visible("howto-hint") {
		ann.shot("no-hint")
		t.Fatal("no first-turn hint at the player's own first turn")
	}
	ann.shot("hint-390")
	for _, wide := range []bool{false, true} {
		if wide {
			ann.wide()
			ann.shot("hint-1280")
		}
		covered := get(ann, chromedp.Evaluate[[]string](`(() => {
			const h = document.querySelector('#howto-hint').getBoundingClientRect();
			return [...document.querySelectorAll('button, a, input, select, [data-act]')]
				.filter(e => !e.closest('#howto-hint') && !e.closest('dialog') && e.checkVisibility())
				.filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom; })
				.map(e => e.getAttribute('data-testid') || e.textContent.trim());
		})()`))
		if len(covered) > 0 {
			t.Errorf("wide %v: the hint lies over %q", wide, covered)
		}
	}
}

// The first-turn hint leaves when the turn is over: at once when the
// player's own move ended it, but a turn that passed while they did
// nothing (the others, a timer) does not pull the board up under their
// eyes: the hint fades where it is and goes after their next tap.
func TestBrowser_FirstTurnHintLeavesWithoutMovingTheBoard(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	vaultCard := `[data-testid="vault-seat"][data-phase="select"] button[data-testid^="vault-card-"]:not([disabled])`
	boardTop := func(p *phone) float64 {
		return get(p, chromedp.Evaluate[float64](`document.querySelector('#board').getBoundingClientRect().top`))
	}

	t.Run("TheirOwnMove", func(t *testing.T) {
		ann := newPhone(t, browser, "Ann")
		mustStartMatch(t, m, "vault", nil, 2, ann)
		eventually(t, "the first-turn hint", func() bool { return ann.visible("howto-hint") })
		if !ann.tapCSS(vaultCard) {
			t.Fatal("no card to play")
		}
		eventually(t, "the hint gone with Ann's move", func() bool { return !ann.shown("howto-hint") })
	})

	t.Run("PassedByItself", func(t *testing.T) {
		bob := newPhone(t, browser, "Bob")
		mustStartMatch(t, m, "vault", nil, 2, bob)
		eventually(t, "the first-turn hint", func() bool { return bob.visible("howto-hint") })
		top := boardTop(bob)
		// A frame in which the turn is no longer Bob's, as live.js draws
		// one: the board says so and the page is told it was drawn.
		get(bob, chromedp.Evaluate[bool](`document.querySelector('[data-howto-now]').setAttribute('data-howto-now', 'false');
			document.dispatchEvent(new CustomEvent('topsecret:drawn'))`))
		if !bob.shown("howto-hint") || !get(bob, chromedp.Evaluate[bool](`document.querySelector('#howto-hint').classList.contains('howto-hint-over')`)) {
			t.Fatal("the hint did not stay, faded, when the turn passed by itself")
		}
		if now := boardTop(bob); now != top {
			t.Fatalf("the board moved from %.0f to %.0f px", top, now)
		}
		bob.shot("hint-over")
		bob.tap("room-code")
		eventually(t, "the hint gone after the next tap", func() bool { return !bob.shown("howto-hint") })
	})
}

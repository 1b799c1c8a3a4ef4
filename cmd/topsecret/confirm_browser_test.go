package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Nothing irreversible acts on a double tap (issue 27, F2): each control
// that asks first (a host removing a seat, hiding the suitcases, playing a
// vault card, ending the match, making someone host) is double-tapped
// where a finger would, and the phone shows the question with nothing
// sent and Confirm not under the finger; a deliberate tap on Confirm
// afterwards does act.
func TestBrowser_DoubleTapOnlyAsks(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	t.Run("couriers", func(t *testing.T) {
		ann := newPhone(t, browser, "Ann")
		url := ann.createRoom(m, "couriers")
		ann.join(url, "Ann")
		ann.run(chromedp.Click(tid("add-bot")))
		eventually(t, "the bot sits down", func() bool { return ann.present("kick-1") })
		ann.doubleTapAsks(`[data-testid="kick-1"]`)
		ann.confirmDeliberately()
		eventually(t, "the bot is removed", func() bool { return !ann.present("kick-1") })

		ann.run(chromedp.Click(tid("add-bot")))
		eventually(t, "start is enabled", func() bool { return ann.visible("start") })
		ann.tap("start")
		ann.run(chromedp.WaitVisible(tid("couriers-hide")))
		ann.tap("couriers-place-A")
		for _, city := range []string{"vancouver", "lagos", "paris", "cairo"} {
			if !ann.tapCSS(`.cz-c.lit[value="` + city + `"]`) {
				t.Fatalf("%s is not lit for a suitcase", city)
			}
		}
		eventually(t, "the suitcases can be hidden", func() bool { return ann.visible("couriers-hide-go") })
		ann.doubleTapAsks(`[data-testid="couriers-hide-go"]`)
		ann.shot("hide-asks")
		ann.confirmDeliberately()
		eventually(t, "the suitcases are hidden", func() bool { return !ann.present("couriers-hide") })
	})

	t.Run("vault", func(t *testing.T) {
		ann, ben := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben")
		url := ann.createRoom(m, "vault")
		ann.join(url, "Ann")
		ben.join(url, "Ben")
		eventually(t, "start is enabled", func() bool { return ann.visible("start") })
		ann.tap("start")
		ann.run(chromedp.WaitVisible(tid("vault-commit")))
		ann.doubleTapAsks(`button[data-testid^="vault-card-"]`)
		ann.shot("card-asks")
		ann.confirmDeliberately()
		ann.run(chromedp.WaitVisible(tid("vault-committed")))

		ann.run(chromedp.Click(chromedp.CSS("#seats-strip summary")))
		ann.doubleTapAsks(`[data-testid="end-match"]`)
		ann.shot("end-asks")
		ann.confirmDeliberately()
		eventually(t, "the match has ended", func() bool { return ann.present("result") })

		ann.run(chromedp.WaitVisible(tid("make-host-1")))
		ann.doubleTapAsks(`[data-testid="make-host-1"]`)
		ann.shot("make-host-asks")
		ann.confirmDeliberately()
		eventually(t, "Ben hosts", func() bool { return ben.present("rematch") })
	})
}

// doubleTapAsks double-taps the control sel as a finger does, two quick
// taps on the same spot, and fails unless the in-page question is open,
// nothing was sent, and Confirm is not where the finger was.
func (p *phone) doubleTapAsks(sel string) {
	p.tb.Helper()
	p.run(chromedp.Evaluate[chromedp.Void](`(() => {
		window.sentActs = [];
		const send = WebSocket.prototype.send;
		WebSocket.prototype.send = function (m) { if (String(m).includes('"act"')) window.sentActs.push(String(m)); return send.call(this, m); };
		const post = window.fetch;
		window.fetch = function (u, o) { if (o && o.method === "POST") window.sentActs.push(String(u)); return post.apply(this, arguments); };
	})()`))
	xy := get(p, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, sel)))
	for n := 1; n <= 2; n++ {
		p.run(chromedp.MouseEvent("mousePressed", xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(n)),
			chromedp.MouseEvent("mouseReleased", xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(n)))
	}
	if q := p.armed(); q == "" {
		p.shot("no-question")
		p.tb.Fatalf("a double tap on %s shows no question", sel)
	}
	if sent := get(p, chromedp.Evaluate[[]string](`window.sentActs`)); len(sent) > 0 {
		p.tb.Fatalf("a double tap on %s sent %q", sel, sent)
	}
	under := get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
		const a = document.querySelector('[data-testid="confirm-ok"]').getBoundingClientRect();
		return a.left <= %[1]f && %[1]f <= a.right && a.top <= %[2]f && %[2]f <= a.bottom;
	})()`, xy[0], xy[1])))
	if under {
		p.tb.Fatalf("Confirm lies under the finger that tapped %s", sel)
	}
}

// confirmDeliberately taps Confirm as a person who has read the question
// does: a moment after it opened.
func (p *phone) confirmDeliberately() {
	p.tb.Helper()
	time.Sleep(500 * time.Millisecond) // reading the question, not waiting for an effect
	xy := get(p, chromedp.Evaluate[[]float64](`(() => {
		const r = document.querySelector('[data-testid="confirm-ok"]').getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`))
	p.run(chromedp.MouseClickXY(xy[0], xy[1]))
	if q := p.armed(); q != "" {
		p.tb.Fatalf("the question %q stays open after Confirm", q)
	}
}

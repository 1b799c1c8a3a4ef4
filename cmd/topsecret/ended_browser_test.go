package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Once the host ends a match, every screen shows the end (issue 27, F8):
// in each game, the phone of a player the match was waiting on and the
// table screen show no turn to take, no clock running and no control that
// would act, and the phone's tab no longer says it is your move.
func TestBrowser_EndedMatchShowsTheEnd(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	games := []struct {
		slug string
		bots int
		opts map[string]any
	}{
		{"couriers", 1, nil}, {"embassy", 1, nil}, {"vault", 1, nil}, {"wink", 3, map[string]any{"startPlayer": 0}}, {"inkognito", 2, nil},
	}
	for _, g := range games {
		t.Run(g.slug, func(t *testing.T) {
			t.Parallel()
			ann := newPhone(t, browser, "Ann")
			code, token := mustStartMatch(t, m, g.slug, g.opts, g.bots, ann)
			table := newPhone(t, browser, "Table")
			table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table"))
			ann.run(chromedp.WaitVisible(`#room-main [data-act]`))
			if st := apiPost(t, m, "/api/rooms/"+code+"/end", token, nil, nil); st != http.StatusOK {
				t.Fatalf("end: %d", st)
			}
			for _, p := range []*phone{ann, table} {
				p.run(chromedp.WaitVisible(tid("result")))
				if n := get(p, chromedp.Evaluate[int](`[...document.querySelectorAll('#room-main [data-deadline]')].filter(e => e.checkVisibility()).length`)); n > 0 {
					p.shot("ended-clock")
					t.Errorf("%s: %d clocks still run after the match ended", p.name, n)
				}
				live := get(p, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#room-main [data-act]')].filter(e => !e.disabled && e.getAttribute("aria-disabled") !== "true").map(e => e.getAttribute("data-act"))`))
				if len(live) > 0 {
					p.shot("ended-controls")
					t.Errorf("%s: controls %v still act after the match ended", p.name, live)
				}
				board := get(p, chromedp.Evaluate[string](`document.querySelector('#room-main').innerText`))
				for _, w := range []string{"Your turn", "Your move", "your turn", "roll the dice"} {
					if strings.Contains(board, w) {
						p.shot("ended-turn")
						t.Errorf("%s: the ended match still says %q", p.name, w)
					}
				}
			}
			if title := ann.title(); strings.HasPrefix(title, "●") {
				t.Errorf("the phone's tab reads %q after the end", title)
			}
			ann.shot("ended")
			ann.wide()
			ann.shot("ended-wide")
			table.shot("ended-table")
		})
	}
}

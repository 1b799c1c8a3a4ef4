package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// BenchmarkRedraw is what a phone's browser spends redrawing the room's
// page for a frame, at a quarter of this machine's speed (4x CPU
// throttling, Lighthouse's phone): the new markup put in whole (innerHTML,
// as before morph.js) against morph.js changing only what differs, on real
// frames of a bot-played match, each in turn, with the style and layout
// they cause. Run with -benchtime 1x: each run is already 40 redraws a way.
//
//	go test -run '^$' -bench BenchmarkRedraw -benchtime 1x ./cmd/topsecret
func BenchmarkRedraw(b *testing.B) {
	browser := mustBrowser(b)
	m := MustRunMain(b, b.TempDir())
	for _, tt := range []struct {
		game  string
		table bool
	}{
		{"wink", false}, {"vault", false}, {"inkognito", false}, {"couriers", false}, {"embassy", false}, {"couriers", true},
	} {
		name := tt.game
		if tt.table {
			name += "-table"
		}
		b.Run(name, func(b *testing.B) {
			frames := botFrames(b, m, tt.game, tt.table, 24)
			p := newPhone(b, browser, "Ann")
			path := "/r/" + frames.code
			if tt.table {
				path += "/table"
			}
			p.run(chromedp.Navigate(m.URL()+path), chromedp.WaitVisible(tid("room-main")))
			if _, err := chromedp.Call(p.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
				b.Fatal(err)
			}
			list, _ := json.Marshal(frames.html)
			for range b.N {
				for _, how := range []string{"whole", "morph"} {
					ms := get(p, chromedp.Evaluate[float64](fmt.Sprintf(`((frames) => {
						const main = document.getElementById("room-main");
						const t0 = performance.now();
						for (let i = 0; i < 40; i++) {
							const html = frames[i %% frames.length];
							if (%q === "whole") { main.innerHTML = html; } else { window.topsecretMorph(main, html); }
							document.body.offsetHeight;
						}
						return (performance.now() - t0) / 40;
					})(%s)`, how, list)))
					b.ReportMetric(ms, how+"-ms/frame")
				}
			}
		})
	}
}

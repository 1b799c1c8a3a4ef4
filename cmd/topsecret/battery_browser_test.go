package main

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// The battery's budget, for a phone at a quarter of this machine's speed
// (Chromium's CPU throttling, 4x, as Lighthouse's mobile runs):
//   - maxRequests: what a game's phone page may fetch with an empty cache,
//     from the page itself to its last picture (the socket not counted):
//     the page, one platform stylesheet, the game's, one script, the
//     game's own script or drawn board where it has them, the logo and
//     the icon;
//   - maxBusy: the share of the time its main thread may be busy while
//     nothing happens (the player to move, nobody else moving), where an
//     animation that repaints every frame (a pulsing box-shadow kept the
//     inkognito replay's main thread 70% busy) or a script polling too
//     often would show.
const (
	maxRequests = 8
	maxBusy     = 0.15
	// idleWindows is how many seconds the page is watched doing nothing.
	idleWindows = 3
)

// Each game's phone page, loaded afresh in a match whose bots take their
// time, stays within the budget: few requests, and a main thread that
// rests while nothing happens.
func TestBrowser_BatteryBudget(t *testing.T) {
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	// Nobody at the table moves while the phone is watched: the bots
	// think for an hour (or until a step's timer, far off, is near).
	m.Rooms.BotDelay = time.Hour
	for _, tc := range []struct {
		game string
		bots int
	}{
		{"wink", 3}, {"vault", 2}, {"inkognito", 3}, {"couriers", 1}, {"embassy", 1},
	} {
		t.Run(tc.game, func(t *testing.T) {
			// Ann's seat is taken over the API and handed to the phone
			// as the cookie joining would have left: the page is then
			// loaded once, with nothing cached, mid-match.
			code, host := newRoom(t, m, tc.game, nil)
			var seat struct {
				Token string `json:"token"`
			}
			if st := apiPost(t, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": "Ann"}, &seat); st != http.StatusCreated {
				t.Fatalf("join: %d", st)
			}
			addBots(t, m, code, host, tc.bots)
			if st := apiPost(t, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
				t.Fatalf("start: %d", st)
			}
			ann := newPhone(t, browser, "Ann")
			if _, err := chromedp.Call(ann.ctx, network.SetCookie, network.SetCookieParams{Name: "ts_seat_" + code, Value: seat.Token, URL: m.URL() + "/"}); err != nil {
				t.Fatal(err)
			}
			load := watchLoad(t, ann)
			ann.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("board")))
			eventually(t, "the socket's first frame comes", func() bool { return load().frames > 0 })
			// The page is loaded at full speed (its load is not what the
			// budget is about, and at a quarter speed it took the suite 5
			// s a game); it is watched at a quarter.
			if _, err := chromedp.Call(ann.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
				t.Fatal(err)
			}
			// Let the load settle (fonts, the first frame's redraw), then
			// watch the page do nothing, a second at a time: a second in
			// which a frame came (a bot answering a short window) does not
			// count, and the quietest of three quiet seconds is the figure,
			// so a moment when this machine's other work slows the browser
			// does not count either (an animation that repaints, or a
			// script that polls, is busy in every second).
			time.Sleep(time.Second)
			taskDuration(t, ann)
			var shares []float64
			for tries := 0; len(shares) < idleWindows; tries++ {
				if tries == 4*idleWindows {
					t.Fatalf("frames kept coming for %d s: nothing is quiet to measure", tries)
				}
				f0 := load().frames
				busy0, at0 := taskDuration(t, ann)
				time.Sleep(time.Second)
				busy1, at1 := taskDuration(t, ann)
				if load().frames == f0 {
					shares = append(shares, (busy1-busy0)/(at1-at0))
				}
			}
			share := slices.Min(shares)
			got := load()
			t.Logf("%s phone: %d requests, %.1f KiB on the wire (%.1f KiB raw), page %.1f KiB raw; first frame %d bytes; main thread busy %.1f%% while idle (%.3f)",
				tc.game, len(got.urls), float64(got.wire)/1024, float64(got.raw)/1024, float64(got.doc)/1024, got.first, 100*share, shares)
			if !strings.Contains(got.urls[0], "/r/"+code) {
				t.Fatalf("the first request was %s, not the page", got.urls[0])
			}
			if len(got.urls) > maxRequests {
				t.Errorf("%d requests, budget %d:\n%s", len(got.urls), maxRequests, strings.Join(got.urls, "\n"))
			}
			if share > maxBusy {
				anims := get(ann, chromedp.Evaluate[string](`document.getAnimations().filter(a => a.playState == "running").map(a => (a.animationName || "a transition") + " on " + (a.effect.target.className || a.effect.target.tagName) + (a.effect.pseudoElement || "")).join("; ")`))
				t.Errorf("main thread busy %.0f%% of the time while nothing happens, budget %.0f%% (running animations: %q)", 100*share, 100*maxBusy, anims)
			}
		})
	}
}

// loaded is what a page fetched since watchLoad: the URLs (the socket
// not counted), bytes on the wire with headers and once decoded, the
// page's own decoded size, and its socket's frames and the first's size.
type loaded struct {
	urls            []string
	wire, raw, doc  int64
	frames, first   int
	documentRequest network.RequestID
}

// watchLoad follows p's network from now on.
func watchLoad(tb testing.TB, p *phone) func() loaded {
	tb.Helper()
	if _, err := chromedp.Call(p.ctx, network.Enable, network.EnableParams{}); err != nil {
		tb.Fatal(err)
	}
	var mu sync.Mutex
	var got loaded
	ctx, cancel := context.WithCancel(p.ctx)
	tb.Cleanup(cancel)
	go func() {
		for ev, err := range chromedp.Events(ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			if strings.HasPrefix(ev.Request.URL, "data:") {
				continue
			}
			mu.Lock()
			if ev.Type == network.ResourceTypeDocument {
				got.documentRequest = ev.RequestID
			}
			got.urls = append(got.urls, ev.Request.URL)
			mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, network.DataReceived) {
			if err != nil {
				return
			}
			mu.Lock()
			got.raw += ev.DataLength
			if ev.RequestID == got.documentRequest {
				got.doc += ev.DataLength
			}
			mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, network.LoadingFinished) {
			if err != nil {
				return
			}
			mu.Lock()
			got.wire += int64(ev.EncodedDataLength)
			mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, network.WebSocketFrameReceived) {
			if err != nil {
				return
			}
			mu.Lock()
			if got.frames == 0 {
				got.first = len(ev.Response.PayloadData)
			}
			got.frames++
			mu.Unlock()
		}
	}()
	return func() loaded {
		mu.Lock()
		defer mu.Unlock()
		out := got
		out.urls = append([]string(nil), got.urls...)
		return out
	}
}

// taskDuration is how long p's main thread has been busy in all (the
// browser's TaskDuration, seconds) and when it was read (seconds).
func taskDuration(tb testing.TB, p *phone) (busy, at float64) {
	tb.Helper()
	if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{}); err != nil {
		tb.Fatal(err)
	}
	res, err := chromedp.Call(p.ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range res.Metrics {
		switch m.Name {
		case "TaskDuration":
			busy = m.Value
		case "Timestamp":
			at = m.Value
		}
	}
	return busy, at
}

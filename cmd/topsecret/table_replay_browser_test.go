package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"topsecret/internal/game"
)

// finishedMatch plays a whole match of game between n bots over the API
// and returns its room's code and host token and the match id.
func finishedMatch(tb testing.TB, m *Main, game string, n int, options map[string]any) (code, host, id string) {
	tb.Helper()
	code, host = newRoom(tb, m, game, options)
	addBots(tb, m, code, host, n)
	var started struct {
		MatchID string `json:"match_id"`
	}
	if st := apiPost(tb, m, "/api/rooms/"+code+"/start", host, nil, &started); st != http.StatusOK {
		tb.Fatalf("start %s: %d", game, st)
	}
	return code, host, started.MatchID
}

// waitFinished waits until match id of room code has ended.
func waitFinished(tb testing.TB, m *Main, code, id string) {
	tb.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var r struct {
			Match struct{ ID, Status string } `json:"match"`
		}
		resp, err := http.Get(m.URL() + "/api/rooms/" + code)
		if err != nil {
			tb.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil {
			tb.Fatal(err)
		}
		if r.Match.ID == id && r.Match.Status == "finished" {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("match %s in %s did not finish", id, code)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A table screen at 1280x720 shows every game's whole lobby without
// scrolling, full rooms included, and after a match the result once: the
// board's own, beside a slim card with the way on, all on the screen.
func TestBrowser_TableScreenFits(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	tv := newPhone(t, browser, "tv")
	tv.wide()
	type played struct{ slug, code, id string }
	var matches []played
	for _, b := range m.Games.All() {
		g := struct{ Info game.Info }{b.Rules.Info()}
		code, _, id := finishedMatch(t, m, g.Info.Slug, g.Info.MinPlayers, nil)
		matches = append(matches, played{g.Info.Slug, code, id})

		lobby, host := newRoom(t, m, g.Info.Slug, nil)
		addBots(t, m, lobby, host, g.Info.MaxPlayers-1)
		if st := apiPost(t, m, "/api/rooms/"+lobby+"/seats", "", map[string]any{"name": "Zed"}, nil); st != http.StatusCreated {
			t.Fatalf("seat Zed: %d", st)
		}
		tv.run(chromedp.Navigate(m.URL()+"/r/"+lobby+"/table"), chromedp.WaitVisible(tid("lobby-seats")))
		tv.onScreen(t, g.Info.Slug+" lobby's QR code", `[data-testid="qr"]`)
		tv.onScreen(t, g.Info.Slug+" lobby's agents", `.lobby-seats > .panel:first-child`)
		tv.onScreen(t, g.Info.Slug+" lobby's settings", `[data-testid="options"]`)
		tv.shot(g.Info.Slug + "-lobby-1280")
	}
	for _, p := range matches {
		waitFinished(t, m, p.code, p.id)
		tv.run(chromedp.Navigate(m.URL()+"/r/"+p.code+"/table"), chromedp.WaitVisible(tid("result")))
		if n := get(tv, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="result"]').length`)); n != 1 {
			t.Fatalf("%s: %d result banners", p.slug, n)
		}
		if tv.present("winners") || tv.present("result-summary") {
			t.Fatalf("%s: the table screen says the result beside the board's own", p.slug)
		}
		tv.onScreen(t, p.slug+" result card", `[data-testid="result"]`)
		time.Sleep(600 * time.Millisecond) // the card's drop-in
		tv.shot(p.slug + "-finished-1280")
	}
}

// The replay's controls are one row docked at the bottom, on a laptop and
// on a phone (where "More" opens the rest above it), and its step bar
// names the game's own units.
func TestBrowser_ReplayBarIsCompact(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, _, id := finishedMatch(t, m, "wink", 4, map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4})
	code2, _, id2 := finishedMatch(t, m, "inkognito", 4, nil)
	waitFinished(t, m, code, id)
	waitFinished(t, m, code2, id2)

	p := newPhone(t, browser, "viewer")
	for _, size := range []string{"1280", "390"} {
		if size == "1280" {
			p.wide()
		} else {
			p.narrow()
		}
		for slug, match := range map[string]string{"wink": id, "inkognito": id2} {
			p.run(chromedp.Navigate(m.URL()+"/m/"+match+"#12"), chromedp.WaitVisible(tid("replay-frame")))
			eventually(t, "step 12", func() bool { return strings.HasPrefix(p.frame(), "12|") })
			bar := p.box(`[data-testid="replay-controls"]`)
			if h := bar.Bottom - bar.Top; h > 64 {
				t.Fatalf("%s: the control bar is %vpx tall", size, h)
			}
			p.onScreen(t, "the control bar", `[data-testid="replay-controls"]`)
			for _, id := range []string{"replay-back", "replay-play", "replay-forward", "replay-slider"} {
				b := p.box(string(tid(id)))
				if b.Top < bar.Top || b.Bottom > bar.Bottom {
					t.Fatalf("%s: %s sits outside the one row: %+v in %+v", size, id, b, bar)
				}
			}
			if got := p.text("step-progress"); got == "" || strings.Contains(got, "Turn") {
				t.Fatalf("%s: the step bar reads %q", size, got)
			}
			p.shot(slug + "-" + size)
		}
	}
	// The phone folds the rest under "More", which opens above the row.
	if p.visible("replay-start") || p.visible("replay-jump") {
		t.Fatal("the phone's bar shows the folded controls")
	}
	p.tap("replay-more")
	eventually(t, "More opens", func() bool { return p.visible("replay-start") && p.visible("replay-jump") })
	if extra, bar := p.box(`[data-testid="replay-extra"]`), p.box(`[data-testid="replay-controls"]`); extra.Bottom > bar.Top+1 {
		t.Fatalf("More opens over the row: %+v, bar %+v", extra, bar)
	}
	p.shot("390-more")
}

// "Show to the room": the table screen opens the host's replay by itself,
// follows the host's steps with the host's eyes, and goes back to the room
// when the host stops.
func TestBrowser_TableScreenFollowsSharedReplay(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host, id := finishedMatch(t, m, "wink", 4, map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4})
	waitFinished(t, m, code, id)

	tv := newPhone(t, browser, "tv")
	tv.wide()
	tv.run(chromedp.Navigate(m.URL()+"/r/"+code+"/table"), chromedp.WaitVisible(tid("result")))

	hp := newPhone(t, browser, "host")
	// The host's phone holds the room's host token, as the one that made
	// the room does.
	hp.run(chromedp.Navigate(m.URL() + "/"))
	get(hp, chromedp.Evaluate[bool](fmt.Sprintf(`localStorage.setItem("ts_host_%s", %q) || true`, code, host)))
	hp.run(chromedp.Navigate(m.URL()+"/m/"+id+"?host="+host+"#5"), chromedp.WaitReady(tid("replay-watch")))
	eventually(t, "the host is at step 5", func() bool { return strings.HasPrefix(hp.frame(), "5|") })
	hp.tap("replay-more")
	hp.tap("replay-watch")

	eventually(t, "the table screen opens the replay", func() bool {
		loc := tv.where()
		return strings.Contains(loc, "/m/"+id) && strings.Contains(loc, "screen=table")
	})
	tv.run(chromedp.WaitVisible(tid("replay-frame")))
	eventually(t, "the table shows the host's step with the host's eyes", func() bool { return tv.frame() == hp.frame() })
	if tv.visible("replay-controls") || tv.visible("replay-perspective") {
		t.Fatal("the table screen shows controls nobody works")
	}
	for step := 6; step <= 8; step++ {
		hp.tap("replay-forward")
		eventually(t, fmt.Sprint("the host is at step ", step), func() bool { return strings.HasPrefix(hp.frame(), fmt.Sprint(step, "|")) })
	}
	eventually(t, "the table follows to step 8", func() bool { return tv.frame() == hp.frame() })
	if loc := tv.where(); strings.Contains(loc, code) {
		t.Fatalf("the replay's address names the room: %s", loc)
	}
	tv.shot("following-1280")

	hp.tap("replay-watch") // stop showing
	eventually(t, "the table screen is back in the room", func() bool {
		return strings.HasSuffix(tv.where(), "/r/"+code+"/table")
	})
	tv.run(chromedp.WaitVisible(tid("result")))
	tv.shot("back-1280")
}

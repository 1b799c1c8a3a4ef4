package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
)

// The words the replay's script shows come from the page, worded for its
// reader: a Swedish host's play button and "Show to the room", and a
// Swedish follower's watch bar, read in Swedish after every change the
// script makes, none of it in English.
func TestReplayBrowser_ScriptWordsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host, id := finishedMatch(t, m, "wink", 4, map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4})
	waitFinished(t, m, code, id)
	sv := shelf.New(true).Words().Reader("sv", nil)
	say := func(msg string, args ...game.Arg) string { return sv.Say(game.M(msg, args...)) }

	hp := newPhone(t, browser, "host")
	hp.run(chromedp.Navigate(m.URL() + "/?lang=sv"))
	get(hp, chromedp.Evaluate[bool](fmt.Sprintf(`localStorage.setItem("ts_host_%s", %q) || true`, code, host)))
	hp.run(chromedp.Navigate(m.URL()+"/m/"+id+"?host="+host+"#3"), chromedp.WaitReady(tid("replay-watch")))
	eventually(t, "the host is at step 3", func() bool { return strings.HasPrefix(hp.frame(), "3|") })

	steps := []struct {
		name, tap, id, attr, want string
	}{
		{"playing offers a pause", "replay-play", "replay-play", "aria-label", say("game.page.replay.pause")},
		{"paused offers play", "replay-play", "replay-play", "aria-label", say("game.page.replay.play")},
		{"showing offers to stop", "replay-watch", "replay-watch", "", say("game.page.replay.stop_show")},
	}
	for _, s := range steps {
		if s.tap == "replay-watch" {
			hp.tap("replay-more")
		}
		if !hp.tap(s.tap) {
			t.Fatalf("%s: cannot tap %s", s.name, s.tap)
		}
		eventually(t, s.name, func() bool {
			if s.attr == "" {
				return hp.text(s.id) == s.want
			}
			return hp.attr(s.id, s.attr) == s.want
		})
	}
	hp.shot("showing-390")
	hp.wide()
	hp.shot("showing-1280")
	hp.narrow()

	// A Swedish phone follows the host, then browses alone. It has no seat:
	// the room's watch banner names the room in the address it opens, and
	// the page takes it out of the address bar, where a copy would share it.
	gp := newPhone(t, browser, "guest")
	gp.run(chromedp.Navigate(m.URL() + "/?lang=sv"))
	gp.run(chromedp.Navigate(m.URL()+"/m/"+id+"?follow=1&room="+code+"#0"), chromedp.WaitReady(tid("replay-frame")))
	last := get(gp, chromedp.Evaluate[int](`Number(document.querySelector('[data-testid="replay"]').dataset.steps) - 1`))
	eventually(t, "the guest follows the host", func() bool { return strings.HasPrefix(gp.frame(), "3|") })
	if got, want := gp.text("watch-text"), say("game.page.replay.together", game.N("step", 3), game.N("last", last)); got != want {
		t.Fatalf("following, the bar reads %q, want %q", got, want)
	}
	if got, want := gp.text("watch-toggle"), say("game.page.replay.leave"); got != want {
		t.Fatalf("following, the button reads %q, want %q", got, want)
	}
	if loc := gp.where(); strings.Contains(loc, code) {
		t.Fatalf("the address bar still names the room: %s", loc)
	}
	gp.shot("following-390")
	gp.tap("watch-toggle")
	eventually(t, "the guest browses alone", func() bool {
		return gp.text("watch-text") == say("game.page.replay.alone", game.N("step", 3)) && gp.text("watch-toggle") == say("game.page.replay.rejoin")
	})
	gp.shot("alone-390")
	gp.wide()
	gp.shot("alone-1280")
}

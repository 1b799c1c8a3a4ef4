package main

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"topsecret/internal/room"
)

// A wink match whose holder never moves (the turn timer off) ends by
// itself once nobody has moved for twelve hours: every phone and the table
// screen say why, and so does the room's history and the match's replay.
func TestBrowser_AbandonedMatchSaysWhy(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	clock := room.NewManualClock(time.Now())
	m.Rooms.Clock = clock
	ann, ben, cy, dee := newPhone(t, browser, "Ann"), newPhone(t, browser, "Ben"), newPhone(t, browser, "Cy"), newPhone(t, browser, "Dee")
	code, _ := mustStartMatch(t, m, "wink", map[string]any{"startPlayer": 0, "dealAutoMs": 0, "turnTimeoutMs": 0}, 0, ann, ben, cy, dee)
	table := newPhone(t, browser, "Table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/r/"+code+"/table"), chromedp.WaitVisible(tid("wink-table")))
	ann.run(chromedp.WaitVisible(tid("wink-seat")))

	clock.Advance(13 * time.Hour)
	m.Rooms.Sweep()
	const why = "Nobody made a move for 12 hours: the match was abandoned, no winner."
	for _, p := range []*phone{ann, ben, table} {
		p.run(chromedp.WaitVisible(tid("result-summary")))
		if got := p.text("result-summary"); got != why {
			t.Fatalf("%s reads %q, want %q", p.name, got, why)
		}
	}
	ann.shotWide("abandoned")
	table.shot("abandoned-table")

	ann.run(chromedp.Navigate(m.URL()+"/r/"+code+"/history"), chromedp.WaitVisible(tid("history-ended-1")))
	if got := ann.text("history-ended-1"); got != why {
		t.Fatalf("the history reads %q, want %q", got, why)
	}
	ann.shotWide("abandoned-history")
	resp, err := http.Get(m.URL() + "/api/rooms/" + code)
	if err != nil {
		t.Fatal(err)
	}
	var rm struct {
		Match struct{ ID string } `json:"match"`
	}
	err = json.NewDecoder(resp.Body).Decode(&rm)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	ann.run(chromedp.Navigate(m.URL()+"/m/"+rm.Match.ID), chromedp.WaitVisible(tid("replay-summary")))
	if got := ann.text("replay-summary"); got != why {
		t.Fatalf("the replay reads %q, want %q", got, why)
	}
	ann.shotWide("abandoned-replay")
}

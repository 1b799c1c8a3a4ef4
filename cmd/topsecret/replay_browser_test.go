package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A bot match plays to its end; a phone then opens its replay, steps
// through it, changes eyes, follows a deep link, and reaches the replay
// again from its own history link, the room's result banner and the room's
// history.
func TestReplayBrowser_StepPerspectiveDeepLink(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, id := mustFinishedBotMatch(t, m.URL())

	p := newPhone(t, browser, "viewer")
	p.run(chromedp.Navigate(m.URL()+"/m/"+id), chromedp.WaitVisible(tid("replay-frame")))

	// The first step: the deal, seen with every card face up.
	if got := p.frame(); got != "0|all" {
		t.Fatalf("first frame step|as = %q, want 0|all", got)
	}
	if !strings.HasPrefix(p.text("step-number"), "Step 0 / ") || p.text("step-text") == "" {
		t.Fatalf("first step reads %q: %q", p.text("step-number"), p.text("step-text"))
	}
	if p.visible("replay-back") || !p.visible("replay-forward") {
		t.Fatal("at step 0 back is enabled or forward is disabled")
	}

	// Step forward: each tap shows the next step, and the words change.
	texts := map[string]bool{p.text("step-text"): true}
	for i := 1; i <= 4; i++ {
		if !p.tap("replay-forward") {
			t.Fatalf("cannot step forward from step %d", i-1)
		}
		want := fmt.Sprintf("%d|all", i)
		eventually(t, "step "+want, func() bool { return p.frame() == want })
		if got := p.text("step-number"); !strings.HasPrefix(got, fmt.Sprintf("Step %d / ", i)) {
			t.Fatalf("step %d reads %q", i, got)
		}
		if got := p.attr("replay", "data-step"); got != fmt.Sprint(i) {
			t.Fatalf("page data-step=%q at step %d", got, i)
		}
		texts[p.text("step-text")] = true
	}
	if len(texts) < 2 {
		t.Fatalf("five steps, one text: %v", texts)
	}
	if loc := get(p, chromedp.Location()); !strings.HasSuffix(loc, "/m/"+id+"?as=all#4") {
		t.Fatalf("location %s does not link to step 4", loc)
	}

	// Seat 1's eyes: that phone's own view, at the same step.
	seat1 := p.seatName(1)
	if !p.tap("as-1") {
		t.Fatal("no as-1 perspective")
	}
	eventually(t, "seat 1's view", func() bool { return p.frame() == "4|1" })
	p.mustBoardShows("wink-seat", seat1)
	if p.present("replay-secrets") {
		t.Fatal("a seat's perspective shows the secret files")
	}
	if got := p.text("step-as"); !strings.Contains(got, seat1) {
		t.Fatalf("step-as=%q, want %s’s phone", got, seat1)
	}

	// Every card face up: the secret files are back.
	if !p.tap("as-all") {
		t.Fatal("no as-all perspective")
	}
	eventually(t, "the omniscient view", func() bool { return p.frame() == "4|all" })
	if !p.visible("replay-secrets") {
		t.Fatal("the omniscient view lacks the secret files")
	}

	// A shared link opens at its step with its eyes.
	seat2 := p.seatName(2)
	p.run(chromedp.Navigate(m.URL()+"/m/"+id+"?as=2#5"), chromedp.WaitVisible(tid("replay-frame")))
	eventually(t, "the deep link's step 5", func() bool { return p.frame() == "5|2" })
	if got := p.text("step-number"); !strings.HasPrefix(got, "Step 5 / ") {
		t.Fatalf("deep link reads %q", got)
	}
	if got := p.attr("as-2", "aria-current"); got != "true" {
		t.Fatalf("as-2 aria-current=%q", got)
	}
	p.mustBoardShows("wink-seat", seat2)

	// A shared replay names no room: its history link goes by the match,
	// to the room's finished matches without the room's code.
	p.shot("replay-390")
	p.wide()
	p.shot("replay-1280")
	p.narrow()
	if !p.tap("replay-history-link") {
		t.Fatal("the replay has no history link")
	}
	p.run(chromedp.WaitVisible(tid("history-match-1")))
	if loc := p.where(); !strings.HasSuffix(loc, "/m/"+id+"/history") {
		t.Fatalf("the replay's history link opened %s", loc)
	}
	if html := get(p, chromedp.Evaluate[string](`document.documentElement.outerHTML`)); strings.Contains(html, code) {
		t.Fatal("the match's history names the room")
	}
	p.shot("match-history-390")
	p.wide()
	p.shot("match-history-1280")
	p.narrow()
	if !p.tap("history-match-1") {
		t.Fatal("no history row for match 1")
	}
	p.mustOpenReplay(id)

	// The room's history lists the match and opens its replay.
	p.run(chromedp.Navigate(m.URL()+"/r/"+code+"/history"), chromedp.WaitVisible(tid("history-match-1")))
	if !p.tap("history-match-1") {
		t.Fatal("no history row for match 1")
	}
	p.mustOpenReplay(id)

	// The room's result banner links to the replay and the history.
	p.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("result")))
	if got := p.attr("history-link", "href"); got != "/r/"+code+"/history" {
		t.Fatalf("history-link href=%q", got)
	}
	if !p.tap("result-replay") {
		t.Fatal("the result banner has no replay link")
	}
	p.mustOpenReplay(id)
}

// frame is the shown step and perspective as "step|as".
func (p *phone) frame() string {
	return get(p, chromedp.Evaluate[string](`(() => { const f = document.querySelector('[data-testid="replay-frame"]'); return f ? f.dataset.step + "|" + f.dataset.as : "" })()`))
}

// attr reads an attribute of a testid, "" when either is missing.
func (p *phone) attr(id, name string) string {
	return get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const e = document.querySelector(%q); return (e && e.getAttribute(%q)) || "" })()`, string(tid(id)), name)))
}

// seatName is a seat's name in the replay's list of players.
func (p *phone) seatName(seat int) string {
	p.tb.Helper()
	name := get(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const e = document.querySelector('[data-testid="replay-seat-%d"] .name'); return e ? e.textContent.trim() : "" })()`, seat)))
	if name == "" {
		p.tb.Fatalf("no name for seat %d in the replay's players", seat)
	}
	return name
}

// mustBoardShows checks that the replay's board holds a testid whose
// "wink-me" line names the seat: that seat's phone, not someone else's.
func (p *phone) mustBoardShows(id, name string) {
	p.tb.Helper()
	in := get(p, chromedp.Evaluate[bool](fmt.Sprintf(`!!document.querySelector('[data-testid="board"] [data-testid=%q]')`, id)))
	if !in {
		p.tb.Fatalf("%s: the board holds no %s", p.name, id)
	}
	if got := p.text("wink-me"); got != name {
		p.tb.Fatalf("%s: the board is %q’s phone, want %q’s", p.name, got, name)
	}
}

// mustOpenReplay waits until a followed link has opened match id's replay.
func (p *phone) mustOpenReplay(id string) {
	p.tb.Helper()
	p.run(chromedp.WaitVisible(tid("replay-frame")))
	if loc := get(p, chromedp.Location()); !strings.Contains(loc, "/m/"+id) {
		p.tb.Fatalf("%s: the link opened %s, want /m/%s", p.name, loc, id)
	}
}

// mustFinishedBotMatch creates a short remote wink room of four bots over
// the HTTP API, starts it and waits until the bots have finished it. It
// returns the room code and the match id.
func mustFinishedBotMatch(tb testing.TB, base string) (code, matchID string) {
	tb.Helper()
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	mustPost(tb, base+"/api/rooms", "", `{"game":"wink","options":{"mode":"remote","agentCardsRemovedPerPlayer":4}}`, http.StatusCreated, &c)
	for i := 0; i < 4; i++ {
		mustPost(tb, base+"/api/rooms/"+c.Code+"/seats", c.HostToken, `{"bot":true}`, http.StatusCreated, nil)
	}
	var started struct {
		MatchID string `json:"match_id"`
	}
	mustPost(tb, base+"/api/rooms/"+c.Code+"/start", c.HostToken, "", http.StatusOK, &started)

	// Remote-mode bots wait out real cooldowns: a few seconds.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var r struct {
			Match struct {
				ID     string `json:"id"`
				Status string `json:"status"`
			} `json:"match"`
		}
		resp, err := http.Get(base + "/api/rooms/" + c.Code)
		if err != nil {
			tb.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil {
			tb.Fatalf("room %s: %v", c.Code, err)
		}
		if r.Match.Status == "finished" {
			if r.Match.ID != started.MatchID {
				tb.Fatalf("finished match %s, want %s", r.Match.ID, started.MatchID)
			}
			return c.Code, r.Match.ID
		}
		if time.Now().After(deadline) {
			tb.Fatalf("the bot match in %s did not finish (status %q)", c.Code, r.Match.Status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// mustPost posts a JSON body, with the host token if any, and decodes the answer into out.
func mustPost(tb testing.TB, url, token, body string, status int, out any) {
	tb.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != status {
		tb.Fatalf("POST %s: status %d, want %d", url, resp.StatusCode, status)
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			tb.Fatalf("POST %s: %v", url, err)
		}
	}
}

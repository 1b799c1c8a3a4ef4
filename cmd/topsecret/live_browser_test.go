package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// liveNews is what the page has said in its live region so far (each
// non-empty text it took, in order), what it holds now, the newest line
// of the room's events and all of them.
type liveNews struct {
	Said   []string `json:"said"`
	Now    string   `json:"now"`
	Newest string   `json:"newest"`
	Lines  []string `json:"lines"`
	Count  int      `json:"regions"`
}

// listenToLiveNews records every text the live region takes.
const listenToLiveNews = `(() => {
	window.__said = [];
	const r = document.querySelector("#live-news");
	new MutationObserver(() => { const t = r.textContent.trim(); if (t) window.__said.push(t); })
		.observe(r, {childList: true, characterData: true, subtree: true});
	return true;
})()`

const readLiveNews = `(() => {
	const all = [...document.querySelectorAll("#room-main [data-log] li[data-seq]")].sort((a, b) => b.dataset.seq - a.dataset.seq);
	const words = li => li.textContent.trim().replace(/\s+/g, " ");
	return {said: window.__said || [], now: document.querySelector("#live-news").textContent.trim(),
		newest: all.length ? words(all[0]) : "", lines: [...new Set(all.map(words))], regions: document.querySelectorAll("[data-testid=live-news], #room-main [aria-live]:not(dialog *)").length};
})()`

// A screen reader hears other players' moves: after the bots act, the
// page's one polite live region (outside the redrawn board) says every
// new event line, in the reader's language, each once: three bots hiding
// at the same moment are three lines heard, not the last one only.
func TestBrowser_LiveRegionSaysOthersMoves(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if st := apiPost(t, m, "/api/rooms", "", map[string]any{"game": "couriers"}, &c); st != http.StatusCreated {
		t.Fatalf("create couriers room: %d", st)
	}
	url := m.URL() + "/r/" + c.Code
	ann := newPhone(t, browser, "Ann")
	ann.join(url, "Ann")
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("room-main")))
	for _, p := range []*phone{ann, table} {
		get(p, chromedp.Evaluate[bool](listenToLiveNews))
	}
	for range 3 {
		if st := apiPost(t, m, "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil); st != http.StatusCreated {
			t.Fatalf("add bot: %d", st)
		}
	}
	if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	for _, p := range []*phone{ann, table} {
		var got liveNews
		// The bots hide their suitcases at once; Ann has not acted.
		eventually(t, p.name+" hears a bot's move", func() bool {
			got = get(p, chromedp.Evaluate[liveNews](readLiveNews))
			return got.Now != "" && strings.Contains(got.Now, got.Newest) && !strings.Contains(got.Now, "Ann") &&
				strings.Count(strings.Join(got.Said, "|"), "hidden") >= 3
		})
		heard := strings.Join(got.Said, " ")
		for _, line := range got.Lines {
			if !strings.Contains(heard, line) {
				p.fail(fmt.Errorf("the live region never said %q; it said %q", line, got.Said))
			}
		}
		if got.Count != 1 {
			p.fail(fmt.Errorf("%d live regions for the news, want 1", got.Count))
		}
		seen := map[string]bool{}
		for _, s := range got.Said {
			if seen[s] {
				p.fail(fmt.Errorf("the live region said %q twice: %q", s, got.Said))
			}
			seen[s] = true
		}
		if !strings.Contains(get(p, chromedp.Evaluate[string](`document.querySelector("#live-news").closest("#room-main") ? "inside" : "outside"`)), "outside") {
			p.fail(fmt.Errorf("the live region is inside the redrawn #room-main"))
		}
	}
}

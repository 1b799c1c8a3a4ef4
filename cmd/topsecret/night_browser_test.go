package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/web/nightfile/nighttest"
)

// A night of couriers and then embassy in one room: a Swedish player
// downloads it, and the file, opened from disk with the network off,
// replays both matches in Swedish. Each is stepped through, by step and
// by turn and by the jump list, from everyone's eyes and a player's: the
// board changes as the steps go, and differs between the eyes. Not one
// request leaves the page, and it passes the replay's accessibility
// checks on a phone and a 1280x720 screen.
func TestBrowser_NightFileOffline(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	const code = "NCR4KQ"
	nighttest.MustRoom(t, m.Store, code, "embassy")
	nighttest.MustPlay(t, m.Store, shelf.New(false), code, time.Date(2026, 11, 21, 20, 0, 0, 0, time.Local),
		nighttest.Match{Game: "couriers", Players: 3, Seed: 7},
		nighttest.Match{Game: "embassy", Players: 2, Seed: 7})
	file := downloadNight(t, m, code, "Åsa", "sv")

	p := newPhone(t, browser, "Åsa")
	requests := offline(t, p)
	p.run(chromedp.Navigate("file://"+file), chromedp.WaitVisible(tid("replay-frame")))
	if lang := get(p, chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "sv" {
		t.Errorf("the file's language is %q, want sv", lang)
	}
	if got := p.text("night-match-name"); !strings.Contains(got, "parti 1") {
		t.Errorf("the first match reads %q", got)
	}
	p.shot("couriers-deal")

	// Couriers: everyone's eyes, then Åsa's own phone, step by step.
	deal := p.board()
	for range 3 {
		p.tap("replay-forward")
	}
	p.waitStep(3)
	if p.board() == deal {
		t.Errorf("couriers: three steps on, the board is the deal's")
	}
	if got := p.text("step-number"); got != fmt.Sprintf("Steg 3 / %d", p.last()) {
		t.Errorf("couriers: the step reads %q", got)
	}
	all := p.board()
	p.tap("as-0")
	p.waitAs("0")
	if p.board() == all {
		t.Errorf("couriers: Åsa's phone shows what everyone's eyes show")
	}
	if got := p.text("step-as"); got != "Sett av Åsas telefon" {
		t.Errorf("couriers: the eyes read %q", got)
	}
	before := p.board()
	p.tap("replay-next-turn")
	eventually(t, "the next turn", func() bool { return p.step() > 3 })
	if p.board() == before {
		t.Errorf("couriers: the next turn shows the same board")
	}
	p.run(chromedp.EmulateViewport(1280, 720))
	p.shot("couriers-asa-1280")
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	p.mustBeUsable("couriers through Åsa's eyes", true)

	// Embassy: picked from the night's list, through the table's eyes,
	// then the jump list to a later round.
	p.tap("night-pick-2")
	eventually(t, "the embassy match", func() bool { return strings.Contains(p.text("night-match-name"), "parti 2") })
	p.waitStep(0)
	p.tap("as-table")
	p.waitAs("table")
	start := p.board()
	n := get(p, chromedp.Evaluate[int](`document.querySelectorAll('#replay-jump option').length`))
	if n < 3 {
		t.Fatalf("embassy: the jump list has %d marks", n)
	}
	p.run(chromedp.SetValue(chromedp.CSS("#replay-jump"), get(p, chromedp.Evaluate[string](`document.querySelectorAll('#replay-jump option')[2].value`))))
	get(p, chromedp.Evaluate[bool](`document.querySelector('#replay-jump').dispatchEvent(new Event('change'))`))
	eventually(t, "the jump", func() bool { return p.step() > 0 })
	if p.board() == start {
		t.Errorf("embassy: the jump shows the deal's board")
	}
	if got := p.text("step-as"); got != "Sett av bordet" && !strings.HasPrefix(got, "Sett av ") {
		t.Errorf("embassy: the eyes read %q", got)
	}
	table := p.board()
	p.tap("as-1")
	p.waitAs("1")
	if p.board() == table {
		t.Errorf("embassy: Jörg's phone shows the table's board")
	}
	p.tap("replay-end")
	p.waitStep(p.last())
	p.run(chromedp.EmulateViewport(1280, 720))
	p.mustBeUsable("embassy's end through Jörg's eyes", false)
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	p.shot("embassy-jorg-end-390")

	if got := requests(); len(got) > 0 {
		t.Errorf("the file asked the network for %q", got)
	}
}

// downloadNight joins room code as name and downloads its night in lang
// as that player, into a file of its own; it returns the file's path.
func downloadNight(tb testing.TB, m *Main, code, name, lang string) string {
	tb.Helper()
	resp, err := http.Post(m.URL()+"/api/rooms/"+code+"/seats", "application/json", strings.NewReader(`{"name":"`+name+`"}`))
	if err != nil {
		tb.Fatal(err)
	}
	var seat struct {
		Token string `json:"token"`
	}
	joined, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(joined, &seat); err != nil || seat.Token == "" {
		tb.Fatalf("join as %s: %d %s", name, resp.StatusCode, joined)
	}
	resp, err = http.Get(m.URL() + "/r/" + code + "/night.html?lang=" + lang + "&token=" + seat.Token)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		tb.Fatalf("download: %d %.300s", resp.StatusCode, body)
	}
	path := filepath.Join(tb.TempDir(), "topsecret-night.html")
	if err := os.WriteFile(path, body, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// offline cuts p's network off and returns what p asked of any place
// but the file itself and what it carries (data: and blob: URLs).
func offline(tb testing.TB, p *phone) func() []string {
	tb.Helper()
	if _, err := chromedp.Call(p.ctx, network.Enable, network.EnableParams{}); err != nil {
		tb.Fatal(err)
	}
	off := []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}}
	if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: off}); err != nil {
		tb.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		tb.Fatal(err)
	}
	var mu sync.Mutex
	var asked []string
	go func() {
		for ev, err := range chromedp.Events(p.ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			u := ev.Request.URL
			if !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				mu.Lock()
				asked = append(asked, u)
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), asked...)
	}
}

// board is the step's board as drawn now.
func (p *phone) board() string {
	return get(p, chromedp.Evaluate[string](`(() => { const b = document.querySelector('[data-testid="board"]'); return b ? b.innerHTML : "" })()`))
}

// step is the step the replay shows.
func (p *phone) step() int {
	return get(p, chromedp.Evaluate[int](`Number((document.querySelector('[data-testid="replay-frame"]') || {dataset: {step: -1}}).dataset.step)`))
}

// last is the replay's last step.
func (p *phone) last() int {
	return get(p, chromedp.Evaluate[int](`Number((document.querySelector('[data-testid="replay-frame"]') || {dataset: {last: -1}}).dataset.last)`))
}

func (p *phone) waitStep(i int) {
	p.tb.Helper()
	eventually(p.tb, fmt.Sprintf("step %d", i), func() bool { return p.step() == i })
}

// waitAs waits until the step shown is through eyes as.
func (p *phone) waitAs(as string) {
	p.tb.Helper()
	eventually(p.tb, "the eyes "+as, func() bool {
		return get(p, chromedp.Evaluate[string](`(document.querySelector('[data-testid="replay-frame"]') || {dataset: {}}).dataset.as || ""`)) == as
	})
}

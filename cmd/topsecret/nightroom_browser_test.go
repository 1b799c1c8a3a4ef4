package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// game is the game the phone's page draws now (its live region's); ""
// while the page reloads itself into another game, which a poll waits out.
func (p *phone) game() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	g, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const e = document.querySelector('[data-testid="live"]'); return e ? e.dataset.game : "" })()`))
	if err != nil {
		return ""
	}
	return g
}

// tokenOf is the host token of room code the phone that created it keeps.
func tokenOf(t *testing.T, p *phone, code string) string {
	t.Helper()
	tok := get(p, chromedp.Evaluate[string](`localStorage.getItem("ts_host_`+code+`") || ""`))
	if tok == "" {
		t.Fatal("the creating phone keeps no host token")
	}
	return tok
}

// The night in one room: couriers, then embassy, with the same phones. A
// German and a Swedish phone join once; the host runs the night from the
// table screen alone: starts couriers, ends it, and picks embassy from the
// result card. Every screen follows into embassy's lobby by itself, with
// the same names and languages and no new link; the room now holds more
// than embassy seats, the lobby says so, and the host picks who sits out.
// A phone that joined once offers its name in the next room it opens.
func TestBrowser_NightInOneRoom(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	tv := newPhone(t, browser, "TV").tv()
	url := tv.createRoom(m, "couriers")
	code := url[strings.LastIndex(url, "/")+1:]
	jurgen := newPhone(t, browser, "Jürgen")
	asa := newPhone(t, browser, "Åsa")
	jurgen.join(url+"?lang=de", "Jürgen")
	asa.join(url+"?lang=sv", "Åsa")
	table := url + "/table"
	tv.run(chromedp.Navigate(table), chromedp.WaitVisible(tid("lobby-seats")))
	tv.tap("add-bot")
	eventually(t, "a bot sits at the table", func() bool { return tv.present("seat-2") })
	tv.tap("add-bot")
	eventually(t, "the table can start", func() bool { return tv.visible("start") })
	if jurgen.present("night-pick") || asa.present("night-pick") {
		t.Fatal("a player's phone offers to pick the room's game")
	}
	tv.run(chromedp.Click(tid("night-pick-open")), chromedp.WaitVisible(tid("pick-embassy")))
	tv.shotBoth("lobby-pick-open", true)
	tv.run(chromedp.Click(tid("night-pick-open")))

	// Couriers: the host starts it from the table, and ends it there.
	tv.tap("start")
	for _, p := range []*phone{jurgen, asa} {
		p.run(chromedp.WaitVisible(tid("couriers-seat")))
	}
	tv.run(chromedp.WaitVisible(tid("console-open")))
	if tv.present("night-pick") {
		t.Fatal("the game can be picked during a match")
	}
	tv.run(chromedp.Click(tid("console-open")), chromedp.WaitVisible(tid("console-drawer")))
	tv.tap("console-end")
	eventually(t, "couriers ends on every screen", func() bool { return tv.present("result") && jurgen.present("result") && asa.present("result") })
	tv.tap("console-close")
	eventually(t, "the drawer closes", func() bool { return !tv.consoleOpen() })
	tv.run(chromedp.Click(tid("night-pick-open")), chromedp.WaitVisible(tid("pick-embassy")))
	tv.shot("result-pick-open-1280")
	if !tv.inView(`[data-testid="pick-embassy"]`) {
		t.Fatal("the table screen's pick of embassy is off screen")
	}
	tv.shotBoth("result-pick-open", true)
	// The host's phone has the same choice under its result.
	hostPhone := newPhone(t, browser, "HostPhone")
	hostPhone.hostOf(m, code, tokenOf(t, tv, code))
	hostPhone.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("result")))
	hostPhone.run(chromedp.Click(tid("night-pick-open")), chromedp.WaitVisible(tid("pick-wink")))
	hostPhone.scrollTo(`[data-testid="night-pick"]`)
	hostPhone.shot("result-pick-open-390")
	jurgen.shot("result-de")

	// The host picks embassy from the table screen: every screen follows.
	tv.tap("pick-embassy")
	for _, p := range []*phone{tv, jurgen, asa} {
		eventually(t, p.name+" is in embassy's lobby", func() bool { return p.game() == "embassy" && p.present("lobby-seats") })
	}
	for _, tt := range []struct {
		p          *phone
		lang, name string
	}{{jurgen, "de", "Botschaft"}, {asa, "sv", "Ambassaden"}} {
		if got := tt.p.lang(); got != tt.lang {
			t.Fatalf("%s's page speaks %q after the change, want %q", tt.p.name, got, tt.lang)
		}
		if got := tt.p.text("room"); !strings.Contains(got, tt.name) {
			t.Fatalf("%s's page does not name %s: %q", tt.p.name, tt.name, truncate(got, 200))
		}
		if tt.p.present("join-form") {
			t.Fatalf("%s is asked for a name again", tt.p.name)
		}
		if got := get(tt.p, chromedp.Location()); got != url+"?lang="+tt.lang {
			t.Fatalf("%s's phone went to %s", tt.p.name, got)
		}
	}
	jurgen.shot("embassy-lobby-de")
	asa.shot("embassy-lobby-sv")

	// Sam comes late, to a full table: the host sits a bot out of
	// embassy from the table screen, and Sam takes the place.
	sam := newPhone(t, browser, "Sam")
	sam.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("spectator")))
	if sam.visible("join-form") {
		t.Fatal("a full table offers Sam a seat")
	}
	tv.tap("sit-out-3")
	eventually(t, "the bot sits out", func() bool { return tv.present("seat-out-3") })
	eventually(t, "Sam is offered a seat", func() bool { return sam.visible("join-form") })
	sam.join(url, "Sam")
	eventually(t, "five are in the room, four play", func() bool { return tv.present("seat-4") && tv.visible("start") })
	if tv.visible("add-bot") {
		t.Fatal("the full table offers another bot")
	}
	// The host swaps: Sam sits this one out, the bot plays.
	tv.tap("sit-out-4")
	eventually(t, "Sam sits out", func() bool { return tv.present("seat-out-4") && tv.visible("sit-in-3") })
	tv.tap("sit-in-3")
	eventually(t, "the bot plays again", func() bool { return !tv.present("seat-out-3") && tv.visible("start") })
	eventually(t, "Sam's phone says he sits out", func() bool { return sam.visible("sits-out-note") })
	tv.shotBoth("embassy-sit-out", true)
	sam.shot("embassy-lobby-sits-out-en")
	hostPhone.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("lobby-seats")))
	hostPhone.scrollTo(`[data-testid="lobby-seats"]`)
	hostPhone.shot("embassy-lobby-host-390")
	hostPhone.run(chromedp.Click(tid("night-pick-open")), chromedp.WaitVisible(tid("pick-wink")))
	hostPhone.scrollTo(`[data-testid="night-pick"]`)
	hostPhone.shot("embassy-lobby-pick-390")
	tv.tap("start")
	for _, p := range []*phone{jurgen, asa} {
		p.run(chromedp.WaitVisible(tid("embassy-seat")))
	}
	// Sam watches embassy's table on his own phone, with no moves.
	sam.run(chromedp.WaitVisible(tid("board")))
	if sam.present("embassy-seat") || !sam.visible("sits-out-note") {
		t.Fatal("Sam, sitting out, is not shown the table")
	}
	sam.shot("embassy-playing-sits-out-en")
	tv.run(chromedp.WaitVisible(tid("embassy-table")))

	// The room's history lists the couriers match with each game's series.
	tv.run(chromedp.Navigate(url+"/history"), chromedp.WaitVisible(tid("history-match-1")))
	if got := tv.text("history-match-1"); !strings.Contains(got, "Couriers") {
		t.Fatalf("the history's first match reads %q, want couriers named", got)
	}
	tv.shotBoth("history", true)

	// The host ends embassy; the table screen opens the night's recap:
	// both players on its table, its chart, both matches of both games.
	host := tokenOf(t, tv, code)
	if st := apiPost(t, m, "/api/rooms/"+code+"/end", host, nil, nil); st != http.StatusOK {
		t.Fatalf("end embassy: %d", st)
	}
	tv.run(chromedp.Navigate(url+"/recap"), chromedp.WaitVisible(tid("recap")), chromedp.WaitVisible(tid("night-chart")))
	recap := tv.text("recap")
	for _, want := range []string{"Jürgen", "Åsa", "Couriers", "Embassy"} {
		if !strings.Contains(recap, want) {
			t.Fatalf("the recap does not name %s: %q", want, truncate(recap, 300))
		}
	}
	if !tv.present("recap-download") {
		t.Fatal("the host's table screen offers no night to take home")
	}
	tv.shotBoth("recap", true)

	// The night goes home from Åsa's phone, in Swedish: the file, opened
	// from disk with the network off, replays couriers and then embassy,
	// each through everyone's eyes and then a player's.
	var asaToken string
	jar, err := chromedp.Call(asa.ctx, network.GetCookies, network.GetCookiesParams{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range jar.Cookies {
		if c.Name == "ts_seat_"+code {
			asaToken = c.Value
		}
	}
	if asaToken == "" {
		t.Fatal("Åsa's phone keeps no seat token")
	}
	resp, err := http.Get(m.URL() + "/r/" + code + "/night.html?lang=sv&token=" + asaToken)
	if err != nil {
		t.Fatal(err)
	}
	night, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("Åsa's download: %d %.300s", resp.StatusCode, night)
	}
	file := filepath.Join(t.TempDir(), "topsecret-night.html")
	if err := os.WriteFile(file, night, 0o644); err != nil {
		t.Fatal(err)
	}
	home := newPhone(t, browser, "Home")
	asked := offline(t, home)
	home.run(chromedp.Navigate("file://"+file), chromedp.WaitVisible(tid("replay-frame")))
	for i, game := range []string{"couriers", "embassy"} {
		if i > 0 {
			home.tap(fmt.Sprintf("night-pick-%d", i+1))
		}
		part := fmt.Sprintf("parti %d", i+1)
		eventually(t, game+" in the file", func() bool { return strings.Contains(home.text("night-match-name"), part) })
		home.waitStep(0)
		all := home.board()
		home.tap("as-0")
		home.waitAs("0")
		if home.board() == all {
			t.Errorf("%s: the first player's eyes show what everyone's show", game)
		}
		if got := home.text("step-as"); !strings.HasPrefix(got, "Sett av ") {
			t.Errorf("%s: the eyes read %q, not Swedish", game, got)
		}
		home.tap("as-all")
		home.waitAs("all")
	}
	if got := asked(); len(got) > 0 {
		t.Errorf("the night's file asked the network for %q", got)
	}

	// Jürgen's phone opens another room: it offers his name.
	other := newPhone(t, browser, "Other").tv()
	url2 := other.createRoom(m, "vault")
	jurgen.run(chromedp.Navigate(url2), chromedp.WaitVisible(tid("join-form")))
	name := get(jurgen, chromedp.Evaluate[string](`document.querySelector("#join-name").value`))
	if name != "Jürgen" {
		t.Fatalf("the next room's join form offers %q, want Jürgen", name)
	}
	if got := jurgen.lang(); got != "de" {
		t.Fatalf("the next room speaks %q to Jürgen's phone, want de", got)
	}
}

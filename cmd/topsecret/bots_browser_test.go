package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The host picks Sharp bots in the lobby with one tap: the room keeps it,
// a guest's phone reads it once a bot sits, and the host's choice is still
// checked after a reload.
func TestBrowser_HostPicksBotStrength(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	host := newPhone(t, browser, "Ann")
	url := host.createRoom(m, "vault")
	host.join(url, "Ann")
	ben := newPhone(t, browser, "Ben")
	ben.join(url, "Ben")
	if ben.present("bot-strength-form") || ben.present("bot-strength") {
		t.Fatal("a guest sees the bot strength with no bot seated")
	}
	host.run(chromedp.WaitVisible(tid("bot-strength-form")))
	host.tap("add-bot")
	eventually(t, "Ben reads the regular bots", func() bool { return ben.text("bot-strength") == "Bots play as Regular." })
	lookAtBots(host, ben, "lobby-regular")

	host.tap("bot-strength-sharp")
	eventually(t, "Ben reads the sharp bots", func() bool { return ben.text("bot-strength") == "Bots play as Sharp." })
	code := url[strings.LastIndex(url, "/")+1:]
	resp, err := http.Get(m.URL() + "/api/rooms/" + code)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		BotStrength string `json:"bot_strength"`
	}
	json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if got.BotStrength != "sharp" {
		t.Fatalf("the room keeps %q bots, want sharp", got.BotStrength)
	}
	host.run(chromedp.Navigate(url), chromedp.WaitVisible(tid("bot-strength-form")))
	if !get(host, chromedp.Evaluate[bool](`document.querySelector('[data-testid="bot-strength-sharp"]').checked`)) {
		t.Fatal("after a reload the host's lobby does not check Sharp")
	}
	lookAtBots(host, ben, "lobby-sharp")
	for _, p := range []*phone{host, ben} {
		p.run(chromedp.EmulateViewport(1280, 720))
	}
	lookAtBots(host, ben, "lobby-sharp-1280")
}

// lookAtBots scrolls each phone to its bot strength and takes a shot.
func lookAtBots(host, guest *phone, label string) {
	host.run(chromedp.ScrollIntoView(tid("bot-strength-form")))
	host.shot(label)
	guest.run(chromedp.ScrollIntoView(tid("bot-strength")))
	guest.shot(label)
}

// An inkognito phone counts its time limit down while it is the player's
// move, and the table screen shows the running limit too.
func TestBrowser_InkognitoShowsTheTimeLimit(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann := newPhone(t, browser, "Ann")
	code, _ := mustStartMatch(t, m, "inkognito", nil, 3, ann)
	url := m.URL() + "/r/" + code
	eventually(t, "Ann's move counts down", func() bool {
		s := ann.text("inkognito-timer")
		return strings.HasPrefix(s, "Time left") && strings.HasSuffix(s, "s")
	})
	ann.shot("time-left")
	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table"), chromedp.WaitVisible(tid("inkognito-table-timer")))
	table.shot("time-left")
	ann.run(chromedp.EmulateViewport(1280, 720), chromedp.ScrollIntoView(tid("inkognito-timer")))
	ann.shot("time-left-1280")
}

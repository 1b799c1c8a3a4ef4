package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"topsecret/internal/store"
)

// copyMatch stores finished match id, played in another room, as room
// code's next match, played by the room's first seats: a night of several
// games in one room, from real logs.
func copyMatch(tb testing.TB, m *Main, code, id string) {
	tb.Helper()
	ctx := context.Background()
	src, err := m.Store.Match(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	log, err := m.Store.Actions(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	seats, err := m.Store.Seats(ctx, code)
	if err != nil {
		tb.Fatal(err)
	}
	ms, err := m.Store.Matches(ctx, code)
	if err != nil {
		tb.Fatal(err)
	}
	c := src
	c.ID, c.RoomCode, c.Number, c.Status, c.Result, c.FinishedAt = uuid.NewString(), code, len(ms)+1, store.StatusPlaying, nil, nil
	for i := range c.Seats {
		c.Seats[i] = store.MatchSeat{SeatID: seats[i].ID, Name: seats[i].Name, Bot: seats[i].Bot}
	}
	if err := m.Store.CreateMatch(ctx, c); err != nil {
		tb.Fatal(err)
	}
	for _, rec := range log {
		rec.MatchID, rec.ClientID = c.ID, ""
		if err := m.Store.AppendAction(ctx, rec); err != nil {
			tb.Fatal(err)
		}
	}
	if err := m.Store.FinishMatch(ctx, c.ID, *src.Result, *src.FinishedAt); err != nil {
		tb.Fatal(err)
	}
}

// A room whose night was an embassy match, a couriers match and a vault
// deal (two of them with a seat sitting out) shows its night table beside
// the result on a phone and on the table screen, and its recap (table,
// chart, matches, highlights) on a 1280x720 screen and a 390x844 phone,
// in English and German, accessible; once the host closes the night,
// every screen shows it until the host plays on.
func TestBrowser_NightRecap(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	code, host := newRoom(t, m, "vault", nil)
	addBots(t, m, code, host, 3)
	for _, g := range []struct {
		slug string
		n    int
	}{{"embassy", 2}, {"couriers", 2}, {"vault", 3}} {
		other, _, id := finishedMatch(t, m, g.slug, g.n, nil)
		waitFinished(t, m, other, id)
		copyMatch(t, m, code, id)
	}
	m.Rooms.Drop(code) // the room reads its night from the store again

	ann := newPhone(t, browser, "Ann")
	ann.join(m.URL()+"/r/"+code, "Ann")
	ann.run(chromedp.WaitVisible(tid("night-panel")))
	if got := ann.text("night-line-0"); got == "" {
		t.Fatal("the phone's night table is empty")
	}
	ann.mustBeUsable("a phone's result with the night table", true)

	tv := newPhone(t, browser, "tv")
	tv.wide()
	tv.run(chromedp.Navigate(m.URL()+"/r/"+code+"/table?lang=de"), chromedp.WaitVisible(tid("night-panel")))
	if !strings.Contains(tv.text("night-panel"), "Abendtabelle") {
		t.Fatalf("the German table screen's night panel reads %q", tv.text("night-panel"))
	}
	tv.onScreen(t, "the result card", `[data-testid="result"]`)
	tv.mustBeUsable("the table screen with the night table", false)

	for _, lang := range []string{"en", "de"} {
		for _, p := range []*phone{ann, tv} {
			p.run(chromedp.Navigate(m.URL()+"/r/"+code+"/recap?lang="+lang), chromedp.WaitVisible(tid("night-chart")))
			if got := p.lang(); got != lang {
				t.Fatalf("%s: the recap says lang=%q, want %s", p.name, got, lang)
			}
			if n := get(p, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid^="recap-match-"]').length`)); n != 3 {
				t.Fatalf("%s: the recap lists %d matches, want 3", p.name, n)
			}
			if !p.present("recap-highlight-0") {
				t.Fatalf("%s: the recap has no highlights", p.name)
			}
			p.onScreen(t, "the chart's width", `[data-testid="night-chart"]`)
			if want := map[string]string{"en": "Night table", "de": "Abendtabelle"}[lang]; !strings.Contains(p.text("recap-table"), want) {
				t.Fatalf("%s: the recap's table reads %q, want %q in it", p.name, p.text("recap-table"), want)
			}
			p.mustBeUsable("the recap in "+lang, p == ann)
		}
	}
	if got := ann.text("recap-table"); !strings.Contains(got, "Abendtabelle") {
		t.Fatalf("the German recap's table reads %q", got)
	}

	ann.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("night-panel")))
	tv.run(chromedp.Navigate(m.URL()+"/r/"+code+"/table?lang=de"), chromedp.WaitVisible(tid("night-panel")))
	if st := apiPost(t, m, "/api/rooms/"+code+"/night", "", map[string]any{"closed": true}, nil); st != http.StatusForbidden {
		t.Fatalf("a stranger closes the night: %d", st)
	}
	hal := newPhone(t, browser, "Hal")
	hal.run(chromedp.Navigate(m.URL() + "/"))
	get(hal, chromedp.Evaluate[bool](fmt.Sprintf(`(document.cookie = "ts_host_%s=%s; path=/") && localStorage.setItem("ts_host_%s", %q) || true`, code, host, code, host)))
	hal.run(chromedp.Navigate(m.URL()+"/r/"+code), chromedp.WaitVisible(tid("close-night")))
	hal.mustBeUsable("the host's result with the night table", true)
	if !hal.tap("close-night") {
		t.Fatal("the host has no Close the night")
	}
	for _, p := range []*phone{ann, tv, hal} {
		p.run(chromedp.WaitVisible(tid("night-over")))
		p.mustBeUsable("the closed night", p != tv)
	}
	tv.onScreen(t, "the way to the recap", `[data-testid="recap-link"]`)
	if ann.present("reopen-night") || tv.present("reopen-night") {
		t.Fatal("a guest's screen offers to play on")
	}
	if !hal.tap("reopen-night") {
		t.Fatal("the host cannot play on")
	}
	for _, p := range []*phone{ann, tv, hal} {
		p.run(chromedp.WaitVisible(tid("night-panel")))
	}
}

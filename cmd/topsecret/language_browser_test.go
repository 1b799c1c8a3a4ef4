package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// lang is the language the phone's page says it is in.
func (p *phone) lang() string {
	return get(p, chromedp.Evaluate[string](`document.documentElement.lang`))
}

// bodyText is everything the page reads, spaces collapsed.
func (p *phone) bodyText() string {
	s := get(p, chromedp.Evaluate[string](`document.body.innerText`))
	return strings.Join(strings.Fields(s), " ")
}

// scrollTo brings an element into view, for a screenshot of it.
func (p *phone) scrollTo(sel string) {
	p.tb.Helper()
	if !get(p, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e) e.scrollIntoView({block: "start"}); return !!e })()`, sel))) {
		p.tb.Fatalf("%s: nothing to scroll to at %s", p.name, sel)
	}
}

// A German and a Swedish phone at one wink table: the German host switches
// language from the home page's switcher, the choice follows her into the
// room, the Swede arrives by a ?lang= link, and once the match starts each
// phone reads the same events in its own language.
func TestBrowser_EachPhoneInItsLanguage(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())

	anna := newPhone(t, browser, "Anna")
	anna.run(chromedp.Navigate(m.URL()+"/"), chromedp.WaitVisible(tid("game-card-wink")))
	if got := anna.lang(); got != "en" {
		t.Fatalf("an English browser's home page says lang=%q", got)
	}
	anna.run(chromedp.Click(tid("lang-de")), chromedp.WaitVisible(`a[data-testid="lang-de"][aria-current]`))
	if got := anna.lang(); got != "de" {
		t.Fatalf("after choosing Deutsch the page says lang=%q", got)
	}
	if text := anna.text("game-card-wink"); !strings.Contains(text, "Top Secret: Zwinkern") {
		t.Fatalf("wink's card in German reads %q", text)
	}
	anna.shot("home-de")
	anna.scrollTo(`[data-testid="languages"]`)
	anna.shot("home-de-switcher")

	// The setup form: the settings that matter, the rest under More options.
	anna.run(
		chromedp.Click(chromedp.CSS("#create-wink-details summary")),
		chromedp.WaitVisible(tid("create-submit-wink")),
	)
	anna.scrollTo(`[data-testid="create-wink"]`)
	anna.shot("setup-de")
	anna.run(chromedp.Click(chromedp.CSS(`[data-testid="create-wink"] [data-testid="more-options"] > summary`)))
	anna.scrollTo(`[data-testid="create-wink"] [data-testid="more-options"]`)
	anna.shot("setup-de-more")
	anna.run(chromedp.Click(tid("create-submit-wink")), chromedp.WaitVisible(tid("join-form")))
	url := get(anna, chromedp.Location())
	anna.join(url, "Anna")
	if got := anna.lang(); got != "de" {
		t.Fatalf("the room page forgot the choice: lang=%q", got)
	}
	anna.shot("lobby-de")

	bjorn := newPhone(t, browser, "Björn")
	bjorn.join(url+"?lang=sv", "Björn")
	if got := bjorn.lang(); got != "sv" {
		t.Fatalf("a ?lang=sv link opened lang=%q", got)
	}
	bjorn.shot("lobby-sv")
	bjorn.scrollTo(`[data-testid="languages"]`)
	bjorn.shot("lobby-sv-switcher")

	for range 2 {
		if !anna.tap("add-bot") {
			t.Fatal("no add-bot button")
		}
	}
	eventually(t, "start is enabled", func() bool { return anna.visible("start") })
	anna.scrollTo(`#lobby-options`)
	anna.shot("lobby-de-settings")
	anna.run(chromedp.EmulateViewport(1280, 720), chromedp.Click(chromedp.CSS(`#lobby-options [data-testid="more-options"] > summary`)))
	anna.scrollTo(`#lobby-options`)
	anna.shot("lobby-de-settings-desktop")
	anna.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	anna.tap("start")
	for _, p := range []*phone{anna, bjorn} {
		p.run(chromedp.WaitVisible(tid("wink-seat")))
	}
	eventually(t, "Anna reads who starts in German", func() bool { return strings.Contains(anna.bodyText(), "ist Startspieler und zieht zuerst.") })
	eventually(t, "Björn reads it in Swedish", func() bool { return strings.Contains(bjorn.bodyText(), "är startspelare och drar först.") })
	if strings.Contains(anna.bodyText(), "draws first") || strings.Contains(bjorn.bodyText(), "zieht zuerst") {
		t.Fatal("a phone reads another phone's language")
	}
	anna.shot("match-de")
	bjorn.shot("match-sv")

	table := newPhone(t, browser, "table")
	table.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url+"/table?lang=sv"), chromedp.WaitVisible(tid("wink-table")))
	table.shot("table-sv")
	desk := newPhone(t, browser, "desk")
	desk.run(chromedp.EmulateViewport(1280, 720), chromedp.Navigate(m.URL()+"/?lang=de"), chromedp.WaitVisible(tid("game-card-wink")))
	desk.shot("home-de")
}

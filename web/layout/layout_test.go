package layout_test

import (
	"bytes"
	"context"
	"net/url"
	"regexp"
	"slices"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"topsecret/static"
	"topsecret/web/layout"
	"topsecret/web/words"
)

// platform is a request's context carrying the platform's own words, as
// the server's carries its games'.
var platform = words.WithCatalog(context.Background(), words.New())

func TestPage(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Room ABC", templ.Raw(`<p data-testid="body">hi</p>`), layout.Phone).Render(platform, &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Find("title").Text(); got != "Room ABC" {
		t.Fatalf("title=%q", got)
	}
	if doc.Find(`[data-testid="page"] [data-testid="body"]`).Length() != 1 {
		t.Fatal("body not inside the page root")
	}
	if doc.Find(`meta[name=viewport]`).Length() != 1 || doc.Find(`meta[name=theme-color]`).Length() != 1 {
		t.Fatal("missing viewport or theme-color meta")
	}
	var srcs []string
	doc.Find(`script[defer]`).Each(func(_ int, s *goquery.Selection) { srcs = append(srcs, s.AttrOr("src", "")) })
	// One script, the phone's, joined and hashed.
	if !slices.Equal(srcs, []string{layout.Phone.Script}) || !regexp.MustCompile(`^/static/js/pages/phone\.[0-9a-f]{8}\.js$`).MatchString(srcs[0]) {
		t.Fatalf("deferred scripts %v, want the phone's one %s", srcs, layout.Phone.Script)
	}
	if doc.Find(`script:not([defer])`).Length() != 0 {
		t.Fatal("a script blocks the page")
	}
	var sheets []string
	doc.Find(`link[rel=stylesheet]`).Each(func(_ int, s *goquery.Selection) { sheets = append(sheets, s.AttrOr("href", "")) })
	if !slices.Equal(sheets, []string{layout.Phone.Sheet}) {
		t.Fatalf("stylesheets %v, want the phone's one %s", sheets, layout.Phone.Sheet)
	}
	if doc.Find(`[data-testid="toast"]`).Length() != 1 {
		t.Fatal("no toast")
	}
}

// A game page loads the app's stylesheet and its own game's, nothing else.
func TestPage_GameStylesheet(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Vault", templ.NopComponent, layout.Phone, "/static/games/vault/vault.1234abcd.css").Render(platform, &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	links := doc.Find(`link[rel=stylesheet]`)
	if links.Length() != 2 || links.Eq(0).AttrOr("href", "") != layout.Phone.Sheet ||
		links.Last().AttrOr("href", "") != "/static/games/vault/vault.1234abcd.css" {
		h, _ := doc.Find("head").Html()
		t.Fatalf("stylesheets in\n%s\nwant the platform's first and the game's last", h)
	}
}

// The scripts show no English of their own: the shell carries the
// platform catalogue's words for them, never a message id.
func TestPage_ScriptWords(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	page := layout.Page("Room", layout.SoundSwitch(), layout.Phone)
	if err := page.Render(platform, &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"Confirm", doc.Find(`[data-testid="confirm"] [data-testid="confirm-ok"]`).Text(), "Confirm"},
		{"Cancel", doc.Find(`[data-testid="confirm"] [data-testid="confirm-cancel"]`).Text(), "Cancel"},
		{"YourMove", doc.Find("body").AttrOr("data-say-your-move", ""), "Your move"},
		{"SoundSwitch", doc.Find(`[data-testid="sound-switch"]`).AttrOr("aria-label", ""), "Beep on my move"},
		{"Copied", doc.Find("body").AttrOr("data-say-copied", ""), "Copied to clipboard"},
		{"PickName", doc.Find("body").AttrOr("data-say-pick-name", ""), "Pick a name first"},
		{"WentWrong", doc.Find("body").AttrOr("data-say-went-wrong", ""), "Something went wrong"},
		{"SoundStartsOff", doc.Find(`[data-testid="sound-switch"]`).AttrOr("aria-checked", ""), "false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Fatalf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
	if _, hidden := doc.Find(`[data-testid="confirm"]`).Attr("hidden"); !hidden {
		t.Fatal("the confirmation sheet shows before anything asks")
	}
}

// A game's script loads after the app's scripts, whose helpers it borrows,
// and is not taken for a stylesheet.
func TestPage_GameScript(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Couriers", templ.NopComponent, layout.Phone, "/static/games/couriers/couriers.css", "", "/static/games/couriers/route.js").Render(platform, &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	doc.Find(`script[defer]`).Each(func(_ int, s *goquery.Selection) { srcs = append(srcs, s.AttrOr("src", "")) })
	// The app's scripts, then the game's: it borrows their helpers.
	if !slices.Equal(srcs, []string{layout.Phone.Script, "/static/games/couriers/route.js"}) {
		t.Fatalf("scripts %v, want the phone's first and the game's route.js last", srcs)
	}
	if last := doc.Find(`link[rel=stylesheet]`).Last().AttrOr("href", ""); last != "/static/games/couriers/couriers.css" {
		t.Fatalf("last stylesheet %s, want the game's", last)
	}
}

// The shell says the reader's language and links the page to itself in
// every language the app speaks, each named in itself, keeping its query.
func TestPage_Languages(t *testing.T) {
	t.Parallel()
	u, _ := url.Parse("/m/abc?as=2&step=5&lang=de")
	ctx := layout.WithAddress(words.WithLanguage(platform, "de"), u)
	var buf bytes.Buffer
	if err := layout.Page("Replay", templ.NopComponent, layout.Replay).Render(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Find("html").AttrOr("lang", ""); got != "de" {
		t.Fatalf(`<html lang=%q>, want "de"`, got)
	}
	nav := doc.Find(`nav[data-testid="languages"]`)
	if got := nav.AttrOr("aria-label", ""); got != "Sprache" {
		t.Fatalf("switcher labelled %q, want Sprache", got)
	}
	want := map[string]string{"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano", "nl": "Nederlands", "sv": "Svenska"}
	if n := nav.Find("a").Length(); n != len(want) {
		t.Fatalf("%d languages offered, want %d", n, len(want))
	}
	for tag, name := range want {
		a := nav.Find(`a[hreflang="` + tag + `"]`)
		if a.Text() != name || a.AttrOr("lang", "") != tag {
			t.Errorf("%s link reads %q", tag, a.Text())
		}
		if got := a.AttrOr("href", ""); got != "/m/abc?as=2&lang="+tag+"&step=5" {
			t.Errorf("%s link %q does not keep the page", tag, got)
		}
		if _, cur := a.Attr("aria-current"); cur != (tag == "de") {
			t.Errorf("%s marked current: %v", tag, cur)
		}
	}
}

// Without a language in the context, the shell is English.
func TestPage_EnglishByDefault(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Home", templ.NopComponent, layout.Plain).Render(platform, &buf); err != nil {
		t.Fatal(err)
	}
	doc, _ := goquery.NewDocumentFromReader(&buf)
	if got := doc.Find("html").AttrOr("lang", ""); got != "en" {
		t.Fatalf(`<html lang=%q>, want "en"`, got)
	}
}

// Each kind of page runs the scripts it uses, app.js first (the others
// borrow its helpers) and in their order, and not those it does not: a
// home page has no board to peek at, no move to beep for, no cards, no
// news to read out.
func TestFiles(t *testing.T) {
	t.Parallel()
	room := []string{"js/keep.js", "js/morph.js", "js/peek.js", "js/attention.js", "js/howto.js", "js/live.js", "js/console.js"} // a room's own
	for _, tt := range []struct {
		name      string
		files     layout.Files
		runs, not []string
		sheets    []string
	}{
		{"Plain", layout.Plain, []string{"js/app.js", "js/api.js", "js/markup.js"}, append(room, "js/replay.js", "js/fit.js", "js/follow.js", "js/confirm.js"), []string{"css/app.css", "css/access.css"}},
		{"Record", layout.Record, []string{"js/app.js", "js/api.js", "js/markup.js", "js/confirm.js"}, append(room, "js/replay.js"), []string{"css/app.css", "css/replay.css", "css/recap.css"}},
		{"Phone", layout.Phone, []string{"js/app.js", "js/keep.js", "js/morph.js", "js/api.js", "js/peek.js", "js/confirm.js", "js/attention.js", "js/howto.js", "js/live.js", "js/console.js"}, []string{"js/replay.js", "js/fit.js", "js/follow.js"}, []string{"css/app.css", "css/howto.css", "css/console.css"}},
		{"Table", layout.Table, []string{"js/app.js", "js/keep.js", "js/morph.js", "js/peek.js", "js/attention.js", "js/howto.js", "js/live.js", "js/console.js", "js/fit.js", "js/follow.js"}, []string{"js/replay.js"}, []string{"css/app.css", "css/howto.css", "css/console.css"}},
		{"Replay", layout.Replay, []string{"js/app.js", "js/api.js", "js/markup.js", "js/fit.js", "js/replay.js"}, append(room, "js/follow.js"), []string{"css/app.css", "css/replay.css"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			script, ok := static.Read(tt.files.Script)
			if !ok {
				t.Fatalf("no script at %s", tt.files.Script)
			}
			app, _ := static.Read(static.Path("js/app.js"))
			if !bytes.HasPrefix(script, app) {
				t.Fatal("app.js does not come first")
			}
			at := 0
			for _, name := range tt.runs {
				part, _ := static.Read(static.Path(name))
				i := bytes.Index(script, part)
				if i < 0 {
					t.Fatalf("%s is not in the script", name)
				}
				if i < at {
					t.Fatalf("%s comes before a script listed before it", name)
				}
				at = i
			}
			for _, name := range tt.not {
				if part, _ := static.Read(static.Path(name)); bytes.Contains(script, part) {
					t.Fatalf("%s is in the script", name)
				}
			}
			sheet, ok := static.Read(tt.files.Sheet)
			if !ok {
				t.Fatalf("no stylesheet at %s", tt.files.Sheet)
			}
			for _, name := range tt.sheets {
				if part, _ := static.Read(static.Path(name)); !bytes.Contains(sheet, part) {
					t.Fatalf("%s is not in the stylesheet", name)
				}
			}
		})
	}
}

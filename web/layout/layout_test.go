package layout_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"topsecret/static"
	"topsecret/web/layout"
)

func TestPage(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Room ABC", templ.Raw(`<p data-testid="body">hi</p>`)).Render(context.Background(), &buf); err != nil {
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
	for _, js := range []string{"js/app.js", "js/markup.js"} {
		if doc.Find(`script[defer][src="`+static.Path(js)+`"]`).Length() != 1 {
			t.Fatalf("no deferred hashed %s", js)
		}
	}
	if doc.Find(`script`).Eq(0).AttrOr("src", "") != static.Path("js/app.js") {
		t.Fatal("app.js must come first: markup.js borrows its helpers")
	}
	if doc.Find(`link[rel=stylesheet][href="`+static.Path("css/app.css")+`"]`).Length() != 1 {
		t.Fatal("no hashed stylesheet")
	}
	if doc.Find(`[data-testid="toast"]`).Length() != 1 {
		t.Fatal("no toast")
	}
}

// A game page loads the app's stylesheet and its own game's, nothing else.
func TestPage_GameStylesheet(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Vault", templ.NopComponent, "games/vault/vault.css").Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	links := doc.Find(`link[rel=stylesheet]`)
	if links.Length() != 2 || links.Eq(1).AttrOr("href", "") != static.Path("games/vault/vault.css") {
		h, _ := doc.Find("head").Html()
		t.Fatalf("stylesheets in\n%s\nwant app.css then the game's", h)
	}
}

// A game's script loads after the app's scripts, whose helpers it borrows,
// and is not taken for a stylesheet.
func TestPage_GameScript(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := layout.Page("Couriers", templ.NopComponent, "games/couriers/couriers.css", "", "games/couriers/route.js").Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	doc.Find(`script[defer]`).Each(func(_ int, s *goquery.Selection) { srcs = append(srcs, s.AttrOr("src", "")) })
	want := []string{static.Path("js/app.js"), static.Path("js/markup.js"), static.Path("games/couriers/route.js")}
	if len(srcs) != len(want) || srcs[0] != want[0] || srcs[1] != want[1] || srcs[2] != want[2] {
		t.Fatalf("scripts %v, want %v", srcs, want)
	}
	if n := doc.Find(`link[rel=stylesheet]`).Length(); n != 2 {
		t.Fatalf("%d stylesheets, want app.css and the game's", n)
	}
}

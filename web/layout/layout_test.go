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
	for _, js := range []string{"js/app.js", "js/markup.js", "js/rejoin.js"} {
		if doc.Find(`script[defer][src="`+static.Path(js)+`"]`).Length() != 1 {
			t.Fatalf("no deferred hashed %s", js)
		}
	}
	if doc.Find(`script`).Eq(0).AttrOr("src", "") != static.Path("js/app.js") {
		t.Fatal("app.js must come first: markup.js and rejoin.js borrow its helpers")
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

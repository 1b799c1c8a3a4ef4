package winkboard_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/web/boards/winkboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// render draws a fixture through the registration and fails on any id the
// catalogue lacks and on any id or code left in the words.
func render(tb testing.TB, c kit.Context) (*goquery.Document, string) {
	tb.Helper()
	doc, html := boardtest.Render(tb, winkboard.Game, c)
	if missing := catalog.Missing(); len(missing) > 0 {
		tb.Fatalf("message ids missing from the catalogue: %v", missing)
	}
	checkWords(tb, doc)
	return doc, html
}

// rawWords finds what a reader must never see: a message id, a location
// code, a seat placeholder or a template's missing argument.
var rawWords = regexp.MustCompile(`\bwink\.[a-z_]+\.|\b(CAF|MET|KIO|FOU)\b|\{p\d|\{\{|<no value>`)

// checkWords fails when a page's text or its worded attributes show raw
// ids or codes.
func checkWords(tb testing.TB, doc *goquery.Document) {
	tb.Helper()
	texts := []string{doc.Text()}
	doc.Find("[title], [aria-label], [data-confirm]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"title", "aria-label", "data-confirm"} {
			texts = append(texts, s.AttrOr(a, ""))
		}
	})
	for _, t := range texts {
		if m := rawWords.FindString(t); m != "" {
			tb.Fatalf("raw %q in the words: %q", m, strings.Join(strings.Fields(t), " "))
		}
	}
}

// textOf is an element's text with whitespace collapsed.
func textOf(s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") }

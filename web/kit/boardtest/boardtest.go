// Package boardtest is the harness every game's board tests use: render a
// board for any viewer, press every button a view offers against the real
// engine through whole matches, and write a preview gallery to look at.
package boardtest

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// Names are the players of every harness match, in seat order.
var Names = []string{"Marie", "Tom", "Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"}

// Words returns a catalogue with the platform's and g's English messages.
func Words(tb testing.TB, g kit.Game) *words.Catalog {
	tb.Helper()
	c := words.New()
	if g.Messages != nil {
		if err := c.Load(g.Messages, "."); err != nil {
			tb.Fatalf("%s messages: %v", g.Slug, err)
		}
	}
	return c
}

// Render draws g's board for c and parses it; a render error fails.
func Render(tb testing.TB, g kit.Game, c kit.Context) (*goquery.Document, string) {
	tb.Helper()
	var buf bytes.Buffer
	if err := g.Draw(c).Render(context.Background(), &buf); err != nil {
		tb.Fatalf("render: %v", err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(buf.String()))
	if err != nil {
		tb.Fatalf("parse: %v", err)
	}
	return doc, buf.String()
}

// ByID finds elements by data-testid.
func ByID(doc *goquery.Document, id string) *goquery.Selection {
	return doc.Find(`[data-testid="` + id + `"]`)
}

// One finds exactly one element by data-testid, failing otherwise.
func One(tb testing.TB, doc *goquery.Document, id string) *goquery.Selection {
	tb.Helper()
	s := ByID(doc, id)
	if s.Length() != 1 {
		h, _ := doc.Html()
		tb.Fatalf("%d elements with data-testid=%q, want 1 in:\n%s", s.Length(), id, h)
	}
	return s
}

// None fails when an element with data-testid id exists.
func None(tb testing.TB, doc *goquery.Document, id string) {
	tb.Helper()
	if n := ByID(doc, id).Length(); n != 0 {
		tb.Fatalf("%d elements with data-testid=%q, want none", n, id)
	}
}

// Disabled reports whether a control is disabled.
func Disabled(s *goquery.Selection) bool {
	_, off := s.Attr("disabled")
	return off
}

// Buttons are the actions a phone's enabled data-act buttons send, exactly
// as the page's script sends them: the type and its data-data.
func Buttons(doc *goquery.Document, seat game.Seat, at int64) []game.Action {
	var out []game.Action
	doc.Find("button[data-act]").Each(func(_ int, b *goquery.Selection) {
		if Disabled(b) {
			return
		}
		out = append(out, game.Action{Seat: seat, Type: b.AttrOr("data-act", ""),
			Data: json.RawMessage(b.AttrOr("data-data", "{}")), At: at})
	})
	return out
}

// Canon is an action's type and data with its keys sorted, for comparing
// what a board offers with what the engine lists.
func Canon(typ string, data json.RawMessage) string {
	var v any
	if len(data) == 0 || json.Unmarshal(data, &v) != nil {
		return typ
	}
	b, _ := json.Marshal(v)
	if string(b) == "{}" || string(b) == "null" {
		return typ
	}
	return typ + " " + string(b)
}

package boardtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"topsecret/web/kit"
)

// HowTo checks g's briefing: 3 to 6 cards of 2 to 4 lines, each with a
// picture; every card drawn for the phone's dialog to fetch (and not in
// the dialog the page carries) and on the table screen, with no message
// id showing; and howto.en.json words exactly the ids the briefing says.
func HowTo(t *testing.T, g kit.Game) {
	t.Helper()
	if g.HowTo == nil {
		t.Fatalf("%s registers no how-to-play", g.Slug)
	}
	cat := Words(t, g)
	for _, table := range []bool{false, true} {
		c := kit.Context{Table: table, Words: cat.Reader("en", nil)}
		h := g.HowTo(c)
		if n := len(h.Cards); n < kit.MinHowToCards || n > kit.MaxHowToCards {
			t.Fatalf("%s: %d cards, want %d to %d", g.Slug, n, kit.MinHowToCards, kit.MaxHowToCards)
		}
		for i, k := range h.Cards {
			if k.Title == "" || k.Picture == nil || len(k.Lines) < 2 || len(k.Lines) > 4 {
				t.Errorf("%s card %d: title %q, picture %v, %d lines (want 2 to 4)", g.Slug, i, k.Title, k.Picture != nil, len(k.Lines))
			}
		}
		if h.FirstTurn == "" {
			t.Errorf("%s: no first-turn hint", g.Slug)
		}
		dialog := parse(t, kit.HowToCorner(g, c, "/howto/"+g.Slug))
		if n := dialog.Find(`[data-howto-card]`).Length(); n != 0 {
			t.Errorf("%s table=%v: the room page carries %d cards; the dialog fetches them", g.Slug, table, n)
		}
		if src := dialog.Find(`dialog#howto`).AttrOr("data-howto-src", ""); !table && src != "/howto/"+g.Slug {
			t.Errorf("%s: the dialog fetches its cards from %q", g.Slug, src)
		}
		deck := parse(t, kit.HowToDeck(g, c))
		lobby := parse(t, kit.HowToLobby(g, c))
		cards := deck.Find(`[data-testid^="howto-card-"]`)
		if table {
			cards = lobby.Find(`[data-testid^="howto-cycle-card-"]`)
		}
		if cards.Length() != len(h.Cards) {
			t.Fatalf("%s table=%v: %d cards drawn, want %d", g.Slug, table, cards.Length(), len(h.Cards))
		}
		cards.Each(func(i int, s *goquery.Selection) {
			if strings.TrimSpace(s.Find(".howto-title").Text()) == "" || s.Find(".howto-pic *").Length() == 0 {
				t.Errorf("%s card %d: no title or an empty picture", g.Slug, i)
			}
		})
		for _, doc := range []*goquery.Document{dialog, deck, lobby} {
			html, _ := doc.Html()
			if leak := leakedID(html, g.Slug); leak != "" {
				t.Errorf("%s table=%v: a message id shows: …%s…", g.Slug, table, leak)
			}
		}
		if hint := parse(t, kit.HowToHint(g, c, false)); !table && ByID(hint, "howto-hint").Length() != 1 {
			t.Errorf("%s: the phone has no first-turn hint", g.Slug)
		}
	}
	if missing := cat.Missing(); len(missing) > 0 {
		t.Errorf("%s: ids missing from the catalogue: %v", g.Slug, missing)
	}
	said := g.HowTo(kit.Context{Words: cat.Reader("en", nil)}).IDs()
	if got, want := fileIDs(t, g), sorted(said); !slices.Equal(got, want) {
		t.Errorf("%s: howto.en.json has %v,\nthe cards say %v", g.Slug, got, want)
	}
}

func parse(tb testing.TB, c templ.Component) *goquery.Document {
	tb.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		tb.Fatalf("render: %v", err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// leakedID is the text around a message id of the game's or the
// platform's in html ("vault.ui.howto.goal.title"), or "".
func leakedID(html, slug string) string {
	id := regexp.MustCompile(`\b(` + regexp.QuoteMeta(slug) + `|game)\.[a-z0-9_]+\.[a-z0-9_]`)
	if loc := id.FindStringIndex(html); loc != nil {
		return html[max(0, loc[0]-40):min(len(html), loc[1]+60)]
	}
	return ""
}

// fileIDs are the ids howto.en.json defines, sorted.
func fileIDs(tb testing.TB, g kit.Game) []string {
	tb.Helper()
	b, err := fs.ReadFile(g.Messages, "howto.en.json")
	if err != nil {
		tb.Fatalf("%s: %v", g.Slug, err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		tb.Fatalf("%s howto.en.json: %v", g.Slug, err)
	}
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func sorted(ids []string) []string {
	out := slices.Clone(ids)
	sort.Strings(out)
	return slices.Compact(out)
}

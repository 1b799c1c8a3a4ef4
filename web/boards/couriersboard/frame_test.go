package couriersboard_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"topsecret/web/kit/boardtest"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit"
)

// rawID matches what must never show on a screen: an agent's or a
// suitcase's id ("red-3", "blue-A"), a place id ("new_york",
// "start_red") or a catalogue id.
var rawID = regexp.MustCompile(`\b(red|blue|green|yellow)-[1-7A-D]\b|\b[a-z]+_[a-z_]+\b|couriers\.`)

// frames returns every rendered frame's own checks: words only, and no
// secret of another seat (each frame twins one other seat, in turn, so a
// match checks every pair without rendering every twin every time).
func frames() func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
	k := 0
	return func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
		tb.Helper()
		k++
		frame(tb, v, st, doc, k)
	}
}

// frame checks one frame; the leak check twins seat k mod the seats.
func frame(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document, k int) {
	tb.Helper()
	text := doc.Text()
	if m := rawID.FindString(text); m != "" {
		tb.Fatalf("%v: raw id %q on screen in %q", v, m, strings.Join(strings.Fields(text), " "))
	}
	doc.Find("[aria-label],[title],optgroup").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"aria-label", "title", "label"} {
			if m := rawID.FindString(s.AttrOr(a, "")); m != "" {
				tb.Fatalf("%v: raw id %q in %s", v, m, a)
			}
		}
	})
	noLeak(tb, v, st, k)
}

// noLeak renders v's board again from a twin of the match that differs
// only in what seat k mod n alone may know (its clue cards, its pending
// placement, its face-down card): v's board must not change.
func noLeak(tb testing.TB, v game.Viewer, st game.State, k int) {
	tb.Helper()
	if told, ok := st.(boardtest.Told); ok {
		st = told.State // the twin is the engine's; what the match said is the room's
	}
	tw, ok := st.(game.Twinner)
	if !ok {
		tb.Fatal("the couriers engine makes no twins")
	}
	n := st.View(game.TableViewer()).(*couriers.TableView).Seats
	want := render(tb, v, st, n)
	s := k % n
	if v.Kind == game.Player && int(v.Seat) == s {
		return
	}
	twin := tw.Twin(game.Seat(s), game.RandFor(game.Seed{byte(k)}, k))
	if got := render(tb, v, twin, n); got != want {
		tb.Fatalf("%v: the board changes when seat %d's secrets are reshuffled:\n%s", v, s, firstDiff(want, got))
	}
}

// render is v's board of st as HTML.
func render(tb testing.TB, v game.Viewer, st game.State, n int) string {
	tb.Helper()
	c := kit.Context{View: st.View(v), You: v.Seat, Table: v.Kind != game.Player, Now: 1}
	if v.Kind == game.Player {
		c.Legal = st.Legal(v.Seat)
	}
	c = worded(tb, c, n)
	var buf bytes.Buffer
	if err := couriersboard.Game.Draw(c).Render(context.Background(), &buf); err != nil {
		tb.Fatal(err)
	}
	return buf.String()
}

// firstDiff shows where two renders part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return "want …" + a[from:min(len(a), i+120)] + "…\ngot  …" + b[from:min(len(b), i+120)] + "…"
}

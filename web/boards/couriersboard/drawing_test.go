package couriersboard_test

import (
	"html"
	"os"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit/boardtest"
	"topsecret/web/words"
)

// Each reader's map carries the city names in the reader's language: the
// board links the drawing made for that language, and that drawing names
// every city as the language's catalogue does, with no English name left
// where the language has its own (Moskau, Pékin, Kapstaden).
func TestMap_CityNamesInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	m := newMatch(t, 4, 1)
	table := m.Context(game.TableViewer())
	cat := boardtest.Words(t, couriersboard.Game)
	cities := couriers.Board().Cities
	english := cat.Reader("en", nil)
	for _, l := range words.Languages {
		t.Run(l.Tag, func(t *testing.T) {
			c := table
			c.Words = cat.Reader(l.Tag, c.Names)
			doc, _ := boardtest.Render(t, couriersboard.Game, c)
			href := doc.Find(`[data-testid="couriers-map"] svg image`).AttrOr("href", "")
			if !strings.HasPrefix(href, "/static/games/couriers/board."+l.Tag+".") || !strings.HasSuffix(href, ".svg") {
				t.Fatalf("the map draws %q, want the %s drawing", href, l.Tag)
			}
			b, err := os.ReadFile("board." + l.Tag + ".svg")
			if err != nil {
				t.Fatal(err)
			}
			drawing := string(b)
			for _, city := range cities {
				name := c.Words.Say(game.M(city.Term))
				if !strings.Contains(drawing, ">"+html.EscapeString(name)+"</text>") {
					t.Errorf("%s: no label %q", city.ID, name)
				}
				if en := english.Say(game.M(city.Term)); en != name && strings.Contains(drawing, ">"+html.EscapeString(en)+"</text>") {
					t.Errorf("%s: the English label %q is still drawn beside %q", city.ID, en, name)
				}
			}
		})
	}
}

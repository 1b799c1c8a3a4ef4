package couriersboard_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit/boardtest"
)

// uiLiteral is one of the board's own catalogue ids written in its source.
var uiLiteral = regexp.MustCompile(`"(couriers\.ui\.[a-z0-9_.]+)"`)

// uiBuilt are the board's ids made from a literal prefix and a colour.
var uiBuilt = []string{"couriers.ui.colour."}

// TestCatalogue_UI checks that the English catalogue defines every board
// id the source writes, and that every board id it defines is said.
func TestCatalogue_UI(t *testing.T) {
	cat := boardtest.Words(t, couriersboard.Game)
	used := map[string]bool{}
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := f.Name()
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_templ.go") ||
			!strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, ".templ") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range uiLiteral.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
	}
	for id := range used {
		if !cat.Has("en", id) && !strings.HasSuffix(id, ".") {
			t.Errorf("the catalogue lacks %s", id)
		}
	}
	for _, id := range cat.IDs("en") {
		if !strings.HasPrefix(id, "couriers.ui.") || used[id] {
			continue
		}
		built := false
		for _, p := range uiBuilt {
			built = built || strings.HasPrefix(id, p)
		}
		if !built {
			t.Errorf("the catalogue defines %s, which the board never says", id)
		}
	}
}

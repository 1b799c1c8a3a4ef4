package winkboard_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
)

// literalIDs matches a message id written out in the engine's or the
// board's source.
var literalIDs = regexp.MustCompile(`"(wink\.[a-z_]+(?:\.[a-z0-9_]+)+)"`)

// sourceIDs are the ids written in the non-test Go and templ files of dirs.
func sourceIDs(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			// howto* says the briefing's words, in messages/howto.en.json,
			// which boardtest.HowTo checks.
			if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") || strings.HasPrefix(filepath.Base(f), "howto") ||
				!(strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".templ")) {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range literalIDs.FindAllSubmatch(b, -1) {
				ids[string(m[1])] = true
			}
		}
	}
	return ids
}

// TestCatalogue_English: the English catalogue (the board's words, the
// lobby's and the night recap's) has every id the engine and the board write out, every colour
// and place term, and nothing else; the matches of TestEngineButtons check
// the ids that occur in play.
func TestCatalogue_English(t *testing.T) {
	messages := map[string]json.RawMessage{}
	for _, f := range []string{"messages/en.json", "messages/lobby.en.json", "messages/night.en.json"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &messages); err != nil {
			t.Fatal(err)
		}
	}
	used := sourceIDs(t, ".", "../../../internal/games/wink")
	st, err := wink.Rules{}.New(game.Setup{Game: "wink", Seats: wink.MaxPlayers})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range st.(game.Colourer).SeatColours() {
		used[wink.ColourTerm(c).ID] = true
	}
	for _, code := range []string{"CAF", "MET", "KIO", "FOU", "none"} {
		used[wink.PlaceTerm(code).ID] = true
	}
	var missing, unused []string
	for id := range used {
		if _, ok := messages[id]; !ok {
			missing = append(missing, id)
		}
	}
	for id := range messages {
		if !used[id] {
			unused = append(unused, id)
		}
	}
	sort.Strings(missing)
	sort.Strings(unused)
	if len(missing) > 0 {
		t.Errorf("ids missing from messages/en.json: %v", missing)
	}
	if len(unused) > 0 {
		t.Errorf("ids in messages/en.json nobody uses: %v", unused)
	}
	t.Logf("%d ids", len(messages))
}

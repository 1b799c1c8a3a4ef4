package catalogue_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/games"
	"topsecret/web/catalogue"
)

// Every playable game has a board, and every board a playable game.
func TestCatalogue_EveryGameHasABoard(t *testing.T) {
	for _, e := range games.All() {
		_, ok := catalogue.Lookup(e.Info.Slug)
		if e.Available() != ok {
			t.Errorf("%s: playable %v, board %v", e.Info.Slug, e.Available(), ok)
		}
	}
	for _, b := range catalogue.All() {
		if e, ok := games.Lookup(b.Slug); !ok || !e.Available() {
			t.Errorf("board %s has no playable game", b.Slug)
		}
		if b.Draw == nil || len(b.Stylesheets) == 0 || b.Messages == nil {
			t.Errorf("board %s: registration incomplete", b.Slug)
		}
		for _, name := range b.Stylesheets {
			if _, err := fs.Stat(b.Assets, name); err != nil {
				t.Errorf("board %s: stylesheet %s: %v", b.Slug, name, err)
			}
		}
	}
}

// platformID is a platform message id written in Go source.
var platformID = regexp.MustCompile(`"(game\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)"`)

// The platform's own messages (the contract's refusals, the room's events,
// the replay's lines) are all in the English catalogue, and the catalogue
// has none that nothing says.
func TestCatalogue_PlatformMessages(t *testing.T) {
	used := map[string]bool{}
	for _, dir := range []string{"../../internal/game", "../../internal/room", "../../internal/server", "../../internal/replay", "../../web/words", "../../web/pages", "../../web/boards", "../../web/layout"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range platformID.FindAllStringSubmatch(string(b), -1) {
				used[m[1]] = true
			}
		}
	}
	if len(used) < 5 {
		t.Fatalf("found only %v: are the source folders right?", used)
	}
	cat := catalogue.Words()
	for id := range used {
		if id != "game.legacy" && !cat.Has("en", id) {
			t.Errorf("%s is said but not in web/words/messages/en.json", id)
		}
	}
	for _, id := range cat.IDs("en") {
		if strings.HasPrefix(id, "game.") && !used[id] && !slices.Contains(wordsOwn, id) {
			t.Errorf("%s is in the catalogue but nothing says it", id)
		}
	}
}

// wordsOwn are the ids the words package builds from parts at run time.
var wordsOwn = []string{"game.list.none", "game.list.comma", "game.list.and", "game.seat"}

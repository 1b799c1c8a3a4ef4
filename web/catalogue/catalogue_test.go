package catalogue_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
)

// every is the shelf main builds with --dev-games: every game, those in
// the works too, whose words and boards these tests check.
var every = shelf.New(true)

// entry is a game's engine as the tests loop over them.
type entry struct {
	Info  game.Info
	Rules game.Rules
}

// entries are every game's engines, in the home page's order.
func entries() []entry {
	var out []entry
	for _, g := range every.All() {
		out = append(out, entry{Info: g.Rules.Info(), Rules: g.Rules})
	}
	return out
}

// Every board comes with its game's rules and a complete registration.
func TestCatalogue_EveryGameHasABoard(t *testing.T) {
	for _, b := range every.All() {
		if b.Rules == nil || b.Rules.Info().Slug != b.Slug {
			t.Errorf("board %s has no rules of its game", b.Slug)
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
	for _, dir := range []string{"../../internal/game", "../../internal/room", "../../internal/server", "../../internal/replay", "../../internal/night", "../../web/words", "../../web/pages", "../../web/kit", "../../web/layout", "../../web/replayview", "../../web/nightfile"} {
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
	cat := every.Words()
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

package catalogue_test

import (
	"io/fs"
	"maps"
	"os"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// notTranslatedYet names the message files whose translations are still
// to come, as "<board>/<file>": only these may lack a file in another
// language ("no file yet"). A file that is translated must leave the list
// (the test fails otherwise); the next round empties it.
var notTranslatedYet = map[string]bool{}

// folder is one catalogue folder: the platform's or a board's.
type folder struct {
	name string
	fsys fs.FS
	dir  string
}

func folders() []folder {
	out := []folder{{"platform", os.DirFS("../words"), "messages"}}
	for _, b := range every.All() {
		out = append(out, folder{b.Slug, b.Messages, "."})
	}
	return out
}

// Every message file English has exists in every other language the app
// speaks, with exactly English's ids, the same placeholders in every entry
// and the language's own plural forms; English's plurals fit English.
func TestCatalogue_Translations(t *testing.T) {
	t.Parallel()
	for _, f := range folders() {
		files, err := words.Files(f.fsys, f.dir)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		for _, stem := range slices.Sorted(maps.Keys(files)) {
			byLang := files[stem]
			file := fileName(stem, "en")
			en, ok := byLang["en"]
			if !ok {
				t.Errorf("%s: %s has no English file", f.name, stem)
				continue
			}
			for _, p := range words.Plurals("en", en) {
				t.Errorf("%s/%s: %s", f.name, file, p)
			}
			pending := notTranslatedYet[f.name+"/"+file]
			complete := true
			for _, l := range words.Languages[1:] {
				tr, ok := byLang[l.Tag]
				if !ok {
					complete = false
					if !pending {
						t.Errorf("%s: %s is missing", f.name, fileName(stem, l.Tag))
					}
					continue
				}
				for _, p := range words.Compare(l.Tag, en, tr) {
					t.Errorf("%s/%s: %s", f.name, fileName(stem, l.Tag), p)
				}
			}
			if pending && complete {
				t.Errorf("%s/%s is translated: take it off notTranslatedYet", f.name, file)
			}
			for lang := range byLang {
				if words.Known(lang) == "" {
					t.Errorf("%s: %s is in a language the app does not offer", f.name, fileName(stem, lang))
				}
			}
		}
	}
	for name := range notTranslatedYet {
		t.Logf("not translated yet: %s", name)
	}
}

func fileName(stem, lang string) string {
	if stem == "" {
		return lang + ".json"
	}
	return stem + "." + lang + ".json"
}

// Every message English has is said in every language, in the language's
// own words or, for a board not translated yet, in English: never as its id.
func TestCatalogue_EveryLanguageSaysEverything(t *testing.T) {
	t.Parallel()
	cat := every.Words()
	for _, l := range words.Languages {
		r := cat.Reader(l.Tag, []string{"Ann", "Bob"})
		for _, id := range cat.IDs("en") {
			if id == game.LegacyID {
				continue
			}
			if got := r.Say(game.M(id, game.N("n", 2))); got == id {
				t.Errorf("%s says %s as its id", l.Tag, id)
			}
		}
	}
	if m := cat.Missing(); len(m) > 0 {
		t.Errorf("missing: %v", m)
	}
}

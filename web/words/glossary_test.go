package words

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// concept is one idea of a game in one language, from the game's glossary
// (web/boards/<slug>board/glossary/<lang>.json): the term a player reads for it,
// its other forms (plural, case), the words that must not stand for it, and
// whether it is a name (a card, a place) every sentence naming it uses.
type concept struct {
	Term  string   `json:"term"`
	Forms []string `json:"forms"`
	Avoid []string `json:"avoid"`
	Name  bool     `json:"name"`
}

// words are the concept's forms, lower-cased and split as text is.
func (c concept) words() []string {
	var out []string
	for _, f := range append([]string{c.Term}, c.Forms...) {
		out = append(out, tokens(f))
	}
	return out
}

// tokens is s lower-cased, its letters and digits in runs, one space
// around each, so " zug " finds the word Zug and not Zugang.
func tokens(s string) string {
	var b strings.Builder
	b.WriteByte(' ')
	space := true
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

// mentions reports whether the tokenised text holds any of words.
func mentions(text string, words []string) bool {
	for _, w := range words {
		if strings.TrimSpace(w) != "" && strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// text is every form of an entry, placeholders left out, in tokens.
func (e Entry) text() string {
	var all []string
	for _, form := range slices.Sorted(maps.Keys(e)) {
		all = append(all, placeholder.ReplaceAllString(e[form], " "))
	}
	return tokens(strings.Join(all, " "))
}

// One idea, one word: wherever a game's English text names a concept of
// its glossary, each translation does not use a word the glossary lists
// as wrong for it (unless the English also names the concept that word
// belongs to: "Round 5 · turn 17"), and a name (a card, a place) is
// spelled as the glossary has it.
func TestGlossary_OneTermPerConcept(t *testing.T) {
	dirs, err := filepath.Glob("../boards/*board/glossary")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no glossaries under web/boards: %v", err)
	}
	for _, dir := range dirs {
		game := strings.TrimSuffix(filepath.Base(filepath.Dir(dir)), "board")
		t.Run(game, func(t *testing.T) {
			gloss := map[string]map[string]concept{}
			for _, l := range Languages {
				lang := l.Tag
				b, err := os.ReadFile(filepath.Join(dir, lang+".json"))
				if err != nil {
					t.Fatalf("%s has no glossary in %s: %v", game, lang, err)
				}
				var g map[string]concept
				if err := json.Unmarshal(b, &g); err != nil {
					t.Fatalf("%s/%s.json: %v", dir, lang, err)
				}
				gloss[lang] = g
			}
			for lang, g := range gloss {
				if !slices.Equal(slices.Sorted(maps.Keys(g)), slices.Sorted(maps.Keys(gloss["en"]))) {
					t.Errorf("%s's %s glossary has concepts %v, English %v", game, lang, slices.Sorted(maps.Keys(g)), slices.Sorted(maps.Keys(gloss["en"])))
				}
			}
			files, err := Files(os.DirFS(filepath.Dir(dir)), "messages")
			if err != nil {
				t.Fatal(err)
			}
			for _, stem := range slices.Sorted(maps.Keys(files)) {
				for _, l := range Languages {
					lang := l.Tag
					if lang == "en" {
						continue
					}
					for _, bad := range misnamed(gloss["en"], gloss[lang], files[stem]["en"], files[stem][lang]) {
						t.Errorf("%s %s: %s", game, lang, bad)
					}
				}
			}
		})
	}
}

// misnamed lists tr's entries that break its glossary where en names the
// glossary's concepts.
func misnamed(enGloss, gloss map[string]concept, en, tr File) []string {
	var out []string
	for _, id := range slices.Sorted(maps.Keys(en)) {
		e, ok := tr[id]
		if !ok {
			continue // a missing entry is Compare's to report
		}
		said, text := en[id].text(), e.text()
		named := map[string]bool{}
		for c, ec := range enGloss {
			named[c] = mentions(said, ec.words())
		}
		for _, c := range slices.Sorted(maps.Keys(enGloss)) {
			tc := gloss[c]
			if !named[c] {
				continue
			}
			if tc.Name && !mentions(text, tc.words()) {
				out = append(out, fmt.Sprintf("%s names %s without the term %q: %q", id, c, tc.Term, strings.TrimSpace(text)))
			}
			for _, w := range tc.Avoid {
				if !mentions(text, []string{tokens(w)}) || someoneElses(w, c, named, gloss) {
					continue
				}
				out = append(out, fmt.Sprintf("%s says %q for %s, whose term is %q: %q", id, w, c, tc.Term, strings.TrimSpace(text)))
			}
		}
	}
	return out
}

// someoneElses reports whether word is a form of another concept the
// English text names too, so the word stands for that one.
func someoneElses(word, c string, named map[string]bool, gloss map[string]concept) bool {
	for other, oc := range gloss {
		if other != c && named[other] && mentions(tokens(word), oc.words()) {
			return true
		}
	}
	return false
}

package main

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/chromedp/chromedp"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/web/words"
)

// vocabulary is every word a language's catalogues write, lower-cased,
// placeholders left out: the platform's files and every board's (moves,
// lobby settings, how-to cards).
var vocabulary = sync.OnceValues(func() (map[string]map[string]bool, error) {
	out := map[string]map[string]bool{}
	add := func(files map[string]map[string]words.File) {
		for _, byLang := range files {
			for lang, f := range byLang {
				if out[lang] == nil {
					out[lang] = map[string]bool{}
				}
				for _, e := range f {
					for _, text := range e {
						for _, w := range lettersOf(placeholderText.Replace(stripPlaceholders(text)), 2) {
							out[lang][w] = true
						}
					}
				}
			}
		}
	}
	files, err := words.Files(os.DirFS("../../web/words"), "messages")
	if err != nil {
		return nil, err
	}
	add(files)
	for _, b := range shelf.New(true).All() {
		files, err := words.Files(b.Messages, ".")
		if err != nil {
			return nil, err
		}
		add(files)
	}
	return out, nil
})

// placeholderText takes out the markup some entries carry around a word.
var placeholderText = strings.NewReplacer("<strong>", " ", "</strong>", " ", "<em>", " ", "</em>", " ")

// stripPlaceholders drops every {{.name}} of a message text.
func stripPlaceholders(s string) string {
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return s
		}
		s = s[:i] + " " + s[i+j+2:]
	}
}

// wordsOf splits s into its words of three letters or more, lower-cased:
// shorter ones ("in", "of", "är") are shared too often to tell languages apart.
func wordsOf(s string) []string { return lettersOf(s, 3) }

// lettersOf splits s into its words of at least min letters, lower-cased.
func lettersOf(s string, min int) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= min {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// foreignWords lists the words of text that one of others' catalogues
// writes and lang's never does: another language read on a phone in lang.
// The words of names (players', bots', the room's code, the languages'
// own names in the switcher) are no language's.
func foreignWords(tb testing.TB, text, lang string, others []string, names []string) []string {
	tb.Helper()
	vocab, err := vocabulary()
	if err != nil {
		tb.Fatal(err)
	}
	own := vocab[lang]
	if own == nil {
		tb.Fatalf("no catalogue in %q", lang)
	}
	named := map[string]bool{}
	for _, n := range names {
		for _, w := range wordsOf(n) {
			named[w] = true
		}
	}
	for _, l := range words.Languages {
		for _, w := range wordsOf(l.Name) {
			named[w] = true
		}
	}
	for _, s := range append(sameInLanguage["*"], sameInLanguage[lang]...) {
		for _, w := range wordsOf(s) {
			named[w] = true
		}
	}
	seen := map[string]bool{}
	for _, w := range wordsOf(text) {
		if own[w] || named[w] {
			continue
		}
		for _, o := range others {
			if o != lang && vocab[o][w] {
				seen[w] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// readsOnly fails when the phone, whose page is in lang, shows words of
// another of the table's languages (English always counts as one): its
// visible text after a step of the match, named by where.
func (p *phone) readsOnly(where, lang string, others []string, names []string) {
	p.tb.Helper()
	if got := p.lang(); got != lang {
		p.tb.Fatalf("%s at %s: the page is in %q, want %q", p.name, where, got, lang)
	}
	text := p.readable()
	if left := foreignWords(p.tb, text, lang, append([]string{"en"}, others...), names); len(left) > 0 {
		p.tb.Fatalf("%s (%s) at %s reads words of another language %q in:\n%s", p.name, lang, where, left, truncate(text, 2500))
	}
	if codes := rawCodes(p.tb, text, lang, names); len(codes) > 0 {
		p.tb.Fatalf("%s (%s) at %s reads codes where words belong %q in:\n%s", p.name, lang, where, codes, truncate(text, 2500))
	}
}

// rawCode is how the engines name a card or a place among themselves:
// "CAF", "MO", "D15". A person reads the thing's name instead.
var rawCode = regexp.MustCompile(`^(?:[A-Z]{2,3}|[A-Z]{1,2}[0-9]{1,2})$`)

// ruleRef is a sentence naming the rule it follows, "(R7)" or "(R11,
// R20)": the spec's rule numbers, which refusals and endings cite on
// purpose, not a code in place of a word.
var ruleRef = regexp.MustCompile(`\(R[0-9]+(?:, ?R[0-9]+)*\)`)

// rawCodes lists the engine codes in text, read in lang: names (a room's
// code) aside, and words of lang's catalogues a stylesheet writes in
// capitals ("DU", "BOT").
func rawCodes(tb testing.TB, text, lang string, names []string) []string {
	tb.Helper()
	vocab, err := vocabulary()
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	text = ruleRef.ReplaceAllString(text, "")
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		named := slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, w) })
		if rawCode.MatchString(w) && !named && !vocab[lang][strings.ToLower(w)] {
			seen[w] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// The reader's check finds another language's words and lets names,
// numbers and the words languages share pass.
func TestForeignWords_FindAnotherLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, lang string
		others, names    []string
		want             []string
	}{
		{"GermanReadsGerman", "Anna ist Startspieler und zieht zuerst. Koffer Björn 3", "de", []string{"en"}, nil, nil},
		{"EnglishButtonOnAGermanPhone", "Anna ist Startspieler. Pass the suitcase", "de", []string{"en"}, []string{"Anna"}, []string{"suitcase", "the"}},
		{"SwedishOnAGermanPhone", "Anna ist Startspieler. Portfölj", "de", []string{"en", "sv"}, []string{"Anna"}, []string{"portfölj"}},
		{"GermanOnAnEnglishPhone", "Anna draws first. Koffer", "en", []string{"de"}, []string{"Anna"}, []string{"koffer"}},
		{"NamesAreNoLanguage", "Suitcase Björn", "de", []string{"en"}, []string{"Björn", "Suitcase"}, nil},
		{"LanguageNamesInTheSwitcher", "English Deutsch Svenska Français", "de", []string{"en", "sv", "fr"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := foreignWords(t, tt.text, tt.lang, tt.others, tt.names)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("foreign words %q, want %q", got, tt.want)
			}
		})
	}
}

// readable is everything the phone's page says to a person now: the text
// on screen and the words its elements speak without showing them (names
// for screen readers, tooltips, the questions a tap asks, the words
// handed to the scripts), spaces collapsed.
func (p *phone) readable() string {
	s := get(p, chromedp.Evaluate[string](`(() => {
		const said = [document.title, document.body.innerText];
		for (const e of document.body.querySelectorAll("*")) {
			for (const a of e.attributes) {
				if (a.name === "aria-label" || a.name === "title" || a.name === "placeholder" || a.name === "data-confirm" || a.name.startsWith("data-say-")) {
					said.push(a.value.replace(/\{\w+\}/g, " ")); // a script's {step}, no word

				}
			}
		}
		return said.join("\n");
	})()`))
	return strings.Join(strings.Fields(s), " ")
}

// The code check finds engine codes and lets a cited rule number pass.
func TestRawCodes_FindCodesNotRuleNumbers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"Zeige CAF", []string{"CAF"}},
		{"Spiele D15 verdeckt", []string{"D15"}},
		{"also endet das Spiel (R7).", nil},
		{"Von hier kannst du nicht anrufen (R11, R20, R25).", nil},
		{"Regel R7 ohne Klammern", []string{"R7"}},
	} {
		if got := rawCodes(t, tt.text, "de", nil); !slices.Equal(got, tt.want) {
			t.Errorf("rawCodes(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

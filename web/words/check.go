package words

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Entry is one message of a file: its text by CLDR plural category, only
// "other" for a message with one form for every number.
type Entry map[string]string

// File is one message file's entries by id.
type File map[string]Entry

// Files reads every message file in dir of fsys, by stem and language:
// "de.json" is stem "" in German, "lobby.de.json" stem "lobby".
func Files(fsys fs.FS, dir string) (map[string]map[string]File, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]File{}
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		mf, err := i18n.ParseMessageFileBytes(b, path.Base(name), map[string]i18n.UnmarshalFunc{"json": json.Unmarshal})
		if err != nil {
			return nil, fmt.Errorf("words: %s: %w", name, err)
		}
		stem := strings.TrimSuffix(path.Base(name), ".json")
		stem = strings.TrimSuffix(strings.TrimSuffix(stem, mf.Tag.String()), ".")
		f := File{}
		for _, m := range mf.Messages {
			f[m.ID] = entry(m)
		}
		if out[stem] == nil {
			out[stem] = map[string]File{}
		}
		out[stem][mf.Tag.String()] = f
	}
	return out, nil
}

func entry(m *i18n.Message) Entry {
	e := Entry{}
	for form, text := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if text != "" {
			e[form] = text
		}
	}
	return e
}

// Plural reports whether the entry has forms picked by a number.
func (e Entry) Plural() bool { return len(e) > 1 || e["other"] == "" }

// placeholder is one {{.name}} of a message text.
var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// Placeholders are the argument names the entry's forms use, sorted.
func (e Entry) Placeholders() []string {
	seen := map[string]bool{}
	for _, text := range e {
		for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
			seen[m[1]] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// Compare lists how tr, a translation into lang, differs from en, the
// English file it translates: an id it lacks, an id English lacks, other
// placeholders than English's, and plural forms that are not lang's CLDR
// categories. Nothing listed means the translation is complete.
func Compare(lang string, en, tr File) []string {
	var out []string
	for _, id := range slices.Sorted(maps.Keys(en)) {
		t, ok := tr[id]
		if !ok {
			out = append(out, fmt.Sprintf("%s: %s is missing", lang, id))
			continue
		}
		if a, b := en[id].Placeholders(), t.Placeholders(); !slices.Equal(a, b) {
			out = append(out, fmt.Sprintf("%s: %s uses placeholders %v, English %v", lang, id, b, a))
		}
		if en[id].Plural() && !t.Plural() {
			out = append(out, fmt.Sprintf("%s: %s has one form, English has plural forms", lang, id))
		}
		if t.Plural() && !en[id].Plural() && !slices.Contains(en[id].Placeholders(), "n") {
			out = append(out, fmt.Sprintf("%s: %s has plural forms but no number {{.n}} to pick one", lang, id))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(tr)) {
		if _, ok := en[id]; !ok {
			out = append(out, fmt.Sprintf("%s: %s is not in English", lang, id))
		}
	}
	return append(out, Plurals(lang, tr)...)
}

// Plurals lists the entries of a file in lang whose plural forms are not
// exactly lang's CLDR categories: a form the language never picks, or one
// it picks that is missing (French needs "many" for a million).
func Plurals(lang string, f File) []string {
	want := PluralForms(lang)
	var out []string
	for _, id := range slices.Sorted(maps.Keys(f)) {
		if !f[id].Plural() {
			continue
		}
		if got := slices.Sorted(maps.Keys(f[id])); !slices.Equal(got, want) {
			out = append(out, fmt.Sprintf("%s: %s has plural forms %v, the language's are %v", lang, id, got, want))
		}
	}
	return out
}

var (
	formsMu sync.Mutex
	forms   = map[string][]string{}
)

// PluralForms are the CLDR plural categories lang picks from, sorted, as
// the catalogue's own library picks them at run time: found by wording a
// message with every category for numbers that reach each one.
func PluralForms(lang string) []string {
	formsMu.Lock()
	defer formsMu.Unlock()
	if f, ok := forms[lang]; ok {
		return f
	}
	tag := language.Make(lang)
	b := i18n.NewBundle(tag)
	probe := &i18n.Message{ID: "probe", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	if err := b.AddMessages(tag, probe); err != nil {
		panic(err) // a fixed message
	}
	loc := i18n.NewLocalizer(b, lang)
	counts := []any{"0.5", "1.5", "2.5", "1000000", "2000000", "1000000.5"}
	for n := range 1001 {
		counts = append(counts, n)
	}
	seen := map[string]bool{}
	for _, n := range counts {
		if s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "probe", PluralCount: n}); err == nil {
			seen[s] = true
		}
	}
	forms[lang] = slices.Sorted(maps.Keys(seen))
	return forms[lang]
}

package words_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"topsecret/web/words"
)

func TestCompare(t *testing.T) {
	t.Parallel()
	en := words.File{
		"toy.took":  {"other": "{{.who}} took the {{.card}}."},
		"toy.cards": {"one": "{{.n}} card", "other": "{{.n}} cards"},
		"toy.title": {"other": "Top secret"},
	}
	tests := []struct {
		name string
		lang string
		tr   words.File
		want []string // a fragment of each problem, in order; none for OK
	}{
		{"OK", "de", words.File{
			"toy.took":  {"other": "{{.who}} nahm die {{.card}}."},
			"toy.cards": {"one": "{{.n}} Karte", "other": "{{.n}} Karten"},
			"toy.title": {"other": "Streng geheim"},
		}, nil},
		{"OKFrenchWithMany", "fr", words.File{
			"toy.took":  {"other": "{{.who}} a pris {{.card}}."},
			"toy.cards": {"one": "{{.n}} carte", "many": "{{.n}} de cartes", "other": "{{.n}} cartes"},
			"toy.title": {"other": "Top secret"},
		}, nil},
		{"ErrMissing", "sv", words.File{
			"toy.took":  {"other": "{{.who}} tog {{.card}}."},
			"toy.cards": {"one": "{{.n}} kort", "other": "{{.n}} kort"},
		}, []string{"toy.title is missing"}},
		{"ErrNotInEnglish", "nl", words.File{
			"toy.took":  {"other": "{{.who}} nam de {{.card}}."},
			"toy.cards": {"one": "{{.n}} kaart", "other": "{{.n}} kaarten"},
			"toy.title": {"other": "Topgeheim"},
			"toy.extra": {"other": "Extra"},
		}, []string{"toy.extra is not in English"}},
		{"ErrPlaceholders", "it", words.File{
			"toy.took":  {"other": "{{.chi}} ha preso {{.card}}."},
			"toy.cards": {"one": "{{.n}} carta", "many": "{{.n}} di carte", "other": "{{.n}} carte"},
			"toy.title": {"other": "Top secret"},
		}, []string{"toy.took uses placeholders [card chi], English [card who]"}},
		{"ErrFormTheLanguageLacks", "de", words.File{
			"toy.took":  {"other": "{{.who}} nahm die {{.card}}."},
			"toy.cards": {"one": "{{.n}} Karte", "few": "{{.n}} Karten", "other": "{{.n}} Karten"},
			"toy.title": {"other": "Streng geheim"},
		}, []string{"toy.cards has plural forms [few one other], the language's are [one other]"}},
		{"ErrFormTheLanguageNeeds", "fr", words.File{
			"toy.took":  {"other": "{{.who}} a pris {{.card}}."},
			"toy.cards": {"one": "{{.n}} carte", "other": "{{.n}} cartes"},
			"toy.title": {"other": "Top secret"},
		}, []string{"toy.cards has plural forms [one other], the language's are [many one other]"}},
		{"ErrNoPluralForms", "de", words.File{
			"toy.took":  {"other": "{{.who}} nahm die {{.card}}."},
			"toy.cards": {"other": "{{.n}} Karten"},
			"toy.title": {"other": "Streng geheim"},
		}, []string{"toy.cards has one form, English has plural forms"}},
		{"ErrPluralWithoutNumber", "de", words.File{
			"toy.took":  {"other": "{{.who}} nahm die {{.card}}."},
			"toy.cards": {"one": "{{.n}} Karte", "other": "{{.n}} Karten"},
			"toy.title": {"one": "Streng geheim", "other": "Streng geheim"},
		}, []string{"toy.title has plural forms but no number"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := words.Compare(tt.lang, en, tt.tr)
			if len(got) != len(tt.want) {
				t.Fatalf("Compare=%q, want %d problems like %q", got, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("problem %d=%q, want it to say %q", i, got[i], w)
				}
			}
		})
	}
}

func TestPluralForms(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string][]string{
		"en": {"one", "other"}, "de": {"one", "other"}, "nl": {"one", "other"}, "sv": {"one", "other"},
		"fr": {"many", "one", "other"}, "it": {"many", "one", "other"}, "pl": {"few", "many", "one", "other"},
	} {
		if got := words.PluralForms(lang); !slices.Equal(got, want) {
			t.Errorf("PluralForms(%s)=%v, want %v", lang, got, want)
		}
	}
}

func TestFiles(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"m/en.json":       {Data: []byte(`{"a.b": "A", "a.n": {"one": "{{.n}} x", "other": "{{.n}} xs"}}`)},
		"m/de.json":       {Data: []byte(`{"a.b": "A"}`)},
		"m/lobby.en.json": {Data: []byte(`{"a.info.name": "Name"}`)},
	}
	got, err := words.Files(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(got[""]["en"]) != 2 || len(got[""]["de"]) != 1 || len(got["lobby"]["en"]) != 1 || len(got) != 2 {
		t.Fatalf("Files=%v, want stems \"\" (en, de) and lobby (en)", got)
	}
	if e := got[""]["en"]["a.n"]; !e.Plural() || e["one"] != "{{.n}} x" {
		t.Fatalf("plural entry=%v", e)
	}
}

package words

import (
	"testing"

	"topsecret/internal/game"
)

func TestAgree_NamesMeetTheirWords(t *testing.T) {
	for _, tc := range []struct {
		name, lang, in string
		values         []string
		want           string
	}{
		{"French elides de before a vowel", "fr", "le téléphone de Emma", []string{"Emma"}, "le téléphone d’Emma"},
		{"French elides before an accented vowel", "fr", "la main de Élodie", []string{"Élodie"}, "la main d’Élodie"},
		{"French keeps de before a consonant", "fr", "la main de Louis", []string{"Louis"}, "la main de Louis"},
		{"French keeps de before h", "fr", "la main de Hélène", []string{"Hélène"}, "la main de Hélène"},
		{"French keeps de before y", "fr", "la main de Yann", []string{"Yann"}, "la main de Yann"},
		{"French De at the start", "fr", "De Ada à Bix", []string{"Ada", "Bix"}, "D’Ada à Bix"},
		{"French leaves a word ending in de", "fr", "monde Ada", []string{"Ada"}, "monde Ada"},
		{"French elides before a place", "fr", "les agents de Anchorage", []string{"Anchorage"}, "les agents d’Anchorage"},
		{"Swedish drops the s after x", "sv", "Bixs telefon", []string{"Bix"}, "Bix telefon"},
		{"Swedish drops the s after s", "sv", "Lars plats och Larss plats", []string{"Lars"}, "Lars plats och Lars plats"},
		{"Swedish drops the s after z", "sv", "Fritzs tur", []string{"Fritz"}, "Fritz tur"},
		{"Swedish keeps Annas", "sv", "Annas plats", []string{"Anna"}, "Annas plats"},
		{"Swedish keeps a longer word", "sv", "Maxsson spelar", []string{"Max"}, "Maxsson spelar"},
		{"English untouched", "en", "Max's phone, de Emma", []string{"Max", "Emma"}, "Max's phone, de Emma"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := agree(tc.lang, tc.in, tc.values); got != tc.want {
				t.Fatalf("agree(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// The catalogue's own sentences come out mended for a reader.
func TestSay_MendsNamesInTheCatalogue(t *testing.T) {
	c := New()
	for _, tc := range []struct {
		lang  string
		names []string
		want  string
	}{
		{"fr", []string{"Emma"}, "le téléphone d’Emma"},
		{"sv", []string{"Bix"}, "Bix telefon"},
		{"sv", []string{"Anna"}, "Annas telefon"},
	} {
		got := c.Reader(tc.lang, tc.names).Say(game.M("game.page.replay.as_phone", game.P("name", 0)))
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
}

// The replay's line under each step names whose eyes it shows. German
// reads it as a label ("Sicht: Tischbildschirm"), not "Gesehen von dem
// Tischbildschirm", which a German reader stumbles over.
func TestSay_ReplayEyesReadInGerman(t *testing.T) {
	r := New().Reader("de", []string{"Åsa"})
	for _, tc := range []struct {
		who  game.Msg
		want string
	}{
		{game.M("game.page.replay.as_all"), "Sicht: alle, jede Karte offen"},
		{game.M("game.page.replay.as_table"), "Sicht: Tischbildschirm"},
		{game.M("game.page.replay.as_phone", game.P("name", 0)), "Sicht: Handy von Åsa"},
	} {
		if got := r.Say(game.M("game.page.replay.as_seen", game.X("who", r.Say(tc.who)))); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}

package words_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"topsecret/internal/game"
	"topsecret/web/words"
)

func catalog(t *testing.T) *words.Catalog {
	t.Helper()
	c := words.New()
	fsys := fstest.MapFS{"m/en.json": {Data: []byte(`{
		"toy.event.roll": "{{.who}} rolled {{.a}} and {{.b}}.",
		"toy.event.secrets": {"one": "{{.who}} has {{.n}} secret.", "other": "{{.who}} has {{.n}} secrets."},
		"toy.event.took": "{{.who}} took the {{.card}}.",
		"toy.card.doc": "document worth {{.n}}",
		"toy.event.met": "{{.who}} met {{.others}}.",
		"toy.event.score": "Score: {{.n}}"
	}`)}}
	if err := c.Load(fsys, "m"); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestReader_Say(t *testing.T) {
	r := catalog(t).Reader("en", []string{"Ann", "Bob", "Cy"})
	tests := []struct {
		name string
		msg  game.Msg
		want string
	}{
		{"OK", game.M("toy.event.roll", game.P("who", 1), game.N("a", 2), game.N("b", 0)), "Bob rolled 2 and 0."},
		{"PluralOne", game.M("toy.event.secrets", game.P("who", 0), game.N("n", 1)), "Ann has 1 secret."},
		{"PluralOther", game.M("toy.event.secrets", game.P("who", 0), game.N("n", 3)), "Ann has 3 secrets."},
		{"Term", game.M("toy.event.took", game.P("who", 2), game.T("card", "toy.card.doc", game.N("n", 15))), "Cy took the document worth 15."},
		{"List", game.M("toy.event.met", game.P("who", 0), game.PS("others", []game.Seat{1, 2})), "Ann met Bob and Cy."},
		{"ListOfThree", game.M("toy.event.met", game.P("who", 0), game.PS("others", []game.Seat{1, 2, 0})), "Ann met Bob, Cy and Ann."},
		{"UnknownSeat", game.M("toy.event.took", game.P("who", 7), game.T("card", "toy.card.doc", game.N("n", 5))), "Seat 8 took the document worth 5."},
		{"Platform", game.Over().Msg, "The match is over."},
		{"NumberWithoutPlurals", game.M("toy.event.score", game.N("n", 1)), "Score: 1"},
		{"Legacy", mustMsg(t, `"{p1} wins with 1 card."`), "Bob wins with 1 card."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Say(tt.msg); got != tt.want {
				t.Fatalf("Say=%q, want %q", got, tt.want)
			}
		})
	}
}

func TestReader_SayMissing(t *testing.T) {
	c := catalog(t)
	r := c.Reader("en", nil)
	if got := r.Say(game.M("toy.nope")); got != "toy.nope" {
		t.Fatalf("Say=%q, want the id", got)
	}
	if got := c.Missing(); len(got) != 1 || got[0] != "toy.nope" {
		t.Fatalf("Missing=%v", got)
	}
}

func TestReader_FallsBackToEnglish(t *testing.T) {
	r := catalog(t).Reader("sv", []string{"Ann"})
	if got := r.Say(game.M("toy.event.secrets", game.P("who", 0), game.N("n", 2))); got != "Ann has 2 secrets." {
		t.Fatalf("Say=%q", got)
	}
}

func TestMsg_RoundTrip(t *testing.T) {
	m := game.M("toy.event.took", game.P("who", 0), game.T("card", "toy.card.doc", game.N("n", 15)), game.PS("s", []game.Seat{0, 2}))
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back game.Msg
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	r := catalog(t).Reader("en", []string{"Ann", "Bob"})
	if r.Say(back) != r.Say(m) {
		t.Fatalf("round trip %s says %q, want %q", b, r.Say(back), r.Say(m))
	}
}

func mustMsg(t *testing.T, s string) game.Msg {
	t.Helper()
	var m game.Msg
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A game not yet translated reads in English for a German reader (the
// platform speaks German, the game does not yet), plural forms and all,
// and nothing counts as missing.
func TestReader_UntranslatedGameFallsBackToEnglish(t *testing.T) {
	c := catalog(t)
	fsys := fstest.MapFS{"m/de.json": {Data: []byte(`{"toy.event.took": "{{.who}} nahm {{.card}}."}`)}}
	if err := c.Load(fsys, "m"); err != nil {
		t.Fatal(err)
	}
	r := c.Reader("de", []string{"Ann"})
	tests := []struct {
		name string
		msg  game.Msg
		want string
	}{
		{"Translated", game.M("toy.event.took", game.P("who", 0), game.T("card", "toy.card.doc", game.N("n", 5))), "Ann nahm document worth 5."},
		{"PluralOne", game.M("toy.event.secrets", game.P("who", 0), game.N("n", 1)), "Ann has 1 secret."},
		{"PluralOther", game.M("toy.event.secrets", game.P("who", 0), game.N("n", 2)), "Ann has 2 secrets."},
		{"Platform", game.Over().Msg, "Die Partie ist vorbei."},
	}
	for _, tt := range tests {
		if got := r.Say(tt.msg); got != tt.want {
			t.Errorf("%s: Say=%q, want %q", tt.name, got, tt.want)
		}
	}
	if m := c.Missing(); len(m) != 0 {
		t.Fatalf("Missing=%v, want none: English covers them", m)
	}
}

// Words are remembered per reader: the same reader gets the same words
// again, and a reader with another language or other names never gets
// another reader's words.
func TestReader_RemembersWordsPerReader(t *testing.T) {
	c := words.New()
	m := game.M("game.replay.seat_moved", game.P("who", 1))
	for _, tc := range []struct {
		lang  string
		names []string
		want  string
	}{
		{"en", []string{"Ann", "Bob"}, "Bob made a move."},
		{"en", []string{"Ann", "Bix"}, "Bix made a move."},
		{"en", []string{"Ann Bo", "b"}, "b made a move."},
		{"en", []string{"Ann", "Bob"}, "Bob made a move."},
	} {
		for try := range 2 {
			if got := c.Reader(tc.lang, tc.names).Say(m); got != tc.want {
				t.Fatalf("%s %q, try %d: %q, want %q", tc.lang, tc.names, try+1, got, tc.want)
			}
		}
	}
	en := c.Reader("en", []string{"Ann", "Bob"}).Say(m)
	if de := c.Reader("de", []string{"Ann", "Bob"}).Say(m); de == en || !strings.Contains(de, "Bob") {
		t.Fatalf("German reads %q beside English %q", de, en)
	}
}

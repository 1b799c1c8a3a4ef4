package kit_test

import (
	"bytes"
	"context"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/game"
	"topsecret/web/kit"
	"topsecret/web/words"
)

func sentenceContext(t *testing.T) kit.Context {
	t.Helper()
	c := words.New()
	fsys := fstest.MapFS{"m/en.json": {Data: []byte(`{
		"toy.ui.drawing": "{{.who}} is drawing…",
		"toy.ui.claims": "{{.claimant}} claims {{.contact}} @ {{.place}}",
		"toy.ui.turn": "Now: {{.who}}"
	}`)}}
	if err := c.Load(fsys, "m"); err != nil {
		t.Fatal(err)
	}
	return kit.Context{Words: c.Reader("en", []string{"Ann", "Bob"})}
}

func TestContext_Pieces(t *testing.T) {
	t.Parallel()
	c := sentenceContext(t)
	tests := []struct {
		name  string
		id    string
		apart map[string]string
		args  []game.Arg
		want  []kit.Piece
	}{
		{"OK", "toy.ui.drawing", map[string]string{"who": "Ann"}, nil,
			[]kit.Piece{{Text: "Ann", Arg: "who"}, {Text: " is drawing…"}}},
		{"TwoApartOneWorded", "toy.ui.claims", map[string]string{"claimant": "Ann", "contact": "Bob"},
			[]game.Arg{game.X("place", "Kiosk")},
			[]kit.Piece{{Text: "Ann", Arg: "claimant"}, {Text: " claims "}, {Text: "Bob", Arg: "contact"}, {Text: " @ Kiosk"}}},
		{"AtTheEnd", "toy.ui.turn", map[string]string{"who": "Bob"}, nil,
			[]kit.Piece{{Text: "Now: "}, {Text: "Bob", Arg: "who"}}},
		{"ErrMissing", "toy.ui.nope", map[string]string{"who": "Bob"}, nil,
			[]kit.Piece{{Text: "toy.ui.nope"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, c.Pieces(tt.id, tt.apart, tt.args...)); diff != "" {
				t.Fatalf("Pieces (-want +got):\n%s", diff)
			}
		})
	}
}

func TestContext_Strong(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	c := sentenceContext(t)
	if err := c.Strong("toy.ui.drawing", map[string]string{"who": "<Ann>"}).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "<strong>&lt;Ann&gt;</strong> is drawing…"; got != want {
		t.Fatalf("Strong=%q, want %q", got, want)
	}
}

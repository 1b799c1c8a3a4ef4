package words_test

import (
	"context"
	"testing"

	"topsecret/web/words"
)

func TestMatch(t *testing.T) {
	t.Parallel()
	tests := []struct{ header, want string }{
		{"de-DE,de;q=0.9,en;q=0.8", "de"},
		{"de-CH", "de"},
		{"fr-CA, en;q=0.5", "fr"},
		{"sv", "sv"},
		{"nl-BE,nl", "nl"},
		{"it-IT", "it"},
		{"ja, en;q=0.3", "en"},
		{"ja", ""},
		{"", ""},
		{"*", ""},
		{"garbage;;;q=x", ""},
	}
	for _, tt := range tests {
		if got := words.Match(tt.header); got != tt.want {
			t.Errorf("Match(%q)=%q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestKnown(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"de": "de", "SV": "sv", " fr ": "fr", "de-CH": "", "xx": "", "": "", "en": "en"} {
		if got := words.Known(in); got != want {
			t.Errorf("Known(%q)=%q, want %q", in, got, want)
		}
	}
}

func TestLanguageOf(t *testing.T) {
	t.Parallel()
	if got := words.LanguageOf(context.Background()); got != words.Fallback {
		t.Fatalf("LanguageOf(empty)=%q, want English", got)
	}
	if got := words.LanguageOf(words.WithLanguage(context.Background(), "it")); got != "it" {
		t.Fatalf("LanguageOf=%q, want it", got)
	}
}

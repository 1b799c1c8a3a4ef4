package room

import (
	"strings"
	"testing"
)

func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		c := NewCode()
		if !ValidCode(c) {
			t.Fatalf("NewCode() = %q is not valid", c)
		}
		if seen[c] {
			t.Fatalf("NewCode() repeated %q within 2000 draws", c)
		}
		seen[c] = true
	}
}

func TestNormalizeCode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"acd-efg", "ACDEFG"}, {" ACD EFG ", "ACDEFG"}, {"acdefg", "ACDEFG"},
	}
	for _, tt := range tests {
		if got := NormalizeCode(tt.in); got != tt.want {
			t.Errorf("NormalizeCode(%q)=%q, want %q", tt.in, got, tt.want)
		}
	}
	for _, bad := range []string{"", "ACDEF", "ACDEFGH", "ABCDEF", "ACDEF0", "acdefg"} {
		if ValidCode(bad) {
			t.Errorf("ValidCode(%q) = true", bad)
		}
	}
}

func TestCleanName(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"  Ann  ", "Ann", true},
		{"Mary   Jane", "Mary Jane", true},
		{"", "", false},
		{"\t\n", "", false},
		{"a\x00b", "", false},
		{"Aaaaaaaaaaaaaaaaaaaaaaaaa", "", false},
		{"Zoë", "Zoë", true},
		// Names count what a person sees: joined emoji are one character each.
		{"🕵️‍♀️", "🕵️‍♀️", true},
		{"👩‍🚀 Ann", "👩‍🚀 Ann", true},
		{"❤️", "❤️", true},
		{"🇫🇷 Marie", "🇫🇷 Marie", true},
		{"👍🏽👍🏿", "👍🏽👍🏿", true},
		{strings.Repeat("👨‍👩‍👧‍👦", 8), strings.Repeat("👨‍👩‍👧‍👦", 8), true},
		{strings.Repeat("👩‍🚀", 20), strings.Repeat("👩‍🚀", 20), true},
		{strings.Repeat("👩‍🚀", 21), "", false},
		// What a name weighs is bounded too: nine families are nine
		// characters but 225 bytes.
		{strings.Repeat("👨‍👩‍👧‍👦", 9), "", false},
		// A joiner joins emoji only, and a letter carries a few accents.
		{"W\u200dW", "", false},
		{"Z" + strings.Repeat("\u0301", 5), "", false},
		{"Nguyễn", "Nguyễn", true},
		{"a\xffb", "", false},
		{strings.Repeat("a", 20), strings.Repeat("a", 20), true},
		// Format characters that reorder text stay out.
		{"Ann\u202eevE", "", false},
	}
	for _, tt := range tests {
		got, err := CleanName(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("CleanName(%q) = %q, %v; want %q ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

package room

import (
	"strings"
	"testing"
)

// Codes are drawn at random: over 2,000 draws a repeat or two is the
// birthday paradox (about one run in 75 sees one among 23^6 codes), but
// more than three would mean the draw is not uniform (under one run in a
// million), and every letter of the alphabet turns up in every place.
func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	repeats := 0
	letters := make([]map[byte]bool, codeLength)
	for i := range letters {
		letters[i] = map[byte]bool{}
	}
	for i := 0; i < 2000; i++ {
		c := NewCode()
		if !ValidCode(c) {
			t.Fatalf("NewCode() = %q is not valid", c)
		}
		if seen[c] {
			repeats++
		}
		seen[c] = true
		for j := range codeLength {
			letters[j][c[j]] = true
		}
	}
	if repeats > 3 {
		t.Errorf("NewCode() repeated itself %d times in 2000 draws", repeats)
	}
	for j, l := range letters {
		if len(l) != len(codeAlphabet) {
			t.Errorf("place %d drew %d of the %d letters", j, len(l), len(codeAlphabet))
		}
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
		// Letters that draw nothing are space, and an accent typed apart
		// is kept precomposed.
		{"\u3164", "", false},
		{"Ann\u2800\u2800Lee", "Ann Lee", true},
		{"Rene\u0301", "Ren\u00e9", true},
	}
	for _, tt := range tests {
		got, err := CleanName(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("CleanName(%q) = %q, %v; want %q ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

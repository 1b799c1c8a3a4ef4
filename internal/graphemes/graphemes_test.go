package graphemes

import "testing"

// What a person sees: one character per emoji, however it is built.
func TestCount_WhatAPersonSees(t *testing.T) {
	tests := []struct {
		name, in string
		want     int
	}{
		{"empty", "", 0},
		{"letters", "Marie", 5},
		{"precomposed accent", "Zo\u00eb", 3},
		{"combining accent", "Zoe\u0308", 3},
		{"heart with variation selector", "❤️", 1},
		{"woman detective (ZWJ, gender sign, selectors)", "🕵️‍♀️", 1},
		{"woman astronaut (ZWJ)", "👩‍🚀", 1},
		{"family of four (three ZWJ)", "👨‍👩‍👧‍👦", 1},
		{"skin tone", "👍🏽", 1},
		{"flag", "🇫🇷", 1},
		{"two flags", "🇫🇷🇩🇪", 2},
		{"three regional indicators", "🇫🇷🇩", 2},
		{"subdivision flag (tags)", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", 1},
		{"name with emoji", "🕵️‍♀️ Eve", 5},
		{"hangul syllables", "한국", 2},
		{"hangul jamo", "\u1100\u1161\u11a8", 1},
		// Unicode 15.1 joins conjuncts (GB9c) into one: 3 there, 4 here.
		{"devanagari with marks", "नमस्ते", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Count(tt.in); got != tt.want {
				t.Fatalf("Count(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

// An avatar shows the whole first character: a flag, not half of it.
func TestFirst_WholeCharacter(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Marie", "M"},
		{"🇫🇷 Marie", "🇫🇷"},
		{"👩‍🚀Ann", "👩‍🚀"},
		{"e\u0301mile", "e\u0301"},
		{"👍🏽", "👍🏽"},
	}
	for _, tt := range tests {
		if got := First(tt.in); got != tt.want {
			t.Errorf("First(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

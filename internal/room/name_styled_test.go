package room

import (
	"errors"
	"testing"
)

// Styled letters, which the phones' and the TV's system fonts often draw
// as empty boxes, are refused with a word saying so (issue 27, F17); what
// those fonts draw stays, emoji included, and so do the fullwidth and
// Korean letters people type in their own script.
func TestCleanName_StyledLetters(t *testing.T) {
	tests := []struct {
		name, in string
		refused  bool
	}{
		{"Circled", "Ⓐⓓⓐ", true},
		{"ArabicLigature", "﷽", true},
		{"MathematicalBold", "𝐁𝐨𝐛", true},
		{"Script", "ℬ𝑜𝑏", true},
		{"DoubleStruck", "𝔸𝕟𝕟", true},
		{"Ligature", "ﬁona", true},
		{"CircledSupplement", "🅐nn", true},
		{"Parenthesised", "⒜nn", true},
		{"SquaredCJK", "㍿", true},
		{"Plain", "Åsa", false},
		{"Superscript", "Sam²", false},
		{"TradeMark", "Bob™", false},
		{"Fullwidth", "Ｂｏｂ", false},
		{"HangulJamo", "ㅋㅋ", false},
		{"HalfwidthKatakana", "ﾀﾛｳ", false},
		{"BloodTypeEmoji", "🅰️ Ann", false},
		{"CircledMEmoji", "Ⓜ️ax", false},
		{"InformationEmoji", "ℹ️ Ivo", false},
		{"Flag", "🇸🇪 Åsa", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := CleanName(tt.in)
			var r *Refusal
			styled := errors.As(err, &r) && r.Msg == "game.refuse.name_styled"
			if styled != tt.refused {
				t.Fatalf("CleanName(%q): %v, want refused as styled: %v", tt.in, err, tt.refused)
			}
			if !tt.refused && err != nil {
				t.Fatalf("CleanName(%q): %v", tt.in, err)
			}
		})
	}
}

package server

import (
	"encoding/json"
	"testing"
)

// The live region goes into the view message as a JSON string escaped by
// hand: whatever the HTML holds, a JSON reader must get it back intact.
func TestViewHTMLIsTheRenderedRegionAsAJSONString(t *testing.T) {
	for _, tt := range []struct{ name, html, want string }{
		{"Tags", `<p class="x">a & b</p>`, `<p class="x">a & b</p>`},
		{"QuotesAndBackslashes", `say "hi" \ bye`, `say "hi" \ bye`},
		{"ControlCharacters", "a\nb\tc\rd\x00e\x1f", "a\nb\tc\rd\x00e\x1f"},
		{"Unicode", "Zoë – 🎲", "Zoë – 🎲"},
		{"JavaScriptLineEnds", "a\u2028b\u2029c", "a\u2028b\u2029c"},
		{"InvalidUTF8", "a\xffb", "a\ufffdb"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := appendJSONText(nil, []byte(tt.html))
			var got string
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatalf("%s is not a JSON string: %v", b, err)
			}
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

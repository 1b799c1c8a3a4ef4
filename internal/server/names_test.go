package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// Names are limited by what a person sees and by what they weigh, through
// the real API: the write-up's two attacks (a chain of letters glued by
// zero-width joiners counted as one character, a letter under 4,000
// accents) are refused with a worded reason, while joined emoji, flags
// and skin tones still count one character each.
func TestAPI_NameLimits(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	family := "👨‍👩‍👧‍👦" // 7 code points, 25 bytes
	tests := []struct {
		name, in string
		status   int
		msg      string // the refusal's message id
	}{
		{"ZWJChain", strings.Repeat("W\u200d", 3000) + "W", http.StatusConflict, "game.refuse.name_joiner"},
		{"CombiningFlood", "Z" + strings.Repeat("\u0301", 4000), http.StatusConflict, "game.refuse.name_stacked"},
		{"JoinerBetweenLetters", "A\u200dB", http.StatusConflict, "game.refuse.name_joiner"},
		{"JoinerAtEnd", "Ann👩\u200d", http.StatusConflict, "game.refuse.name_joiner"},
		{"JoinerBeforeSkinTone", "👍\u200d🏽", http.StatusConflict, "game.refuse.name_joiner"},
		{"FiveAccents", "e" + strings.Repeat("\u0301", 5), http.StatusConflict, "game.refuse.name_stacked"},
		{"LongEmojiChain", strings.Repeat("👨\u200d", 6) + "👨", http.StatusConflict, "game.refuse.name_stacked"},
		{"TwentyOneLetters", strings.Repeat("a", 21), http.StatusConflict, "game.refuse.name_long"},
		{"NineFamilies", strings.Repeat(family, 9), http.StatusConflict, "game.refuse.name_heavy"},
		{"SeventeenAccented", strings.Repeat("e\u0301\u0302\u0303", 17), http.StatusConflict, "game.refuse.name_heavy"},

		{"Detective", "🕵️‍♀️ Ben 👩‍🚀", http.StatusCreated, ""},
		{"EightFamilies", strings.Repeat(family, 8), http.StatusCreated, ""},
		{"Flags", "🇫🇷🇩🇪🏴󠁧󠁢󠁳󠁣󠁴󠁿🏳️‍🌈", http.StatusCreated, ""},
		{"SkinTones", "👍🏽👍🏿 🧑🏻‍🤝‍🧑🏼 👩🏻‍❤️‍💋‍👨🏼", http.StatusCreated, ""},
		{"Accents", "Zoë Nguyễn", http.StatusCreated, ""},
		{"TwentyEmoji", strings.Repeat("👩‍🚀", 20), http.StatusCreated, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := e.mustRoom(nil)
			var out struct {
				Name string `json:"name"`
				Msg  struct {
					ID string `json:"id"`
				} `json:"msg"`
				Message string `json:"message"`
			}
			st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": tt.in}, &out)
			if st != tt.status || out.Msg.ID != tt.msg {
				t.Fatalf("join: %d %q %q, want %d %q", st, out.Msg.ID, out.Message, tt.status, tt.msg)
			}
			if tt.status != http.StatusCreated {
				if out.Message == "" || strings.Contains(out.Message, "game.refuse") {
					t.Fatalf("refusal not worded: %q", out.Message)
				}
				return
			}
			if out.Name != tt.in {
				t.Fatalf("seated as %q, want %q", out.Name, tt.in)
			}
		})
	}
}

// Joined emoji count one character each, so twenty of them fill a name
// and a twenty-first is too many.
func TestAPI_NameCountsEmojiAsOne(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, emoji := range []string{"👨‍👩‍👧‍👦", "🇫🇷", "👍🏽", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"} {
		if n := uniseg.GraphemeClusterCount(emoji); n != 1 {
			t.Fatalf("%q counts %d characters, want 1", emoji, n)
		}
		name := strings.Repeat(emoji, 3) + strings.Repeat("x", 17)
		c, _ := e.mustRoom(nil)
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": name}, nil); st != http.StatusCreated {
			t.Errorf("%s ×3 + 17 letters: %d, want 201", emoji, st)
		}
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": name + "x"}, nil); st != http.StatusConflict {
			t.Errorf("%s ×3 + 18 letters: %d, want 409", emoji, st)
		}
	}
}

// A name that looks like one already seated is taken: the lobby, the seat
// ring and the host's prompts ("I was Bob: rejoin") would show two of them.
// Before this, each of these joined a room that had Bob and René (checked),
// and a name of blank letters joined as if it were one.
func TestAPI_LookAlikeNamesAreTaken(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(nil, "Bob", "René")
	for _, tt := range []struct{ name, in, msg string }{
		{"Case", "bob", "game.refuse.name_taken"},
		{"VariationSelector", "Bob\ufe0f", "game.refuse.name_taken"},
		{"Fullwidth", "Ｂｏｂ", "game.refuse.name_taken"},
		{"MathematicalBold", "𝐁𝐨𝐛", "game.refuse.name_styled"}, // styled letters are refused first (F17)
		{"CombiningAccent", "Rene\u0301", "game.refuse.name_taken"},
		{"HangulFiller", "\u3164", "game.refuse.name_empty"},
		{"BrailleBlank", "\u2800\u2800", "game.refuse.name_empty"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out struct {
				Msg struct {
					ID string `json:"id"`
				} `json:"msg"`
			}
			if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": tt.in}, &out); st != http.StatusConflict || out.Msg.ID != tt.msg {
				t.Fatalf("join as %q: %d %q, want 409 %q", tt.in, st, out.Msg.ID, tt.msg)
			}
		})
	}
	// A name typed with a combining accent is kept in one spelling.
	var j struct {
		Name string `json:"name"`
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": "Zoe\u0308"}, &j); st != http.StatusCreated || j.Name != "Zo\u00eb" {
		t.Fatalf("join as Zoe+diaeresis: %d %q, want 201 %q", st, j.Name, "Zo\u00eb")
	}
}

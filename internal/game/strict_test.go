package game_test

import (
	"encoding/json"
	"errors"
	"testing"

	"topsecret/internal/game"
)

type strictInner struct {
	Card string `json:"card"`
}

type strictBase struct {
	Round int `json:"round"`
}

type strictData struct {
	strictBase
	Seat  int                    `json:"seat"`
	Hand  []strictInner          `json:"hand"`
	Marks map[string]strictInner `json:"marks"`
	Raw   json.RawMessage        `json:"raw"`
	Named int                    // no tag: its Go name is its key
	Skip  int                    `json:"-"`
}

// UnmarshalStrict reads JSON one way only: what encoding/json would read
// by ignoring case, by letting a later key win or by stopping after the
// first value is refused, with an error that says which.
func TestUnmarshalStrict(t *testing.T) {
	t.Parallel()
	var (
		trailing = game.ErrTrailingData
		notUTF8  = game.ErrNotUTF8
		twice    = &game.DuplicateKeyError{}
		cased    = &game.KeyCaseError{}
		other    = errors.New("any other refusal")
	)
	tests := []struct {
		name, in string
		want     error // nil: accepted
		key      string
	}{
		{"Plain", `{"seat":1,"hand":[{"card":"A"}],"marks":{"a":{"card":"B"},"A":{"card":"C"}}}`, nil, ""},
		{"Spaced", " \n{\"seat\":1}\t\r\n", nil, ""},
		{"Embedded", `{"round":2,"seat":1}`, nil, ""},
		{"GoName", `{"Named":3}`, nil, ""},
		{"EscapedKey", `{"se\u0061t":1}`, nil, ""},
		{"RawAnything", `{"raw":{"x":[1,{"y":2}]}}`, nil, ""},
		{"Null", `null`, nil, ""},

		{"TrailingText", `{"seat":1}x`, trailing, ""},
		{"TwoValues", `{"seat":1}{"seat":2}`, trailing, ""},
		{"TrailingBrace", `{"seat":1}}`, trailing, ""},
		{"TrailingNumber", `{"seat":1} 2`, trailing, ""},
		{"NotUTF8", "{\"hand\":[{\"card\":\"\xff\"}]}", notUTF8, ""},
		{"Twice", `{"seat":1,"seat":2}`, twice, "seat"},
		{"TwiceEscaped", `{"seat":1,"se\u0061t":2}`, twice, "seat"},
		{"TwiceInList", `{"hand":[{"card":"A","card":"B"}]}`, twice, "card"},
		{"TwiceInMap", `{"marks":{"a":{},"a":{}}}`, twice, "a"},
		{"TwiceInRaw", `{"raw":{"x":1,"x":2}}`, twice, "x"},
		{"Upper", `{"SEAT":1}`, cased, "SEAT"},
		{"Title", `{"Seat":1}`, cased, "Seat"},
		{"CasedInList", `{"hand":[{"Card":"A"}]}`, cased, "Card"},
		{"CasedEmbedded", `{"ROUND":1}`, cased, "ROUND"},
		{"CasedGoName", `{"named":1}`, cased, "named"},
		{"LongS", "{\"\u017feat\":1}", cased, "\u017feat"}, // ſ folds to s, for encoding/json too
		{"Unknown", `{"colour":"red"}`, other, ""},
		{"Skipped", `{"Skip":1}`, other, ""},
		{"Broken", `{"seat":`, other, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d strictData
			err := game.UnmarshalStrict([]byte(tt.in), &d)
			var dk *game.DuplicateKeyError
			var kc *game.KeyCaseError
			switch want := tt.want; {
			case want == nil:
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
			case want == trailing || want == notUTF8:
				if !errors.Is(err, want) {
					t.Fatalf("error %v, want %v", err, want)
				}
			case want == twice:
				if !errors.As(err, &dk) || dk.Key != tt.key {
					t.Fatalf("error %v, want key %q given twice", err, tt.key)
				}
			case want == cased:
				if !errors.As(err, &kc) || kc.Key != tt.key {
					t.Fatalf("error %v, want key %q spelled otherwise", err, tt.key)
				}
			default:
				if err == nil || errors.As(err, &dk) || errors.As(err, &kc) || errors.Is(err, trailing) {
					t.Fatalf("error %v, want the decoder's own refusal", err)
				}
			}
		})
	}
}

// An action's data is decoded strictly, so a game refuses what the log
// could store in a second spelling as malformed.
func TestActionDecode_Strict(t *testing.T) {
	t.Parallel()
	for _, data := range []string{`{"SEAT":1}`, `{"seat":1,"seat":2}`, `{"seat":1}{}`} {
		var v struct {
			Seat int `json:"seat"`
		}
		err := game.Action{Type: "set_focus", Data: json.RawMessage(data)}.Decode(&v)
		var re *game.RuleError
		if !errors.As(err, &re) || re.Code != game.CodeMalformed {
			t.Errorf("%s: %v, want a malformed refusal", data, err)
		}
	}
}

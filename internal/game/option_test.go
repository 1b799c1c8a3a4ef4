package game_test

import (
	"errors"
	"testing"

	"topsecret/internal/game"
)

type declared struct {
	Mode    string `json:"mode"`
	Length  int    `json:"length"`
	Seat    int    `json:"seat"`
	LimitMs int    `json:"limitMs"`
	Peek    bool   `json:"peek"`
}

var declaration = []game.Option{
	{Key: "mode", Kind: "choice", Choices: []game.Choice{{Value: "table"}, {Value: "remote"}}},
	{Key: "length", Kind: "choice", Choices: []game.Choice{{Value: 0}, {Value: 2}}},
	{Key: "seat", Kind: "int", Min: -1, Max: 3},
	{Key: "limitMs", Kind: "int", Least: 15000, Max: 60000, Unit: "ms"},
	{Key: "peek", Kind: "bool"},
}

// A setting is refused when its declaration does not allow it, naming the
// option and the range or the value in the host's words; what the lobby
// form allows passes.
func TestCheckOptions(t *testing.T) {
	t.Parallel()
	ok := declared{Mode: "table", Length: 2, Seat: -1, LimitMs: 15000}
	for _, c := range []struct {
		name string
		edit func(*declared)
		key  string
		id   string
	}{
		{"the defaults", func(*declared) {}, "", ""},
		{"the top of a range", func(d *declared) { d.Seat, d.LimitMs = 3, 60000 }, "", ""},
		{"a limit switched off", func(d *declared) { d.LimitMs = 0 }, "", ""},
		{"another choice", func(d *declared) { d.Mode, d.Length = "remote", 0 }, "", ""},
		{"a word none of the choices has", func(d *declared) { d.Mode = "moon" }, "mode", "game.option.choice"},
		{"a number none of the choices has", func(d *declared) { d.Length = 1 }, "length", "game.option.choice"},
		{"below the range", func(d *declared) { d.Seat = -2 }, "seat", "game.option.range"},
		{"above the range", func(d *declared) { d.Seat = 4 }, "seat", "game.option.range"},
		{"a limit below its least", func(d *declared) { d.LimitMs = 14999 }, "limitMs", "game.option.seconds_or_off"},
		{"a limit above its range", func(d *declared) { d.LimitMs = 60001 }, "limitMs", "game.option.seconds_or_off"},
		{"a negative limit", func(d *declared) { d.LimitMs = -1 }, "limitMs", "game.option.seconds_or_off"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := ok
			c.edit(&d)
			err := game.CheckOptions(declaration, d)
			if c.id == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var oe *game.OptionError
			if !errors.As(err, &oe) || oe.Key != c.key || oe.Msg.ID != c.id {
				t.Fatalf("got %v, want %s refused with %s", err, c.key, c.id)
			}
		})
	}
}

// ParseOptions refuses an unknown key and a setting outside its
// declaration, and fills in the defaults.
func TestParseOptions(t *testing.T) {
	t.Parallel()
	def := declared{Mode: "table", Length: 2, Seat: -1, LimitMs: 15000}
	for _, c := range []struct{ raw, key, id string }{
		{`{"nonsense":1}`, "", "game.option.unreadable"},
		{`{"seat":"two"}`, "", "game.option.unreadable"},
		{`{"seat":9}`, "seat", "game.option.range"},
	} {
		_, err := game.ParseOptions([]byte(c.raw), def, declaration)
		var oe *game.OptionError
		if !errors.As(err, &oe) || oe.Key != c.key || oe.Msg.ID != c.id {
			t.Errorf("%s: got %v, want %q refused with %s", c.raw, err, c.key, c.id)
		}
	}
	got, err := game.ParseOptions([]byte(`{"seat":2}`), def, declaration)
	if err != nil || got.Seat != 2 || got.Mode != "table" {
		t.Fatalf("got %+v, %v", got, err)
	}
}

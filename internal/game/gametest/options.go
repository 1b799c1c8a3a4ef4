package gametest

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"topsecret/internal/game"
)

// OptionBounds checks rules' lobby options against their declaration: each
// end of a range, 0 for a limit that may be off, and each choice is
// accepted; one past each end, a value none of the choices has and an
// unknown key are refused with an *game.OptionError naming the setting.
func OptionBounds(t *testing.T, rules game.Rules) {
	t.Helper()
	for _, o := range rules.Info().Options {
		var good, bad []any
		switch o.Kind {
		case "int":
			lo := o.Min
			if o.Least > 0 {
				good, lo = append(good, 0), o.Least
			}
			good = append(good, lo, o.Max)
			bad = append(bad, lo-1, o.Max+1)
		case "choice":
			for _, c := range o.Choices {
				good = append(good, c.Value)
			}
			if _, ok := o.Choices[0].Value.(string); ok {
				bad = append(bad, "nonsense")
			} else {
				bad = append(bad, 99)
			}
		}
		for _, v := range good {
			if _, err := rules.Options(setting(o.Key, v)); err != nil {
				t.Errorf("%s = %v refused: %v", o.Key, v, err)
			}
		}
		for _, v := range bad {
			refused(t, rules, setting(o.Key, v), o.Key)
		}
	}
	refused(t, rules, json.RawMessage(`{"nonsense":1}`), "")
}

func setting(key string, v any) json.RawMessage {
	b, _ := json.Marshal(map[string]any{key: v})
	return b
}

// refused checks that rules refuse raw with an OptionError for key.
func refused(t *testing.T, rules game.Rules, raw json.RawMessage, key string) {
	t.Helper()
	_, err := rules.Options(raw)
	var oe *game.OptionError
	if !errors.As(err, &oe) || oe.Key != key || oe.Msg.ID == "" {
		t.Errorf("%s: got %v, want an option error for %s", raw, err, strconv.Quote(key))
	}
}

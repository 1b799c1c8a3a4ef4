package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// OptionError is a lobby setting a game refused, as a message the host
// reads in their own language.
type OptionError struct {
	// Key is the refused option's key; empty when the settings as a whole
	// could not be read.
	Key string `json:"key,omitempty"`
	Msg Msg    `json:"msg"`
}

// Error names the option and the message id, for logs and tests.
func (e *OptionError) Error() string {
	s := "options: " + e.Msg.ID
	if e.Key != "" {
		s = "options: " + e.Key + ": " + e.Msg.ID
	}
	if d, ok := e.Msg.Arg("detail"); ok {
		s += " (" + d.Text + ")"
	}
	return s
}

// OutOfRange refuses the number given for option key of opts: it must lie
// within lo–hi. A duration (unit "ms") is said in seconds.
func OutOfRange(opts []Option, key string, lo, hi int) *OptionError {
	return outOfRange(opts, key, lo, hi, false)
}

// OutOfRangeOrOff is OutOfRange for a limit that 0 switches off.
func OutOfRangeOrOff(opts []Option, key string, lo, hi int) *OptionError {
	return outOfRange(opts, key, lo, hi, true)
}

func outOfRange(opts []Option, key string, lo, hi int, off bool) *OptionError {
	o := findOption(opts, key)
	ids := [2]string{"game.option.range", "game.option.range_or_off"}
	loA, hiA := N("lo", lo), N("hi", hi)
	if o.Unit == "ms" {
		ids = [2]string{"game.option.seconds", "game.option.seconds_or_off"}
		loA, hiA = X("lo", seconds(lo)), X("hi", seconds(hi))
	}
	id := ids[0]
	if off {
		id = ids[1]
	}
	return &OptionError{Key: key, Msg: M(id, optionName(o), loA, hiA)}
}

// NotAChoice refuses a value that none of option key's choices has.
func NotAChoice(opts []Option, key string, v string) *OptionError {
	return &OptionError{Key: key, Msg: M("game.option.choice", optionName(findOption(opts, key)), X("value", v))}
}

// unreadable refuses settings that do not decode: an unknown key, a word
// where a number belongs. The decoder's detail is shown as it is.
func unreadable(err error) *OptionError {
	return &OptionError{Msg: M("game.option.unreadable", X("detail", err.Error()))}
}

func findOption(opts []Option, key string) Option {
	for _, o := range opts {
		if o.Key == key {
			return o
		}
	}
	return Option{Key: key}
}

// optionName is the option's label as a term, or its key for an option the
// game does not describe.
func optionName(o Option) Arg {
	if o.Label == "" {
		return X("option", o.Key)
	}
	return T("option", o.Label)
}

func seconds(ms int) string { return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) }

// CheckOptions refuses the first setting of opts, a game's typed options,
// that its declaration decl does not allow: a number outside Min–Max (or
// 0 and Least–Max), a value none of the choices has. The declaration is
// what the lobby form shows, so each range is written once.
func CheckOptions(decl []Option, opts any) error {
	raw, err := json.Marshal(opts)
	if err != nil {
		return fmt.Errorf("options: %w", err)
	}
	var set map[string]json.RawMessage
	if err := json.Unmarshal(raw, &set); err != nil {
		return fmt.Errorf("options: %w", err)
	}
	for _, o := range decl {
		v, ok := set[o.Key]
		if !ok {
			return fmt.Errorf("options: %s is declared but not a setting", o.Key)
		}
		if err := o.check(decl, v); err != nil {
			return err
		}
	}
	return nil
}

// check refuses v when option o does not allow it.
func (o Option) check(decl []Option, v json.RawMessage) error {
	switch o.Kind {
	case "int":
		var n int
		if err := json.Unmarshal(v, &n); err != nil {
			return unreadable(err)
		}
		switch {
		case o.Min == 0 && o.Max == 0:
		case o.Least > 0 && n != 0 && (n < o.Least || n > o.Max):
			return OutOfRangeOrOff(decl, o.Key, o.Least, o.Max)
		case o.Least == 0 && (n < o.Min || n > o.Max):
			return OutOfRange(decl, o.Key, o.Min, o.Max)
		}
	case "choice":
		for _, c := range o.Choices {
			if b, err := json.Marshal(c.Value); err == nil && bytes.Equal(b, v) {
				return nil
			}
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			s = string(v)
		}
		return NotAChoice(decl, o.Key, s)
	}
	return nil
}

package pages

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"topsecret/internal/game"
	"topsecret/web/words"
)

// The lobby form's own words. A game's option labels, help and choices
// arrive worded (words.Reader.Game); these are the platform's.

// say words a platform message for the reader the render context names.
func say(ctx context.Context, id string, args ...game.Arg) string {
	return words.ReaderOf(ctx).Say(game.M(id, args...))
}

// defaults pairs each of a game's options with its default value, for the
// create-room form on the home page.
func defaults(info game.Info) []OptionValue {
	out := make([]OptionValue, len(info.Options))
	for i, o := range info.Options {
		out[i] = OptionValue{Option: o, Value: o.Default}
	}
	return out
}

// wireValue is how a value travels in a form field: the client parses field
// values as JSON, so numbers and booleans are written as JSON and a string is
// written raw unless raw would read back as something else.
func wireValue(v any) string {
	if s, ok := v.(string); ok {
		var probe any
		if json.Unmarshal([]byte(s), &probe) != nil {
			return s
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// sameValue compares option values that may have come through JSON (2 vs 2.0).
func sameValue(a, b any) bool { return wireValue(a) == wireValue(b) }

// number reads an option value as a float; ok is false for non-numbers.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case float64:
		return n, true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(n, 64)
		return f, err == nil
	}
	return 0, false
}

// isMS reports whether an int option is a duration shown in seconds.
func isMS(o game.Option) bool { return o.Unit == "ms" }

// shown converts a stored int option value to what the input shows.
func shown(o game.Option, v any) string {
	f, ok := number(v)
	if !ok {
		return ""
	}
	if isMS(o) {
		f /= 1000
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// bound formats a min or max for the number input; 0 with no range means none.
func bound(o game.Option, n int) string {
	if o.Min == 0 && o.Max == 0 {
		return ""
	}
	return shown(o, n)
}

// unitLabel is the suffix next to a number input.
func unitLabel(ctx context.Context, o game.Option) string {
	switch o.Unit {
	case "ms":
		return say(ctx, "game.option.unit.seconds")
	case "":
		return ""
	}
	return o.Unit
}

// optionText is an option's current value in words, for read-only display.
func optionText(ctx context.Context, ov OptionValue) string {
	o := ov.Option
	switch o.Kind {
	case "choice":
		for _, c := range o.Choices {
			if sameValue(c.Value, ov.Value) {
				return c.Label
			}
		}
	case "bool":
		if b, ok := ov.Value.(bool); ok {
			if b {
				return say(ctx, "game.option.on")
			}
			return say(ctx, "game.option.off")
		}
	case "int":
		f, ok := number(ov.Value)
		if !ok {
			break
		}
		if seatPick(o) {
			if f < 0 {
				return say(ctx, "game.option.seat.drawn")
			}
			return seatName(ctx, int(f), ov.Seats)
		}
		if isMS(o) {
			if f == 0 {
				return say(ctx, "game.option.off")
			}
			return say(ctx, "game.option.unit.seconds_short", game.X("value", strconv.FormatFloat(math.Round(f/100)/10, 'f', -1, 64)))
		}
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if o.Unit != "" {
			s += " " + o.Unit
		}
		return s
	}
	return fmt.Sprint(ov.Value)
}

// segmented reports whether a choice option fits as a row of buttons.
func segmented(o game.Option) bool {
	if len(o.Choices) > 4 {
		return false
	}
	n := 0
	for _, c := range o.Choices {
		n += len([]rune(c.Label))
	}
	return n <= 40
}

// fieldID builds a stable element id for an option input.
func fieldID(prefix string, o game.Option, suffix ...string) string {
	return strings.Join(append([]string{prefix, o.Key}, suffix...), "-")
}

// seatPick reports whether an int option names a seat, with -1 for "draw one
// at random" (wink's start player, inkognito's start seat and Ambassador).
// It is shown as a list of seats instead of a bare number.
func seatPick(o game.Option) bool {
	return o.Kind == "int" && o.Unit == "" && o.Min == -1 && o.Max >= 0 && o.Max < len(seatIDs)
}

// seatIDs name the seats counted from 1, the way players count them:
// "First seat (1)". Each language words the ordinal its own way.
var seatIDs = []string{"game.option.seat.first", "game.option.seat.second", "game.option.seat.third",
	"game.option.seat.fourth", "game.option.seat.fifth", "game.option.seat.sixth",
	"game.option.seat.seventh", "game.option.seat.eighth"}

// seatName is seat n (from 0) in words, with the name of whoever sits
// there when the lobby knows it.
func seatName(ctx context.Context, n int, names []string) string {
	if n < 0 || n >= len(seatIDs) {
		return strconv.Itoa(n + 1)
	}
	s := say(ctx, seatIDs[n])
	if n < len(names) && names[n] != "" {
		s = say(ctx, "game.option.seat.named", game.X("seat", s), game.X("name", names[n]))
	}
	return s
}

// seatChoices are the values of a seat option: random, then every seat.
func seatChoices(ctx context.Context, ov OptionValue) []game.Choice {
	out := []game.Choice{{Value: -1, Label: say(ctx, "game.option.seat.random")}}
	for n := 0; n <= ov.Option.Max; n++ {
		out = append(out, game.Choice{Value: n, Label: seatName(ctx, n, ov.Seats)})
	}
	return out
}

// remoteOnly reports whether an option only matters in wink's Remote Eyes
// mode; the forms hide it (by CSS) while the table mode is chosen.
func remoteOnly(o game.Option) bool {
	return o.Requires != nil && o.Requires.Key == "mode" && wireValue(o.Requires.Value) == "remote"
}

// applies reports whether an option matters under the current values: one
// that requires another option's value, when that value is chosen.
func applies(ov OptionValue, opts []OptionValue) bool {
	req := ov.Option.Requires
	if req == nil {
		return true
	}
	for _, other := range opts {
		if other.Option.Key == req.Key {
			return sameValue(other.Value, req.Value)
		}
	}
	return true
}

// shownOptions leaves out, for read-only display, the settings that do
// not matter under the current values.
func shownOptions(opts []OptionValue) []OptionValue {
	out := make([]OptionValue, 0, len(opts))
	for _, ov := range opts {
		if applies(ov, opts) {
			out = append(out, ov)
		}
	}
	return out
}

// splitAdvanced separates the few settings that matter first from the
// ones behind "More options".
func splitAdvanced(opts []OptionValue) (first, more []OptionValue) {
	for _, ov := range opts {
		if ov.Option.Advanced {
			more = append(more, ov)
		} else {
			first = append(first, ov)
		}
	}
	return first, more
}

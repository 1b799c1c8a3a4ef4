package pages

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
)

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
func unitLabel(o game.Option) string {
	switch o.Unit {
	case "ms":
		return "seconds"
	case "":
		return ""
	}
	return o.Unit
}

// optionText is an option's current value in words, for read-only display.
func optionText(ov OptionValue) string {
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
				return "On"
			}
			return "Off"
		}
	case "int":
		f, ok := number(ov.Value)
		if !ok {
			break
		}
		if seatPick(o) {
			if f < 0 {
				return "Drawn at random"
			}
			return seatName(int(f))
		}
		if isMS(o) {
			if f == 0 {
				return "Off"
			}
			return strconv.FormatFloat(math.Round(f/100)/10, 'f', -1, 64) + " s"
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
		n += len(c.Label)
	}
	return n <= 40
}

// hasBots reports whether a bot sits at the table.
func hasBots(seats []SeatLine) bool {
	for _, s := range seats {
		if s.Bot {
			return true
		}
	}
	return false
}

// fieldID builds a stable element id for an option input.
func fieldID(prefix string, o game.Option, suffix ...string) string {
	return strings.Join(append([]string{prefix, o.Key}, suffix...), "-")
}

var colourRE = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$`)

// seatStyle sets the seat's colour as a CSS variable, if it is a plain colour.
func seatStyle(c string) templ.SafeCSS {
	if !colourRE.MatchString(c) {
		return ""
	}
	return templ.SafeCSS("--seat:" + c + ";")
}

// postURL is a host API endpoint of room code.
func postURL(code string, parts ...string) string {
	return "/api/rooms/" + code + "/" + strings.Join(parts, "/")
}

// moveBody is the JSON body that moves a seat to position to.
func moveBody(to int) string { return fmt.Sprintf(`{"to":%d}`, to) }

// hostBody is the body of "Make host" for a seat id.
func hostBody(seatID string) string { return fmt.Sprintf(`{"seat_id":%q}`, seatID) }

// players is "4–8 players" for a game.
func players(info game.Info) string {
	if info.MinPlayers == info.MaxPlayers {
		return fmt.Sprintf("%d players", info.MinPlayers)
	}
	return fmt.Sprintf("%d–%d players", info.MinPlayers, info.MaxPlayers)
}

// seriesText describes how a room's matches add up.
func seriesText(s game.Series) string {
	if s.Target > 0 {
		return fmt.Sprintf("Series to %d %s", s.Target, s.Unit)
	}
	return "Open series, counting wins"
}

// initial is the first letter of a name, for the avatar badge.
func initial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return "?"
}

// seated counts the occupied seats.
func seated(seats []SeatLine) string { return strconv.Itoa(len(seats)) }

// recent returns the last n events.
func recent(ev []string, n int) []string {
	if len(ev) > n {
		return ev[len(ev)-n:]
	}
	return ev
}

// eventCount is how many recent events fit: more on the table screen.
func eventCount(table bool) int {
	if table {
		return 10
	}
	return 5
}

// winVerb agrees "wins" with the number of winners.
func winVerb(n int) string {
	if n == 1 {
		return "wins!"
	}
	return "win!"
}

// rematchLabel names the next match: within a series that runs to a target
// (vault's deals, inkognito's games) it carries the series on; once someone
// has taken the series, the next match starts a new one.
func rematchLabel(l Live) string {
	if l.Game.Series.Target == 0 {
		return "Rematch"
	}
	for _, s := range l.Standings {
		if s.Champion {
			return "New series"
		}
	}
	if l.Game.MatchName != "" {
		return "Next " + l.Game.MatchName
	}
	return "Next match"
}

// seatPick reports whether an int option names a seat, with -1 for "draw one
// at random" (wink's start player, inkognito's start seat and Ambassador).
// It is shown as a list of seats instead of a bare number.
func seatPick(o game.Option) bool {
	return o.Kind == "int" && o.Unit == "" && o.Min == -1 && o.Max >= 0 && o.Max < len(ordinals)
}

var ordinals = []string{"First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"}

// seatName is seat n (from 0) in words, with the number the help text uses.
func seatName(n int) string {
	if n < 0 || n >= len(ordinals) {
		return strconv.Itoa(n)
	}
	return ordinals[n] + " seat (" + strconv.Itoa(n) + ")"
}

// seatChoices are the values of a seat option: random, then every seat.
func seatChoices(o game.Option) []game.Choice {
	out := []game.Choice{{Value: -1, Label: "Draw at random"}}
	for n := 0; n <= o.Max; n++ {
		out = append(out, game.Choice{Value: n, Label: seatName(n)})
	}
	return out
}

// remoteOnly reports whether an option only matters in wink's Remote Eyes
// mode; the forms hide it while the table mode is chosen.
func remoteOnly(o game.Option) bool { return strings.HasPrefix(o.Label, "Remote:") }

// tableMode reports whether the options choose the table (not remote) mode.
func tableMode(opts []OptionValue) bool {
	for _, ov := range opts {
		if ov.Option.Key == "mode" {
			return wireValue(ov.Value) == "table"
		}
	}
	return false
}

// shownOptions leaves out, for read-only display, the settings of a mode
// that is not chosen.
func shownOptions(opts []OptionValue) []OptionValue {
	if !tableMode(opts) {
		return opts
	}
	out := make([]OptionValue, 0, len(opts))
	for _, ov := range opts {
		if !remoteOnly(ov.Option) {
			out = append(out, ov)
		}
	}
	return out
}

// splitTimers separates the timing settings (durations) from the rest, when
// a game has both; a game of timers only keeps them all in view.
func splitTimers(opts []OptionValue) (main, timers []OptionValue) {
	for _, ov := range opts {
		if isMS(ov.Option) {
			timers = append(timers, ov)
		} else {
			main = append(main, ov)
		}
	}
	if len(main) == 0 {
		return timers, nil
	}
	return main, timers
}

// namesList is "a", "a & b", "a, b & c": the winners of a result.
func namesList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " & " + xs[len(xs)-1]
}

// shortGameName drops the "Top Secret:" every game's name starts with: the
// brand beside it already says so, and a phone's top bar is narrow.
func shortGameName(name string) string {
	if before, after, ok := strings.Cut(name, ":"); ok && strings.EqualFold(strings.TrimSpace(before), "Top Secret") {
		return strings.TrimSpace(after)
	}
	return name
}

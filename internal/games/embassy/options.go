package embassy

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Options are the lobby settings of a match. The rules have no clock; the
// time limits exist for absent players and play a default when they run
// out (docs/games/embassy.md).
type Options struct {
	// TurnTimeoutMs limits rolling, moving and the blocked player's choice; 0 = no limit.
	TurnTimeoutMs int `json:"turnTimeoutMs"`
	// ChoiceTimeoutMs limits each challenge and card choice; 0 = no limit.
	ChoiceTimeoutMs int `json:"choiceTimeoutMs"`
	// RevealMs is how long a revealed or announced card stays shown (§11 revealDisplayMs, R3).
	RevealMs int `json:"revealMs"`
}

// DefaultOptions are the lobby's defaults.
func DefaultOptions() Options {
	return Options{TurnTimeoutMs: 90000, ChoiceTimeoutMs: 45000, RevealMs: 5000}
}

// Validate reports the first setting outside its range.
func (o Options) Validate() error {
	for _, c := range []struct {
		name      string
		v, lo, hi int
		off       bool
	}{
		{"turnTimeoutMs", o.TurnTimeoutMs, 10000, 600000, true},
		{"choiceTimeoutMs", o.ChoiceTimeoutMs, 5000, 300000, true},
		{"revealMs", o.RevealMs, 2000, 10000, false},
	} {
		if c.off && c.v == 0 {
			continue
		}
		if c.v < c.lo || c.v > c.hi {
			if c.off {
				return game.OutOfRangeOrOff(optionsInfo(), c.name, c.lo, c.hi)
			}
			return game.OutOfRange(optionsInfo(), c.name, c.lo, c.hi)
		}
	}
	return nil
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions())
}

func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "turnTimeoutMs", Label: "embassy.option.turn_timeout.label", Kind: "int", Default: d.TurnTimeoutMs, Min: 0, Max: 600000, Unit: "ms",
			Help: "embassy.option.turn_timeout.help"},
		{Key: "choiceTimeoutMs", Label: "embassy.option.choice_timeout.label", Kind: "int", Default: d.ChoiceTimeoutMs, Min: 0, Max: 300000, Unit: "ms",
			Help: "embassy.option.choice_timeout.help", Advanced: true},
		{Key: "revealMs", Label: "embassy.option.reveal.label", Kind: "int", Default: d.RevealMs, Min: 2000, Max: 10000, Unit: "ms",
			Help: "embassy.option.reveal.help", Advanced: true},
	}
}

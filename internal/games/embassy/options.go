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

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions(), optionsInfo())
}

// optionsInfo declares the settings and their ranges; the time limits may
// also be 0, no limit.
func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "turnTimeoutMs", Label: "embassy.option.turn_timeout.label", Kind: "int", Default: d.TurnTimeoutMs,
			Least: 10000, Max: 600000, Unit: "ms", Help: "embassy.option.turn_timeout.help"},
		{Key: "choiceTimeoutMs", Label: "embassy.option.choice_timeout.label", Kind: "int", Default: d.ChoiceTimeoutMs,
			Least: 5000, Max: 300000, Unit: "ms", Help: "embassy.option.choice_timeout.help", Advanced: true},
		{Key: "revealMs", Label: "embassy.option.reveal.label", Kind: "int", Default: d.RevealMs,
			Min: 2000, Max: 10000, Unit: "ms", Help: "embassy.option.reveal.help", Advanced: true},
	}
}

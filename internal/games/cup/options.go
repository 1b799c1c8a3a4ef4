package cup

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Options are the lobby settings of a match.
type Options struct {
	// Rounds is the number of rounds (R1): each seat hides in half of them.
	Rounds int `json:"rounds"`
	// TurnMs is how long the awaited seat has to act (R5); 0 is no timer.
	TurnMs int `json:"turnMs"`
}

// DefaultOptions are four rounds of thirty seconds a turn.
func DefaultOptions() Options { return Options{Rounds: 4, TurnMs: 30000} }

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions(), optionsInfo())
}

// optionsInfo declares the settings and their ranges; the turn limit may
// also be 0, off.
func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "rounds", Label: "cup.option.rounds.label", Help: "cup.option.rounds.help", Kind: "choice", Default: d.Rounds,
			Choices: []game.Choice{{Value: 2, Label: "cup.option.rounds.short"}, {Value: 4, Label: "cup.option.rounds.usual"}, {Value: 6, Label: "cup.option.rounds.long"}}},
		{Key: "turnMs", Label: "cup.option.turn.label", Help: "cup.option.turn.help", Kind: "int",
			Default: d.TurnMs, Least: 10000, Max: 120000, Unit: "ms", Advanced: true},
	}
}

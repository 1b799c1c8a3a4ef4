package embassy

import (
	"encoding/json"
	"fmt"

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
			return fmt.Errorf("options: %s = %d, want %d–%d", c.name, c.v, c.lo, c.hi)
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
		{Key: "turnTimeoutMs", Label: "Time per turn", Kind: "int", Default: d.TurnTimeoutMs, Min: 0, Max: 600000, Unit: "ms",
			Help: "0 = no limit; otherwise 10 s–10 min to roll and move, after which the dice are rolled or a move is made for the absent player."},
		{Key: "choiceTimeoutMs", Label: "Time per choice", Kind: "int", Default: d.ChoiceTimeoutMs, Min: 0, Max: 300000, Unit: "ms",
			Help: "0 = no limit; otherwise 5 s–5 min to challenge, guess, pick a card or place one, after which a default is played."},
		{Key: "revealMs", Label: "Reveal display", Kind: "int", Default: d.RevealMs, Min: 2000, Max: 10000, Unit: "ms",
			Help: "How long a card shown after a challenge stays on the screens. No note of it is kept: memory is the game."},
	}
}

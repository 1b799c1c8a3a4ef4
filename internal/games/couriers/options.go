package couriers

import (
	"encoding/json"
	"fmt"

	"topsecret/internal/game"
)

// Options are the lobby settings of a match: time limits only, since the
// rules have none (§10). Each limit counts from the last accepted action;
// when it runs out the referee plays a default for whoever is awaited.
type Options struct {
	// SetupTimeoutMs: hiding clues and placing suitcases; expiry hides at
	// random for everyone who has not (house ruling H6). 0 = no limit.
	SetupTimeoutMs int `json:"setupTimeoutMs"`
	// TurnTimeoutMs: each decision of a turn; expiry rolls, ends the turn,
	// picks the lower defender, leaves the loot or picks bomb victims (§10).
	TurnTimeoutMs int `json:"turnTimeoutMs"`
	// CombatCardTimeoutMs: choosing a combat card; expiry plays the lowest
	// card in hand (§10).
	CombatCardTimeoutMs int `json:"combatCardTimeoutMs"`
	// ColourShift turns the colours round the table: seat s plays the
	// colour seat s+ColourShift would play unshifted (house ruling H17).
	// The room's next match at the same table shifts by one more (Sequel),
	// so over a series every seat plays every corner; 0–3, taken modulo
	// the players. It is not a lobby choice.
	ColourShift int `json:"colourShift"`
}

// DefaultOptions are the limits a new room starts with.
func DefaultOptions() Options {
	return Options{SetupTimeoutMs: 180000, TurnTimeoutMs: 90000, CombatCardTimeoutMs: 30000}
}

// Validate refuses a colour shift outside 0–3: the one setting the lobby
// does not show. The limits are checked against their declaration.
func (o Options) Validate() error {
	if o.ColourShift < 0 || o.ColourShift >= colourCount {
		return fmt.Errorf("options: colourShift = %d, want 0–%d", o.ColourShift, colourCount-1)
	}
	return nil
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions(), optionsInfo())
}

func parseOptions(raw json.RawMessage) (Options, error) {
	return game.ParseOptions(raw, DefaultOptions(), optionsInfo())
}

// optionsInfo declares the limits (§10): each is 0 (no limit) or within its range.
func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "setupTimeoutMs", Label: "couriers.option.setup_timeout.label", Help: "couriers.option.setup_timeout.help",
			Kind: "int", Default: d.SetupTimeoutMs, Least: 30000, Max: 600000, Unit: "ms", Advanced: true},
		{Key: "turnTimeoutMs", Label: "couriers.option.turn_timeout.label", Help: "couriers.option.turn_timeout.help",
			Kind: "int", Default: d.TurnTimeoutMs, Least: 30000, Max: 300000, Unit: "ms"},
		{Key: "combatCardTimeoutMs", Label: "couriers.option.combat_timeout.label", Help: "couriers.option.combat_timeout.help",
			Kind: "int", Default: d.CombatCardTimeoutMs, Least: 10000, Max: 120000, Unit: "ms", Advanced: true},
	}
}

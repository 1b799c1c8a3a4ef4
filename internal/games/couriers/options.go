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

// limit is one option's allowed range (0 is always allowed: no limit).
type limit struct {
	key    string
	v      *int
	lo, hi int
	label  string
	help   string
	deflt  int
	// advanced limits wait behind "More options".
	advanced bool
}

func (o *Options) limits() []limit {
	d := DefaultOptions()
	return []limit{
		{key: "setupTimeoutMs", v: &o.SetupTimeoutMs, lo: 30000, hi: 600000, deflt: d.SetupTimeoutMs,
			label: "couriers.option.setup_timeout.label",
			help:  "couriers.option.setup_timeout.help", advanced: true},
		{key: "turnTimeoutMs", v: &o.TurnTimeoutMs, lo: 30000, hi: 300000, deflt: d.TurnTimeoutMs,
			label: "couriers.option.turn_timeout.label",
			help:  "couriers.option.turn_timeout.help"},
		{key: "combatCardTimeoutMs", v: &o.CombatCardTimeoutMs, lo: 10000, hi: 120000, deflt: d.CombatCardTimeoutMs,
			label: "couriers.option.combat_timeout.label",
			help:  "couriers.option.combat_timeout.help", advanced: true},
	}
}

// Validate reports the first limit outside 0 or its range (§10), or a
// colour shift outside 0–3.
func (o Options) Validate() error {
	if o.ColourShift < 0 || o.ColourShift >= colourCount {
		return fmt.Errorf("options: colourShift = %d, want 0–%d", o.ColourShift, colourCount-1)
	}
	for _, l := range o.limits() {
		if *l.v != 0 && (*l.v < l.lo || *l.v > l.hi) {
			return game.OutOfRangeOrOff(optionsInfo(), l.key, l.lo, l.hi)
		}
	}
	return nil
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions())
}

func parseOptions(raw json.RawMessage) (Options, error) {
	return game.ParseOptions(raw, DefaultOptions())
}

func optionsInfo() []game.Option {
	var o Options
	var out []game.Option
	for _, l := range o.limits() {
		out = append(out, game.Option{Key: l.key, Label: l.label, Help: l.help, Kind: "int",
			Default: l.deflt, Min: 0, Max: l.hi, Unit: "ms", Advanced: l.advanced})
	}
	return out
}

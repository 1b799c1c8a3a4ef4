package vault

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Options are the lobby settings of a match; keys are the spec's names (§4.4, R22).
type Options struct {
	// SelectTimeoutMs auto-commits a random hand card for every player who
	// has not chosen when it runs out; 0 = off (R4). On by default (H18).
	SelectTimeoutMs int `json:"selectTimeoutMs"`
	// BoomWindowMs is how long a terrorist's player has to press BOOM (R11).
	BoomWindowMs int `json:"boomWindowMs"`
	// StealWindowMs is how long the moles have for their one attempt (R7).
	StealWindowMs int `json:"stealWindowMs"`
	// SecureWindowMs is how long deciders have to bank or keep; undecided = keep (R12).
	SecureWindowMs int `json:"secureWindowMs"`
}

// DefaultOptions are the spec's defaults (§4.4, R22), except that a card
// must be chosen within a minute (house ruling H18): an absent player must
// not freeze the table, and a minute is ample to weigh fifteen cards.
func DefaultOptions() Options {
	return Options{SelectTimeoutMs: 60000, BoomWindowMs: 3000, StealWindowMs: 5000, SecureWindowMs: 8000}
}

// parseOptions decodes raw lobby options strictly over the defaults.
func parseOptions(raw json.RawMessage) (Options, error) {
	return game.ParseOptions(raw, DefaultOptions(), optionsInfo())
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions(), optionsInfo())
}

// optionsInfo declares the settings and the spec's ranges (§4.4); the
// select limit may also be 0, off.
func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "selectTimeoutMs", Label: "vault.option.select_timeout.label", Kind: "int", Default: d.SelectTimeoutMs,
			Least: 10000, Max: 120000, Unit: "ms",
			Help: "vault.option.select_timeout.help"},
		{Key: "boomWindowMs", Label: "vault.option.boom_window.label", Kind: "int", Default: d.BoomWindowMs, Min: 1500, Max: 6000, Unit: "ms",
			Help: "vault.option.boom_window.help", Advanced: true},
		{Key: "stealWindowMs", Label: "vault.option.steal_window.label", Kind: "int", Default: d.StealWindowMs, Min: 2000, Max: 10000, Unit: "ms",
			Help: "vault.option.steal_window.help", Advanced: true},
		{Key: "secureWindowMs", Label: "vault.option.secure_window.label", Kind: "int", Default: d.SecureWindowMs, Min: 3000, Max: 30000, Unit: "ms",
			Help: "vault.option.secure_window.help", Advanced: true},
	}
}

package vault

import (
	"encoding/json"
	"fmt"

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

// Validate reports the first setting outside the spec's ranges (§4.4).
func (o Options) Validate() error {
	if o.SelectTimeoutMs != 0 && (o.SelectTimeoutMs < 10000 || o.SelectTimeoutMs > 120000) {
		return fmt.Errorf("options: selectTimeoutMs = %d, want 0 (off) or 10000–120000", o.SelectTimeoutMs)
	}
	for _, c := range []struct {
		name      string
		v, lo, hi int
	}{
		{"boomWindowMs", o.BoomWindowMs, 1500, 6000},
		{"stealWindowMs", o.StealWindowMs, 2000, 10000},
		{"secureWindowMs", o.SecureWindowMs, 3000, 30000},
	} {
		if c.v < c.lo || c.v > c.hi {
			return fmt.Errorf("options: %s = %d, want %d–%d", c.name, c.v, c.lo, c.hi)
		}
	}
	return nil
}

// parseOptions decodes raw lobby options strictly over the defaults.
func parseOptions(raw json.RawMessage) (Options, error) {
	return game.ParseOptions(raw, DefaultOptions())
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions())
}

func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "selectTimeoutMs", Label: "Time to choose a card", Kind: "int", Default: d.SelectTimeoutMs,
			Min: 0, Max: 120000, Unit: "ms",
			Help: "0 = no limit; otherwise 10–120 s, after which a random card is played for anyone who has not chosen."},
		{Key: "boomWindowMs", Label: "Boom window", Kind: "int", Default: d.BoomWindowMs, Min: 1500, Max: 6000, Unit: "ms",
			Help: "A terrorist's player must press BOOM within this time or lose 50 points."},
		{Key: "stealWindowMs", Label: "Mole window", Kind: "int", Default: d.StealWindowMs, Min: 2000, Max: 10000, Unit: "ms",
			Help: "Moles grab a freshly played card within this time; first come, first served."},
		{Key: "secureWindowMs", Label: "Bank-or-keep window", Kind: "int", Default: d.SecureWindowMs, Min: 3000, Max: 30000, Unit: "ms",
			Help: "Time to bank a lone card in the safe or keep it at stake; no answer keeps it."},
	}
}

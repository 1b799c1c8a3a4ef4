package wink

import (
	"encoding/json"
	"fmt"

	"topsecret/internal/game"
)

// Modes of play (§8).
const (
	// ModeTable is the original game: everyone at one table, winks with real eyes.
	ModeTable = "table"
	// ModeRemote is the invented "Remote Eyes" variant (§8.3): focus, wink and
	// signal are engine commands.
	ModeRemote = "remote"
)

// Wink delivery in remote mode (§8.3).
const (
	// DeliveryAttention shows a wink only to players looking at the winker.
	DeliveryAttention = "attention"
	// DeliveryGuaranteed also tells the target discreetly, even if not looking.
	DeliveryGuaranteed = "guaranteed"
)

// Options are the lobby settings of a match. Keys are the spec's names.
type Options struct {
	Mode                       string `json:"mode"`
	AgentCardsRemovedPerPlayer int    `json:"agentCardsRemovedPerPlayer"`
	StartPlayer                int    `json:"startPlayer"`
	DealAutoMs                 int    `json:"dealAutoMs"`
	TurnTimeoutMs              int    `json:"turnTimeoutMs"`
	ClaimConfirmMs             int    `json:"claimConfirmMs"`
	HoldToPeek                 bool   `json:"holdToPeek"`
	FocusTravelMs              int    `json:"focusTravelMs"`
	WinkAnimMs                 int    `json:"winkAnimMs"`
	WinkCooldownMs             int    `json:"winkCooldownMs"`
	SignalCooldownMs           int    `json:"signalCooldownMs"`
	WinkDelivery               string `json:"winkDelivery"`
}

// DefaultOptions are the spec's defaults (§3.3, §4.5, §8.3).
func DefaultOptions() Options {
	return Options{
		Mode:                       ModeTable,
		AgentCardsRemovedPerPlayer: 2,
		StartPlayer:                -1,
		DealAutoMs:                 2000,
		TurnTimeoutMs:              60000,
		ClaimConfirmMs:             5000,
		HoldToPeek:                 true,
		FocusTravelMs:              300,
		WinkAnimMs:                 600,
		WinkCooldownMs:             2000,
		SignalCooldownMs:           2000,
		WinkDelivery:               DeliveryAttention,
	}
}

func inRange(name string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fmt.Errorf("options: %s = %d, want %d–%d", name, v, lo, hi)
	}
	return nil
}

// Validate reports the first setting outside the spec's ranges.
func (o Options) Validate() error {
	if o.Mode != ModeTable && o.Mode != ModeRemote {
		return fmt.Errorf("options: mode %q, want table or remote", o.Mode)
	}
	if o.WinkDelivery != DeliveryAttention && o.WinkDelivery != DeliveryGuaranteed {
		return fmt.Errorf("options: winkDelivery %q, want attention or guaranteed", o.WinkDelivery)
	}
	if o.TurnTimeoutMs != 0 {
		if err := inRange("turnTimeoutMs", o.TurnTimeoutMs, 15000, 300000); err != nil {
			return fmt.Errorf("%w (or 0 = off)", err)
		}
	}
	for _, c := range []struct {
		name      string
		v, lo, hi int
	}{
		{"agentCardsRemovedPerPlayer", o.AgentCardsRemovedPerPlayer, 0, 4},
		{"startPlayer", o.StartPlayer, -1, 7},
		{"dealAutoMs", o.DealAutoMs, 0, 10000},
		{"claimConfirmMs", o.ClaimConfirmMs, 1000, 15000},
		{"focusTravelMs", o.FocusTravelMs, 0, 3000},
		{"winkAnimMs", o.WinkAnimMs, 100, 3000},
		{"winkCooldownMs", o.WinkCooldownMs, 0, 30000},
		{"signalCooldownMs", o.SignalCooldownMs, 0, 30000},
	} {
		if err := inRange(c.name, c.v, c.lo, c.hi); err != nil {
			return err
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
		{Key: "mode", Label: "Mode", Kind: "choice", Default: d.Mode,
			Help:    "Table: everyone in one room, real winks. Remote Eyes: an invented variant for players apart.",
			Choices: []game.Choice{{Value: ModeTable, Label: "Table (one room)"}, {Value: ModeRemote, Label: "Remote Eyes (invented variant)"}}},
		{Key: "agentCardsRemovedPerPlayer", Label: "Game length", Kind: "choice", Default: d.AgentCardsRemovedPerPlayer,
			Help: "Agent cards removed unseen per player; fewer cards, shorter game.",
			Choices: []game.Choice{{Value: 0, Label: "Long (all cards)"}, {Value: 1, Label: "Longer"},
				{Value: 2, Label: "First game (recommended)"}, {Value: 3, Label: "Shorter"}, {Value: 4, Label: "Short"}}},
		{Key: "startPlayer", Label: "Start player", Kind: "int", Default: d.StartPlayer, Min: -1, Max: 7,
			Help: "The most mysterious player draws first; or let the server draw one at random."},
		{Key: "dealAutoMs", Label: "Auto-draw in the first round", Kind: "int", Default: d.DealAutoMs, Min: 0, Max: 10000, Unit: "ms"},
		{Key: "turnTimeoutMs", Label: "Turn time limit", Kind: "int", Default: d.TurnTimeoutMs, Min: 0, Max: 300000, Unit: "ms",
			Help: "0 = off, otherwise 15–300 s; on expiry the holder passes."},
		{Key: "claimConfirmMs", Label: "Contact answers within", Kind: "int", Default: d.ClaimConfirmMs, Min: 1000, Max: 15000, Unit: "ms"},
		{Key: "holdToPeek", Label: "Hold to peek at cards", Kind: "bool", Default: d.HoldToPeek},
		{Key: "focusTravelMs", Label: "Remote: eye travel time", Kind: "int", Default: d.FocusTravelMs, Min: 0, Max: 3000, Unit: "ms"},
		{Key: "winkAnimMs", Label: "Remote: wink animation", Kind: "int", Default: d.WinkAnimMs, Min: 100, Max: 3000, Unit: "ms"},
		{Key: "winkCooldownMs", Label: "Remote: wink cooldown", Kind: "int", Default: d.WinkCooldownMs, Min: 0, Max: 30000, Unit: "ms"},
		{Key: "signalCooldownMs", Label: "Remote: glance cooldown", Kind: "int", Default: d.SignalCooldownMs, Min: 0, Max: 30000, Unit: "ms"},
		{Key: "winkDelivery", Label: "Remote: wink delivery", Kind: "choice", Default: d.WinkDelivery,
			Choices: []game.Choice{{Value: DeliveryAttention, Label: "Only if looking"}, {Value: DeliveryGuaranteed, Label: "Target always notices"}}},
	}
}

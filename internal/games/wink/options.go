package wink

import (
	"encoding/json"

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

// parseOptions decodes raw lobby options strictly over the defaults.
func parseOptions(raw json.RawMessage) (Options, error) {
	return game.ParseOptions(raw, DefaultOptions(), optionsInfo())
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions(), optionsInfo())
}

// remoteMode marks the settings of the Remote Eyes mode only.
var remoteMode = &game.Requirement{Key: "mode", Value: ModeRemote}

// optionsInfo declares the settings and the spec's ranges; the turn limit
// may also be 0, off.
func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "mode", Label: "wink.option.mode.label", Kind: "choice", Default: d.Mode,
			Help:    "wink.option.mode.help",
			Choices: []game.Choice{{Value: ModeTable, Label: "wink.option.mode.table"}, {Value: ModeRemote, Label: "wink.option.mode.remote"}}},
		{Key: "agentCardsRemovedPerPlayer", Label: "wink.option.length.label", Kind: "choice", Default: d.AgentCardsRemovedPerPlayer,
			Help: "wink.option.length.help",
			Choices: []game.Choice{{Value: 0, Label: "wink.option.length.long"}, {Value: 1, Label: "wink.option.length.longer"},
				{Value: 2, Label: "wink.option.length.first"}, {Value: 3, Label: "wink.option.length.shorter"}, {Value: 4, Label: "wink.option.length.short"}}},
		{Key: "startPlayer", Label: "wink.option.start_player.label", Kind: "int", Default: d.StartPlayer, Min: -1, Max: 7,
			Help: "wink.option.start_player.help", Advanced: true},
		{Key: "dealAutoMs", Label: "wink.option.deal_auto.label", Kind: "int", Default: d.DealAutoMs, Min: 0, Max: 10000, Unit: "ms",
			Help: "wink.option.deal_auto.help", Advanced: true},
		{Key: "turnTimeoutMs", Label: "wink.option.turn_timeout.label", Kind: "int", Default: d.TurnTimeoutMs, Least: 15000, Max: 300000, Unit: "ms",
			Help: "wink.option.turn_timeout.help", Advanced: true},
		{Key: "claimConfirmMs", Label: "wink.option.claim_confirm.label", Kind: "int", Default: d.ClaimConfirmMs, Min: 1000, Max: 15000, Unit: "ms",
			Help: "wink.option.claim_confirm.help", Advanced: true},
		{Key: "holdToPeek", Label: "wink.option.hold_to_peek.label", Kind: "bool", Default: d.HoldToPeek,
			Help: "wink.option.hold_to_peek.help", Advanced: true},
		{Key: "focusTravelMs", Label: "wink.option.focus_travel.label", Kind: "int", Default: d.FocusTravelMs, Min: 0, Max: 3000, Unit: "ms",
			Help: "wink.option.focus_travel.help", Advanced: true, Requires: remoteMode},
		{Key: "winkAnimMs", Label: "wink.option.wink_anim.label", Kind: "int", Default: d.WinkAnimMs, Min: 100, Max: 3000, Unit: "ms",
			Help: "wink.option.wink_anim.help", Advanced: true, Requires: remoteMode},
		{Key: "winkCooldownMs", Label: "wink.option.wink_cooldown.label", Kind: "int", Default: d.WinkCooldownMs, Min: 0, Max: 30000, Unit: "ms",
			Help: "wink.option.wink_cooldown.help", Advanced: true, Requires: remoteMode},
		{Key: "signalCooldownMs", Label: "wink.option.signal_cooldown.label", Kind: "int", Default: d.SignalCooldownMs, Min: 0, Max: 30000, Unit: "ms",
			Help: "wink.option.signal_cooldown.help", Advanced: true, Requires: remoteMode},
		{Key: "winkDelivery", Label: "wink.option.wink_delivery.label", Kind: "choice", Default: d.WinkDelivery,
			Help: "wink.option.wink_delivery.help", Advanced: true, Requires: remoteMode,
			Choices: []game.Choice{{Value: DeliveryAttention, Label: "wink.option.wink_delivery.attention"}, {Value: DeliveryGuaranteed, Label: "wink.option.wink_delivery.guaranteed"}}},
	}
}

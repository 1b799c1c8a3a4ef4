package inkognito

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Deduction helper levels (§9.6), the same for every player and fixed for the game.
const (
	// HelperOff shows no helper output (the default).
	HelperOff = "OFF"
	// HelperFacts shows each other agent's possible identities and fragments,
	// the certain facts and, in 4p, the ally once it is determined.
	HelperFacts = "FACTS"
	// HelperFull adds the candidate numbers and a "number determined" flag.
	HelperFull = "FULL"
)

// Options are the lobby settings of a game. The target score is fixed at 3
// (§7) and lives in Info().Series, not here.
type Options struct {
	// Helper is the deduction-helper level: OFF, FACTS or FULL (§9.6).
	Helper string `json:"helper"`
	// StartSeat is the first round's start seat among the agent seats
	// (3p: 0–3, 3 = the fictitious agent; 4p: 0–3), or -1 to draw it (R14).
	// A room that keeps a series can pass the seat left of the previous
	// game's first start seat. Not used in 5p, where the start is the agent
	// to the left of the Ambassador (R14).
	StartSeat int `json:"startSeat"`
	// Ambassador is the 5p Ambassador player's seat, or -1 to draw it (R21).
	// A room that keeps a series can rotate it clockwise. Not used in 3p/4p.
	Ambassador int `json:"ambassador"`
	// TurnTimeoutMs limits playing (5p: sealing) a location card; when it
	// runs out a random card of the hand is played (H17). 0 = no limit.
	TurnTimeoutMs int `json:"turnTimeoutMs"`
	// MeetingTimeoutMs limits the sealed meeting actions and a requested
	// agent's black card; when it runs out the late seats' defaults are
	// played (H17). 0 = no limit.
	MeetingTimeoutMs int `json:"meetingTimeoutMs"`
}

// DefaultOptions are the spec's defaults (helper off, random start and
// Ambassador) plus the time limits of H17: 45 s for a location card, 90 s
// for a meeting or a black card.
func DefaultOptions() Options {
	return Options{Helper: HelperOff, StartSeat: -1, Ambassador: -1, TurnTimeoutMs: 45000, MeetingTimeoutMs: 90000}
}

// parseOptions decodes raw lobby options strictly over the defaults.
func parseOptions(raw json.RawMessage) (Options, error) {
	return game.ParseOptions(raw, DefaultOptions(), optionsInfo())
}

// Options validates raw lobby options and returns them with every default filled in.
func (Rules) Options(raw json.RawMessage) (json.RawMessage, error) {
	return game.NormalOptions(raw, DefaultOptions(), optionsInfo())
}

// optionsInfo declares the settings and their ranges; the time limits
// (H17) may also be 0, no limit.
func optionsInfo() []game.Option {
	d := DefaultOptions()
	return []game.Option{
		{Key: "helper", Label: "inkognito.option.helper.label", Kind: "choice", Default: d.Helper,
			Help: "inkognito.option.helper.help",
			Choices: []game.Choice{{Value: HelperOff, Label: "inkognito.option.helper.off"},
				{Value: HelperFacts, Label: "inkognito.option.helper.facts"}, {Value: HelperFull, Label: "inkognito.option.helper.full"}}},
		{Key: "startSeat", Label: "inkognito.option.start_seat.label", Kind: "int", Default: d.StartSeat, Min: -1, Max: 3,
			Help: "inkognito.option.start_seat.help", Advanced: true},
		{Key: "ambassador", Label: "inkognito.option.ambassador.label", Kind: "int", Default: d.Ambassador, Min: -1, Max: 4,
			Help: "inkognito.option.ambassador.help", Advanced: true},
		{Key: "turnTimeoutMs", Label: "inkognito.option.turn_timeout.label", Kind: "int", Default: d.TurnTimeoutMs,
			Least: 15000, Max: 600000, Unit: "ms", Help: "inkognito.option.turn_timeout.help", Advanced: true},
		{Key: "meetingTimeoutMs", Label: "inkognito.option.meeting_timeout.label", Kind: "int", Default: d.MeetingTimeoutMs,
			Least: 15000, Max: 600000, Unit: "ms", Help: "inkognito.option.meeting_timeout.help", Advanced: true},
	}
}

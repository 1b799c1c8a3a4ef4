package wink

import (
	"topsecret/internal/game"
)

// Action types a player's phone sends (see docs/games/wink.md).
const (
	// ActTakeCards takes the first agent and location card in the deal round (C1).
	ActTakeCards = "take_cards"
	// ActClaim completes a mission: reveal the agent card and name a place (C2).
	ActClaim = "claim"
	// ActConfirmClaim is the contact's single truthful button (C3, R14).
	ActConfirmClaim = "confirm_claim"
	// ActSwap discards and redraws the agent card, the location card or both (C4).
	ActSwap = "swap"
	// ActPass passes the suitcase left (C5).
	ActPass = "pass"
	// ActAccuse shouts "Caught!": winker winked at target (C6).
	ActAccuse = "accuse"
	// ActSetFocus looks at another player, remote mode only (C7).
	ActSetFocus = "set_focus"
	// ActWink winks at the focused player, who must be your contact (C7, R25).
	ActWink = "wink"
	// ActSignal glances at your own location's tile (C7, R25).
	ActSignal = "signal"
)

// Action types only the System seat sends, when a timer from Next fires.
const (
	// ActDealTimeout takes the cards for the deal-round holder (C1, dealAutoMs).
	ActDealTimeout = "deal_timeout"
	// ActTurnTimeout passes for a holder who let turnTimeoutMs run out (R23).
	ActTurnTimeout = "turn_timeout"
	// ActClaimTimeout confirms a claim after claimConfirmMs (R14).
	ActClaimTimeout = "claim_timeout"
	// ActFocusArrived marks that a player's eyes reached their focus (§8.3).
	ActFocusArrived = "focus_arrived"
)

// Claim is ActClaim's data.
type Claim struct {
	Location string `json:"location"`
	Epoch    int    `json:"epoch"`
}

// Swap is ActSwap's data; Epoch is required when Agent is set.
type Swap struct {
	Agent    bool `json:"agent"`
	Location bool `json:"location"`
	Epoch    int  `json:"epoch"`
}

// Accuse is ActAccuse's data; Epoch is the winker's agentEpoch as the accuser saw it.
type Accuse struct {
	Winker int `json:"winker"`
	Target int `json:"target"`
	Epoch  int `json:"epoch"`
}

// SetFocus is ActSetFocus's data; Seat -1 looks at nobody.
type SetFocus struct {
	Seat int `json:"seat"`
}

// Timeout is the data of the deal, turn and claim timer actions: the phase
// step the timer was armed for.
type Timeout struct {
	Step int `json:"step"`
}

// FocusArrived is ActFocusArrived's data.
type FocusArrived struct {
	Seat    int `json:"seat"`
	FocusNo int `json:"focus_no"`
}

// command is one decoded action.
type command interface {
	check(m *match, s int, t int64) error
	apply(m *match, s int, t int64, r *game.Rand)
}

// system reports whether a command belongs to the System seat.
func system(typ string) bool {
	switch typ {
	case ActDealTimeout, ActTurnTimeout, ActClaimTimeout, ActFocusArrived:
		return true
	}
	return false
}

type (
	takeCards    struct{}
	confirmClaim struct{}
	pass         struct{}
	winkCmd      struct{}
	signalCmd    struct{}
	claimCmd     struct {
		loc   Location
		epoch int
	}
	dealTimeout  Timeout
	turnTimeout  Timeout
	claimTimeout Timeout
)

// decode turns an action into its command, or refuses it as unknown or malformed.
func decode(a game.Action) (command, error) {
	switch a.Type {
	case ActTakeCards:
		return takeCards{}, a.Decode(&struct{}{})
	case ActClaim:
		var d Claim
		if err := a.Decode(&d); err != nil {
			return nil, err
		}
		l, err := parseLocation(d.Location)
		if err != nil {
			return nil, game.Malformed("claim: %v", err)
		}
		return claimCmd{loc: l, epoch: d.Epoch}, nil
	case ActConfirmClaim:
		return confirmClaim{}, a.Decode(&struct{}{})
	case ActSwap:
		return decodeAs(a, Swap{})
	case ActPass:
		return pass{}, a.Decode(&struct{}{})
	case ActAccuse:
		return decodeAs(a, Accuse{Winker: -1, Target: -1})
	case ActSetFocus:
		return decodeAs(a, SetFocus{Seat: -2})
	case ActWink:
		return winkCmd{}, a.Decode(&struct{}{})
	case ActSignal:
		return signalCmd{}, a.Decode(&struct{}{})
	case ActDealTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return dealTimeout(d), err
	case ActTurnTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return turnTimeout(d), err
	case ActClaimTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return claimTimeout(d), err
	case ActFocusArrived:
		return decodeAs(a, FocusArrived{Seat: -1, FocusNo: -1})
	}
	return nil, game.Unknown(a.Type)
}

// decodeAs decodes a's data over the defaults in v.
func decodeAs[T any](a game.Action, v T) (T, error) {
	err := a.Decode(&v)
	return v, err
}

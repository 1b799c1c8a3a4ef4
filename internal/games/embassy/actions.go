package embassy

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Action types a player's phone sends (§8; reference in docs/games/embassy.md).
const (
	// ActRoll rolls both dice (AWAIT_ROLL).
	ActRoll = "roll"
	// ActMove moves the spy to one of the roll's legal destinations; the engine finds the path (§5.2).
	ActMove = "move"
	// ActChallengeMove walks next to an eligible spy and challenges it, in no-cards mode only (R20).
	ActChallengeMove = "challenge_move"
	// ActChallenge picks the spy a doubles roll challenges (R15).
	ActChallenge = "challenge"
	// ActGuess points at a slot of the challenged holder and names a secret (R16).
	ActGuess = "guess"
	// ActPenalty is the wrongly challenged player's unseen pick from the challenger's holder (R18).
	ActPenalty = "penalty"
	// ActKeep keeps the penalty card (R18).
	ActKeep = "keep"
	// ActDecline returns the penalty card to a vacant embassy (R18).
	ActDecline = "decline"
	// ActSlot puts the acquired card in an empty slot (R13).
	ActSlot = "slot"
	// ActSwap puts the fifth card in a slot; the card that was there goes back to an embassy (R14).
	ActSwap = "swap"
	// ActReject puts the fifth card back on an embassy (R14).
	ActReject = "reject"
	// ActPlace lays the card in hand face down on a vacant embassy (R14).
	ActPlace = "place"
	// ActBodyguard swaps one's own bodyguard with a blocking one, which goes home (R23).
	ActBodyguard = "bodyguard"
	// ActPass ends an immobile or blocked turn (R21, R22).
	ActPass = "pass"
)

// Action types only the System seat sends, when a timer from Next fires.
const (
	// ActTimeout plays the default for the awaited player whose time ran out.
	ActTimeout = "timeout"
	// ActHide takes a revealed card off the screens (R3).
	ActHide = "hide"
)

// Destination is ActMove's data: a location id ("row,col" or an embassy letter).
type Destination struct {
	To string `json:"to"`
}

// Approach is ActChallengeMove's data: the square to walk to and the seat to challenge.
type Approach struct {
	To     string `json:"to"`
	Target int    `json:"target"`
}

// Target is the data of ActChallenge and ActBodyguard: a seat.
type Target struct {
	Target int `json:"target"`
}

// Guess is ActGuess's data: a slot 1–4 and a set name (ATOM, PHYSICS, RADAR, ROCKET).
type Guess struct {
	Slot   int    `json:"slot"`
	Secret string `json:"secret"`
}

// SlotChoice is the data of ActPenalty, ActSlot and ActSwap: a slot 1–4.
type SlotChoice struct {
	Slot int `json:"slot"`
}

// Placement is ActPlace's data: an embassy letter A–P.
type Placement struct {
	Embassy string `json:"embassy"`
}

// Timeout is ActTimeout's data: the turn and waiting point it was armed for.
type Timeout struct {
	Turn int `json:"turn"`
	Step int `json:"step"`
}

// Hide is ActHide's data: the reveal it takes down.
type Hide struct {
	Seq int `json:"seq"`
}

// command is one decoded action.
type command interface {
	check(m *match, s int, t int64) error
	apply(m *match, s int, t int64, r *game.Rand)
}

// system reports whether an action type belongs to the System seat.
func system(typ string) bool { return typ == ActTimeout || typ == ActHide }

// decoders turn each action type's data into its command.
var decoders = map[string]func(a game.Action, n int) (command, error){
	ActRoll:          bare(rollCmd{}),
	ActKeep:          bare(keepCmd{}),
	ActDecline:       bare(declineCmd{}),
	ActReject:        bare(rejectCmd{}),
	ActPass:          bare(passCmd{}),
	ActMove:          decodeMove,
	ActChallengeMove: decodeApproach,
	ActChallenge:     decodeTarget(func(q int) command { return challengeCmd{q} }),
	ActBodyguard:     decodeTarget(func(q int) command { return bodyguardCmd{q} }),
	ActGuess:         decodeGuess,
	ActPenalty:       decodeSlot(func(n int) command { return penaltyCmd{n} }),
	ActSlot:          decodeSlot(func(n int) command { return slotCmd{n} }),
	ActSwap:          decodeSlot(func(n int) command { return swapCmd{n} }),
	ActPlace:         decodePlace,
	ActTimeout: func(a game.Action, _ int) (command, error) {
		d, err := decodeAs(a, Timeout{Step: -1})
		return timeoutCmd(d), err
	},
	ActHide: func(a game.Action, _ int) (command, error) {
		d, err := decodeAs(a, Hide{Seq: -1})
		return hideCmd(d), err
	},
}

// decode turns an action into its command, or refuses it as unknown or malformed.
func decode(a game.Action, n int) (command, error) {
	f, ok := decoders[a.Type]
	if !ok {
		return nil, game.Unknown(a.Type)
	}
	return f(a, n)
}

func bare(c command) func(game.Action, int) (command, error) {
	return func(a game.Action, _ int) (command, error) { return c, a.Decode(&struct{}{}) }
}

func decodeMove(a game.Action, _ int) (command, error) {
	d, err := decodeAs(a, Destination{})
	if err != nil {
		return nil, err
	}
	l, ok := parseLoc(d.To)
	if !ok {
		return nil, noSpot(d.To, "move")
	}
	return moveCmd{l}, nil
}

func decodeApproach(a game.Action, n int) (command, error) {
	d, err := decodeAs(a, Approach{Target: -1})
	if err != nil {
		return nil, err
	}
	l, ok := parseLoc(d.To)
	if !ok {
		return nil, noSpot(d.To, "challenge_move")
	}
	if d.Target < 0 || d.Target >= n {
		return nil, game.Malformed("challenge_move: no seat %d", d.Target)
	}
	return approachCmd{l, d.Target}, nil
}

// noSpot refuses a move to a square that is not on the board: a move with
// none says so in a player's words (the phone's confirm button sent before
// a spot was picked), one to a square that does not exist in the decoder's.
func noSpot(to, act string) *game.RuleError {
	if to == "" {
		return &game.RuleError{Code: game.CodeMalformed, Msg: game.M("embassy.refuse.no_spot")}
	}
	return game.Malformed("%s: no location %q", act, to)
}

func decodeTarget(mk func(int) command) func(game.Action, int) (command, error) {
	return func(a game.Action, n int) (command, error) {
		d, err := decodeAs(a, Target{Target: -1})
		if err != nil {
			return nil, err
		}
		if d.Target < 0 || d.Target >= n {
			return nil, game.Malformed("%s: no seat %d", a.Type, d.Target)
		}
		return mk(d.Target), nil
	}
}

func decodeSlot(mk func(int) command) func(game.Action, int) (command, error) {
	return func(a game.Action, _ int) (command, error) {
		d, err := decodeAs(a, SlotChoice{})
		if err != nil {
			return nil, err
		}
		if d.Slot < 1 || d.Slot > Slots {
			return nil, game.Malformed("%s: no slot %d", a.Type, d.Slot)
		}
		return mk(d.Slot), nil
	}
}

func decodeGuess(a game.Action, _ int) (command, error) {
	d, err := decodeAs(a, Guess{})
	if err != nil {
		return nil, err
	}
	x, ok := parseSecret(d.Secret)
	if !ok {
		return nil, game.Malformed("guess: no secret %q", d.Secret)
	}
	if d.Slot < 1 || d.Slot > Slots {
		return nil, game.Malformed("guess: no slot %d", d.Slot)
	}
	return guessCmd{d.Slot, x}, nil
}

func decodePlace(a game.Action, _ int) (command, error) {
	d, err := decodeAs(a, Placement{})
	if err != nil {
		return nil, err
	}
	e, ok := parseEmbassy(d.Embassy)
	if !ok {
		return nil, game.Malformed("place: no embassy %q", d.Embassy)
	}
	return placeCmd{e}, nil
}

// decodeAs decodes a's data over the defaults in v.
func decodeAs[T any](a game.Action, v T) (T, error) {
	err := a.Decode(&v)
	return v, err
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

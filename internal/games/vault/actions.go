package vault

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Action types a player's phone sends (see docs/games/vault.md).
const (
	// ActCommit plays one hand card face-down for this trick; final (S1, R4).
	ActCommit = "commit"
	// ActBoom is the terrorist's shout, pressed inside the Boom window (R11).
	ActBoom = "boom"
	// ActSteal is a mole's one attempt to grab a card revealed this trick (R6, R7).
	ActSteal = "steal"
	// ActNoSteal spends a mole's attempt on nothing (R7).
	ActNoSteal = "no_steal"
	// ActSecure banks a lone touched card in x1 or keeps it at stake (R12).
	ActSecure = "secure"
)

// Action types only the System seat sends, when a timer from Next fires.
const (
	// ActSelectTimeout commits a random card for everyone undecided (R4, selectTimeoutMs).
	ActSelectTimeout = "select_timeout"
	// ActBoomTimeout closes the Boom window: penalties for the silent, then the blast (R11).
	ActBoomTimeout = "boom_timeout"
	// ActStealTimeout closes the moles' window: moles that did not act steal nothing (R7).
	ActStealTimeout = "steal_timeout"
	// ActSecureTimeout closes the bank-or-keep window: undecided = keep (R12).
	ActSecureTimeout = "secure_timeout"
)

// Secure choices.
const (
	// ChoiceBank moves the lone card face-down to x1.
	ChoiceBank = "bank"
	// ChoiceKeep leaves it at stake, hoping for a pair.
	ChoiceKeep = "keep"
)

// Commit is ActCommit's data: the number of a card in your hand.
type Commit struct {
	Card int `json:"card"`
}

// Steal is ActSteal's data: the number of a face-up card revealed this trick.
type Steal struct {
	Card int `json:"card"`
}

// Secure is ActSecure's data: "bank" or "keep".
type Secure struct {
	Choice string `json:"choice"`
}

// Timeout is the data of every timer action: the trick and phase step it was armed for.
type Timeout struct {
	Trick int `json:"trick"`
	Step  int `json:"step"`
}

// command is one decoded action.
type command interface {
	check(m *match, s int, t int64) error
	apply(m *match, s int, t int64, r *game.Rand)
}

// system reports whether an action type belongs to the System seat.
func system(typ string) bool {
	switch typ {
	case ActSelectTimeout, ActBoomTimeout, ActStealTimeout, ActSecureTimeout:
		return true
	}
	return false
}

type (
	commitCmd     struct{ c card }
	boomCmd       struct{}
	stealCmd      struct{ c card }
	noStealCmd    struct{}
	secureCmd     struct{ choice int }
	selectTimeout Timeout
	boomTimeout   Timeout
	stealTimeout  Timeout
	secureTimeout Timeout
)

// decode turns an action into its command, or refuses it as unknown or malformed.
func decode(a game.Action) (command, error) {
	switch a.Type {
	case ActCommit:
		d, err := decodeAs(a, Commit{Card: -1})
		if err != nil {
			return nil, err
		}
		if !card(d.Card).valid() {
			return nil, game.Malformed("commit: card %d", d.Card)
		}
		return commitCmd{card(d.Card)}, nil
	case ActSteal:
		d, err := decodeAs(a, Steal{Card: -1})
		if err != nil {
			return nil, err
		}
		if !card(d.Card).valid() {
			return nil, game.Malformed("steal: card %d", d.Card)
		}
		return stealCmd{card(d.Card)}, nil
	case ActSecure:
		d, err := decodeAs(a, Secure{})
		if err != nil {
			return nil, err
		}
		switch d.Choice {
		case ChoiceBank:
			return secureCmd{bank}, nil
		case ChoiceKeep:
			return secureCmd{keep}, nil
		}
		return nil, game.Malformed("secure: choice %q", d.Choice)
	case ActBoom:
		return boomCmd{}, a.Decode(&struct{}{})
	case ActNoSteal:
		return noStealCmd{}, a.Decode(&struct{}{})
	case ActSelectTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return selectTimeout(d), err
	case ActBoomTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return boomTimeout(d), err
	case ActStealTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return stealTimeout(d), err
	case ActSecureTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return secureTimeout(d), err
	}
	return nil, game.Unknown(a.Type)
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

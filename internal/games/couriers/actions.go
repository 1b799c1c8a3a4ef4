package couriers

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Action types a player's phone sends (see docs/games/couriers.md).
const (
	// ActHide hides the four clue cards under suitcases A–D and places the
	// suitcases on four distinct cities, in secret and once (R9, R10).
	ActHide = "hide"
	// ActRoll rolls the two special dice (R2).
	ActRoll = "roll"
	// ActMove walks one agent, by destination or by exact path (§6.1).
	ActMove = "move"
	// ActSuitcase drops and/or picks up a suitcase where a moved agent stands (§6.2, R8).
	ActSuitcase = "suitcase"
	// ActEndTurn forfeits the steps left and passes the turn (R5).
	ActEndTurn = "end_turn"
	// ActDefender picks which of two defenders fights first (R13).
	ActDefender = "defender"
	// ActCard plays a combat card face down (R12).
	ActCard = "card"
	// ActLoot takes or leaves the suitcase the loser dropped (R15).
	ActLoot = "loot"
	// ActBombVictims names the agents a delivered bomb eliminates besides the courier (R20).
	ActBombVictims = "bomb_victims"
)

// ActTimeout is the System seat's action when a time limit runs out: it
// plays the waiting point's default (§10, options).
const ActTimeout = "timeout"

// Hide is ActHide's data: Clues maps each letter to "5", "3", "1" or
// "BOMB" (a bijection, R10); A–D are the cities of suitcases A–D, four
// distinct city ids (R9).
type Hide struct {
	Clues map[string]string `json:"clues"`
	A     string            `json:"A"`
	B     string            `json:"B"`
	C     string            `json:"C"`
	D     string            `json:"D"`
}

// Move is ActMove's data. Name either To — the engine walks the shortest
// legal route, through the Via stops in order when given — or Path, the
// exact nodes n1..nk with Ops at path indices (0 = the start). Stops and
// ops drop and pick up suitcases on the way (§6.1 item 7).
type Move struct {
	Agent string   `json:"agent"`
	To    string   `json:"to,omitempty"`
	Via   []Stop   `json:"via,omitempty"`
	Path  []string `json:"path,omitempty"`
	Ops   []Op     `json:"ops,omitempty"`
}

// Stop is a city a move by destination passes through to handle a suitcase there.
type Stop struct {
	City   string `json:"city"`
	Drop   bool   `json:"drop,omitempty"`
	Pickup string `json:"pickup,omitempty"`
}

// Op handles a suitcase at index At of an exact path (0 = the start city).
type Op struct {
	At     int    `json:"at"`
	Drop   bool   `json:"drop,omitempty"`
	Pickup string `json:"pickup,omitempty"`
}

// Handle is ActSuitcase's data: a moved agent drops its suitcase and/or
// picks one up where it stands; a drop comes first (§6.2).
type Handle struct {
	Agent  string `json:"agent"`
	Drop   bool   `json:"drop,omitempty"`
	Pickup string `json:"pickup,omitempty"`
}

// Defender is ActDefender's data: the enemy agent to fight first.
type Defender struct {
	Agent string `json:"agent"`
}

// Card is ActCard's data: a combat card value from your hand, 0–5.
type Card struct {
	Value int `json:"value"`
}

// Loot is ActLoot's data: take the loser's suitcase (putting your own down first) or leave it.
type Loot struct {
	Take bool `json:"take"`
}

// BombVictims is ActBombVictims's data: exactly k−1 of your agents other than the courier.
type BombVictims struct {
	Agents []string `json:"agents"`
}

// Timeout is ActTimeout's data: the step it was armed for, so a stale one is refused.
type Timeout struct {
	Step int `json:"step"`
}

// command is one decoded action: check never changes the match; apply
// performs a checked command.
type command interface {
	check(m *match, s int) error
	apply(m *match, s int, r *game.Rand)
}

// decode turns an action into its command, or refuses it as unknown or malformed.
func (m *match) decode(a game.Action) (command, error) {
	switch a.Type {
	case ActHide:
		d, err := decodeAs(a, Hide{})
		if err != nil {
			return nil, err
		}
		return &hideCmd{data: d}, nil
	case ActRoll:
		return rollCmd{}, a.Decode(&struct{}{})
	case ActMove:
		return m.decodeMove(a)
	case ActSuitcase:
		return m.decodeHandle(a)
	case ActEndTurn:
		return endTurnCmd{}, a.Decode(&struct{}{})
	case ActDefender:
		return m.decodeDefender(a)
	case ActCard:
		d, err := decodeAs(a, Card{Value: -1})
		if err != nil {
			return nil, err
		}
		if d.Value < 0 || d.Value > 5 {
			return nil, game.Malformed("card: value %d, want 0–5", d.Value)
		}
		return cardCmd{value: d.Value}, nil
	case ActLoot:
		d, err := decodeAs(a, Loot{})
		return lootCmd{take: d.Take}, err
	case ActBombVictims:
		return m.decodeVictims(a)
	case ActTimeout:
		d, err := decodeAs(a, Timeout{Step: -1})
		return timeoutCmd{step: d.Step, at: a.At}, err
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

package wink

import "topsecret/internal/game"

// The contract and the optional hooks this game implements, in one place:
// a renamed method fails to compile here instead of silently turning a
// feature off.
var (
	_ game.Rules       = Rules{}
	_ game.State       = (*match)(nil)
	_ game.Seater      = (*match)(nil)
	_ game.Bot         = Bot{}
	_ game.Graded      = Bot{}
	_ game.Pacer       = Bot{}
	_ game.BotPlayer   = Rules{}
	_ game.Invariant   = (*match)(nil)
	_ game.Twinner     = (*match)(nil)
	_ game.Cloner      = (*match)(nil)
	_ game.Turner      = (*match)(nil)
	_ game.Rounder     = (*match)(nil)
	_ game.Colourer    = (*match)(nil)
	_ game.Highlighter = (*match)(nil)
	_ game.Addresser   = (*match)(nil)
)

// Clone returns a deep copy that evolves exactly like the match under the
// same actions, so a replay timeline can snapshot it.
func (m *match) Clone() game.State { return m.clone() }

// Turn numbers the suitcase's stops from 1: each draw of the deal round is a
// turn, and so is each later turn until the suitcase moves on (a claim and
// its answer belong to the claimant's turn).
func (m *match) Turn() int { return m.turn }

// Round numbers the suitcase's laps from 1; round 1 is the deal round (R5).
// Every turn moves the suitcase one seat left, so a lap is n turns.
func (m *match) Round() int { return (m.turn-1)/m.n + 1 }

// SeatColours names each seat's agent colour (seat i plays colour i), the
// names the board's palette knows.
func (m *match) SeatColours() []string {
	out := make([]string, m.n)
	for i := range out {
		out[i] = Colour(i).String()
	}
	return out
}

// Seats is the number of seats of the match.
func (m *match) Seats() int { return m.n }

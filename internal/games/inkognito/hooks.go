package inkognito

import "topsecret/internal/game"

// The contract and the optional hooks this game implements, in one place:
// a renamed method fails to compile here instead of silently turning a
// feature off.
var (
	_ game.Rules     = Rules{}
	_ game.State     = (*match)(nil)
	_ game.Seater    = (*match)(nil)
	_ game.Bot       = Bot{}
	_ game.Graded    = Bot{}
	_ game.Pacer     = Bot{}
	_ game.BotPlayer = Rules{}
	_ game.Sequel    = (*match)(nil)
	_ game.Invariant = (*match)(nil)
	_ game.Twinner   = (*match)(nil)
	_ game.Cloner    = (*match)(nil)
	_ game.Rounder   = (*match)(nil)
	_ game.Reporter  = (*match)(nil)
	_ game.Colourer  = (*match)(nil)
	_ game.Addresser = (*match)(nil)
)

// Audience is whom the latest action concerned: everyone. Every action of
// inkognito changes what the table shows (an agent moved, whom the table
// awaits, a meeting's answers, the turn and its timer), and every seat's
// view holds the table's: over bot-played matches, with and without
// timers, no action left any viewer's view and moves as they were.
func (m *match) Audience() game.Audience { return game.Everyone() }

// Clone is a deep copy of the game that evolves exactly like it, for
// replay timelines' snapshots.
func (m *match) Clone() game.State { return m.clone() }

// Round is the overall round number, from 1: five rounds make a cycle
// (§5.1), and every round starts with a new start seat (R14).
func (m *match) Round() int { return m.round }

// CycleRound splits an overall round number (Round) into its cycle and its
// round within that cycle, both from 1, as the board counts them: five
// rounds make a cycle (§5.1).
func CycleRound(round int) (cycle, inCycle int) {
	return (round-1)/numSites + 1, (round-1)%numSites + 1
}

// SeatColours are the seats' public colours (H4): each agent's set colour
// (blue, yellow, green, pink in rotation order) and black for the 5p
// Ambassador. The 3p fictitious agent has no seat and so no entry.
func (m *match) SeatColours() []string {
	out := make([]string, m.n)
	for i, a := range m.agents {
		if m.isPlayer(a) {
			out[a] = colours[i]
		}
	}
	if m.isPlayer(m.amb) {
		out[m.amb] = ambColour
	}
	return out
}

// Seats is the number of seats of the match.
func (m *match) Seats() int { return m.n }

package embassy

import "topsecret/internal/game"

// The contract and the optional hooks this game implements, in one place:
// a renamed method fails to compile here instead of silently turning a
// feature off.
var (
	_ game.Rules       = Rules{}
	_ game.State       = (*match)(nil)
	_ game.Seater      = (*match)(nil)
	_ game.Bot         = Bot{}
	_ game.BotPlayer   = Rules{}
	_ game.Invariant   = (*match)(nil)
	_ game.Twinner     = (*match)(nil)
	_ game.Cloner      = (*match)(nil)
	_ game.Turner      = (*match)(nil)
	_ game.Rounder     = (*match)(nil)
	_ game.Reporter    = (*match)(nil)
	_ game.Colourer    = (*match)(nil)
	_ game.Highlighter = (*match)(nil)
	_ game.Addresser   = (*match)(nil)
)

// Audience is whom the latest action concerned: everyone. Every action of
// embassy changes what the table shows (a roll, a spy moved, a card passed
// face down, the step the table's animations count, the turn and its
// timer), and every seat's view holds the table's: over bot-played
// matches, with and without timers, no action left any viewer's view and
// moves as they were.
func (m *match) Audience() game.Audience { return game.Everyone() }

// Seats is the number of seats of the match.
func (m *match) Seats() int { return m.n }

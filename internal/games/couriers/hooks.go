package couriers

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
	_ game.Sequel      = (*match)(nil)
	_ game.Invariant   = (*match)(nil)
	_ game.Twinner     = (*match)(nil)
	_ game.Cloner      = (*match)(nil)
	_ game.Turner      = (*match)(nil)
	_ game.Rounder     = (*match)(nil)
	_ game.Reporter    = (*match)(nil)
	_ game.Colourer    = (*match)(nil)
	_ game.Highlighter = (*match)(nil)
)

// Seats is the number of seats of the match.
func (m *match) Seats() int { return m.n }

package couriers

import (
	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner.
const (
	kindSetup    = "setup"    // hiding and the reveal of the suitcases
	kindFirst    = "first"    // the first-player roll (R26)
	kindTurn     = "turn"     // a turn begins or ends
	kindRoll     = "roll"     // the dice
	kindMove     = "move"     // an agent walks
	kindSuitcase = "suitcase" // a suitcase picked up or put down
	kindFight    = "fight"    // an attack, a card chosen, the reveal, its outcome
	kindDelivery = "delivery" // a suitcase opened at an arrival base
	kindBomb     = "bomb"     // a bomb and its victims
	kindTimeout  = "timeout"  // a time limit ran out
	kindOver     = "over"     // the end of the game
	kindPrivate  = "private"  // only one seat reads it (own card, own setup)
)

// say tells everyone an event; eventSeq counts them, numbering the views'
// moments (the latest fight's reveal) for the boards' animations.
func (m *match) say(kind, id string, args ...game.Arg) {
	m.news.Say(kind, game.M(id, args...))
	m.eventSeq++
}

// tell tells seat s alone (its own card, its own setup).
func (m *match) tell(s int, id string, args ...game.Arg) {
	m.news.Tell(game.Seat(s), kindPrivate, game.M(id, args...))
}

var _ game.Opener = (*match)(nil)

// Opening is what the deal said: the secret setup begins.
func (m *match) Opening() []game.Event { return m.news.Take() }

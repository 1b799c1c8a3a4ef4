package wink

import (
	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner.
const (
	kindDeal      = "deal"       // start player named
	kindTake      = "take_cards" // a player took their first cards
	kindClaim     = "claim"      // a claim was declared (banner)
	kindReveal    = "reveal"     // the contact revealed the named place: success (banner)
	kindNotMe     = "not_me"     // the contact answered "not me" (banner)
	kindCaught    = "caught"     // a correct accusation (banner)
	kindWrong     = "wrong"      // a wrong accusation (banner)
	kindSwap      = "swap"       // a player swapped cards (banner, no card shown)
	kindPass      = "pass"       // a player passed
	kindReshuffle = "reshuffle"  // the location discard became the deck (R6a)
	kindOver      = "over"       // the game ended
	kindOwnColour = "own_colour" // private: own colour drawn and discarded (R17)
	kindQueued    = "queued"     // private: accusation queued during a claim (R12)
	kindDropped   = "dropped"    // private: queued accusation dropped
)

// log tells everyone an event. What everyone is told of changed the
// table, which every view holds: it concerns everyone.
func (m *match) log(kind, id string, args ...game.Arg) {
	m.news.TouchAll()
	m.news.Say(kind, game.M(id, args...))
}

// notify tells seat alone.
func (m *match) notify(seat int, kind, id string, args ...game.Arg) {
	m.news.Tell(game.Seat(seat), kind, game.M(id, args...))
}

var _ game.Opener = (*match)(nil)

// Opening is what the deal said: who starts.
func (m *match) Opening() []game.Event { return m.news.Take() }

// seatArg is a seat argument of a message, from the engine's int seats.
func seatArg(name string, s int) game.Arg { return game.P(name, game.Seat(s)) }

// termArg is a term argument of a message that is already a Msg (a colour, a
// place, a reason).
func termArg(name string, m game.Msg) game.Arg {
	return game.TM(name, m)
}

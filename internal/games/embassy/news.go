package embassy

import (
	"encoding/json"

	"topsecret/internal/game"
)

// Event kinds, so a client can pick an icon or a banner. No event ever
// names a card's secret: the room keeps recent events on every screen, and
// the rules allow no notes (R3). Reveals live only in the view's reveal
// moment, which a System timer takes down.
const (
	kindStart     = "start"     // the first-player rolls
	kindRoll      = "roll"      // dice rolled
	kindMove      = "move"      // a spy moved or entered an embassy; its data is the path walked
	kindCard      = "card"      // a card moved between an embassy and a holder
	kindChallenge = "challenge" // a challenge, its guess and its penalty
	kindBlocked   = "blocked"   // an immobile or blocked spy, a bodyguard swap, a pass
	kindTimeout   = "timeout"   // a time limit ran out
	kindOver      = "over"      // the game is won
)

// log tells everyone msg and returns its number among the public events,
// which keys the views' moments (a reveal, a card placed) for the boards'
// animations.
func (m *match) log(kind string, msg game.Msg) int {
	m.news.Say(kind, msg)
	m.eventSeq++
	return m.eventSeq
}

// walked tells everyone that a spy moved, with the squares it walked:
// the action names only the destination.
func (m *match) walked(kind string, msg game.Msg, path []loc) {
	ids := make([]string, len(path))
	for i, l := range path {
		ids[i] = l.String()
	}
	data, err := json.Marshal(struct {
		Path []string `json:"path"`
	}{ids})
	if err != nil {
		panic("embassy: " + err.Error()) // a list of strings always encodes
	}
	m.news.Show(kind, msg, data)
	m.eventSeq++
}

var _ game.Opener = (*match)(nil)

// Opening is what the deal said: the first-player rolls.
func (m *match) Opening() []game.Event { return m.news.Take() }

// who is the acting seat as a message argument.
func who(s int) game.Arg { return game.P("who", game.Seat(s)) }

// seatArg is another seat as a message argument.
func seatArg(name string, s int) game.Arg { return game.P(name, game.Seat(s)) }

// embassyArg names embassy e as a term.
func embassyArg(e int) game.Arg { return game.T("embassy", embassyTerm(e)) }

// slotArg is a slot number.
func slotArg(n int) game.Arg { return game.N("slot", n) }

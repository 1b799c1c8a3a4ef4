package winkboard

import (
	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/kit"
)

// table is the model of the table screen.
type table struct {
	base
}

func newTable(c kit.Context, v *wink.TableView) *table {
	return &table{base: newBase(c, v, -1)}
}

// top is the far side of the table: the first half of the seats, left to
// right; bottom continues clockwise, so it runs right to left.
func (t *table) top() []player {
	return t.Players[:(len(t.Players)+1)/2]
}

func (t *table) bottom() []player {
	rest := t.Players[(len(t.Players)+1)/2:]
	out := make([]player, 0, len(rest))
	for i := len(rest) - 1; i >= 0; i-- {
		out = append(out, rest[i])
	}
	return out
}

// timerLabel says whose clock the table's countdown is.
func (t *table) timerLabel() string {
	holder := seatArg("who", t.T.Suitcase)
	switch t.T.Timer.Kind {
	case "deal":
		return t.t("wink.ui.timer.deal", holder)
	case "claim":
		return t.t("wink.ui.timer.claim")
	}
	return t.t("wink.ui.timer.turn", holder)
}

// claimBanner is the pending claim in the claimant's words.
func (t *table) claimBanner() string {
	c := t.T.Claim
	return t.t("wink.ui.claim_banner", seatArg("claimant", c.Claimant), seatArg("contact", c.Contact),
		msgArg("place", wink.PlaceTerm(c.Location.Code)))
}

// stallLine warns how many passes remain before the no-stall end (R7).
func (t *table) stallLine() string {
	return t.t("wink.ui.stall", game.N("n", t.T.StallPassesLeft))
}

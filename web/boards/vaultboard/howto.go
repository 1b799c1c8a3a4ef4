package vaultboard

import (
	"topsecret/internal/games/vault"
	"topsecret/web/kit"
)

// howTo is the vault briefing: the safe, a trick, BOOM, the mole and the
// end of the deal, each drawn with the board's own cards.
func howTo(c kit.Context) kit.HowTo {
	b := &base{c: c, Me: -1}
	return kit.HowTo{
		Cards: []kit.HowToCard{
			{Title: "vault.ui.howto.goal.title", Picture: howtoGoal(b),
				Lines: []string{"vault.ui.howto.goal.hand", "vault.ui.howto.goal.win"}},
			{Title: "vault.ui.howto.trick.title", Picture: howtoTrick(b),
				Lines: []string{"vault.ui.howto.trick.pick", "vault.ui.howto.trick.stake", "vault.ui.howto.trick.bank"}},
			{Title: "vault.ui.howto.boom.title", Picture: howtoBoom(b),
				Lines: []string{"vault.ui.howto.boom.shout", "vault.ui.howto.boom.blast"}},
			{Title: "vault.ui.howto.mole.title", Picture: howtoMole(b),
				Lines: []string{"vault.ui.howto.mole.grab", "vault.ui.howto.mole.race"}},
			{Title: "vault.ui.howto.end.title", Picture: howtoEnd(b),
				Lines: []string{"vault.ui.howto.end.open", "vault.ui.howto.end.pairs"}},
		},
		FirstTurn: "vault.ui.howto.first_turn",
	}
}

// doc is a document card of value v in colour, for the pictures.
func doc(v int, colour string) vault.CardInfo {
	return vault.CardInfo{Code: "D" + kit.Itoa(v), Value: v, Colour: colour}
}

// piece is a henchman card (TE, MO or AG) in colour, for the pictures.
func piece(code, colour string) vault.CardInfo {
	return vault.CardInfo{Code: code, Colour: colour}
}

package couriersboard

import "topsecret/web/kit"

// howTo is the couriers briefing: hiding the clues, a turn, a fight, a
// delivery and the end, drawn with the board's own suitcases, dice and
// combat cards.
func howTo(c kit.Context) kit.HowTo {
	return kit.HowTo{
		Cards: []kit.HowToCard{
			{Title: "couriers.ui.howto.goal.title", Picture: howtoGoal(c),
				Lines: []string{"couriers.ui.howto.goal.hide", "couriers.ui.howto.goal.win"}},
			{Title: "couriers.ui.howto.turn.title", Picture: howtoTurn(),
				Lines: []string{"couriers.ui.howto.turn.roll", "couriers.ui.howto.turn.carry"}},
			{Title: "couriers.ui.howto.fight.title", Picture: howtoFight(),
				Lines: []string{"couriers.ui.howto.fight.start", "couriers.ui.howto.fight.cards", "couriers.ui.howto.fight.loser"}},
			{Title: "couriers.ui.howto.delivery.title", Picture: howtoDelivery(c),
				Lines: []string{"couriers.ui.howto.delivery.score", "couriers.ui.howto.delivery.bomb", "couriers.ui.howto.delivery.rival"}},
			{Title: "couriers.ui.howto.end.title", Picture: howtoEnd(),
				Lines: []string{"couriers.ui.howto.end.ten", "couriers.ui.howto.end.stuck"}},
		},
		FirstTurn: "couriers.ui.howto.first_turn",
	}
}

// howtoCase is suitcase letter of colour with the clue its owner reads.
func howtoCase(colour, letter, clue string) caseMark {
	return caseMark{Colour: colour, Letter: letter, Clue: clue}
}

// howtoCard is a combat card's value, as the fight draws it.
func howtoCard(v int) *int { return &v }

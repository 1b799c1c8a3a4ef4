package embassyboard

import "topsecret/web/kit"

// howTo is the embassy briefing: four of a kind, a turn, a raid, a
// challenge and the end, drawn with the board's own cards, dice and spies.
func howTo(c kit.Context) kit.HowTo {
	b := &base{c: c, Me: -1}
	return kit.HowTo{
		Cards: []kit.HowToCard{
			{Title: "embassy.ui.howto.goal.title", Picture: howtoGoal(b),
				Lines: []string{"embassy.ui.howto.goal.cards", "embassy.ui.howto.goal.win"}},
			{Title: "embassy.ui.howto.turn.title", Picture: howtoTurn(),
				Lines: []string{"embassy.ui.howto.turn.roll", "embassy.ui.howto.turn.wells"}},
			{Title: "embassy.ui.howto.raid.title", Picture: howtoRaid(b),
				Lines: []string{"embassy.ui.howto.raid.take", "embassy.ui.howto.raid.full"}},
			{Title: "embassy.ui.howto.challenge.title", Picture: howtoChallenge(),
				Lines: []string{"embassy.ui.howto.challenge.double", "embassy.ui.howto.challenge.guess"}},
			{Title: "embassy.ui.howto.end.title", Picture: howtoEnd(b),
				Lines: []string{"embassy.ui.howto.end.four", "embassy.ui.howto.end.watch"}},
		},
		FirstTurn: "embassy.ui.howto.first_turn",
	}
}

package winkboard

import "topsecret/web/kit"

// howTo is the wink briefing: the secret contact, the wink, the suitcase
// turn, "Caught!" and the empty deck, drawn with the board's own icons.
func howTo(c kit.Context) kit.HowTo {
	return kit.HowTo{
		Cards: []kit.HowToCard{
			{Title: "wink.ui.howto.goal.title", Picture: howtoGoal(c),
				Lines: []string{"wink.ui.howto.goal.agent", "wink.ui.howto.goal.place", "wink.ui.howto.goal.score"}},
			{Title: "wink.ui.howto.wink.title", Picture: howtoWink(),
				Lines: []string{"wink.ui.howto.wink.eyes", "wink.ui.howto.wink.glance", "wink.ui.howto.wink.secret"}},
			{Title: "wink.ui.howto.turn.title", Picture: howtoTurn(c),
				Lines: []string{"wink.ui.howto.turn.choose", "wink.ui.howto.turn.claim"}},
			{Title: "wink.ui.howto.caught.title", Picture: howtoCaught(c),
				Lines: []string{"wink.ui.howto.caught.name", "wink.ui.howto.caught.chips"}},
			{Title: "wink.ui.howto.end.title", Picture: howtoEnd(),
				Lines: []string{"wink.ui.howto.end.deck", "wink.ui.howto.end.win"}},
		},
		FirstTurn: "wink.ui.howto.first_turn",
	}
}

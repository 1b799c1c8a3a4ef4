package inkognitoboard

import "topsecret/web/kit"

// howTo is the inkognito briefing: the truth cards, a round in Venice, a
// meeting and its exchange, the Ambassador and the call, drawn with the
// board's own cards and icons.
func howTo(c kit.Context) kit.HowTo {
	b := &base{C: c}
	return kit.HowTo{
		Cards: []kit.HowToCard{
			{Title: "inkognito.ui.howto.goal.title", Picture: howtoGoal(b),
				Lines: []string{"inkognito.ui.howto.goal.black", "inkognito.ui.howto.goal.find"}},
			{Title: "inkognito.ui.howto.round.title", Picture: howtoRound(b),
				Lines: []string{"inkognito.ui.howto.round.play", "inkognito.ui.howto.round.meet"}},
			{Title: "inkognito.ui.howto.exchange.title", Picture: howtoExchange(b),
				Lines: []string{"inkognito.ui.howto.exchange.pair", "inkognito.ui.howto.exchange.again", "inkognito.ui.howto.exchange.sheet"}},
			{Title: "inkognito.ui.howto.ambassador.title", Picture: howtoAmbassador(b),
				Lines: []string{"inkognito.ui.howto.ambassador.ask", "inkognito.ui.howto.ambassador.shown"}},
			{Title: "inkognito.ui.howto.call.title", Picture: howtoCall(b),
				Lines: []string{"inkognito.ui.howto.call.dial", "inkognito.ui.howto.call.score"}},
		},
		FirstTurn: "inkognito.ui.howto.first_turn",
	}
}

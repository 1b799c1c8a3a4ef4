package cupboard

import "topsecret/web/kit"

// howTo is the briefing: hide, guess, the answers, the score.
func howTo(c kit.Context) kit.HowTo {
	return kit.HowTo{
		Cards: []kit.HowToCard{
			{Title: "cup.howto.hide.title", Picture: howtoCup("7"),
				Lines: []string{"cup.howto.hide.number", "cup.howto.hide.secret"}},
			{Title: "cup.howto.guess.title", Picture: howtoCup("?"),
				Lines: []string{"cup.howto.guess.tries", "cup.howto.guess.answer"}},
			{Title: "cup.howto.score.title", Picture: howtoScore(),
				Lines: []string{"cup.howto.score.found", "cup.howto.score.kept", "cup.howto.score.swap"}},
		},
		FirstTurn: "cup.howto.first_turn",
	}
}

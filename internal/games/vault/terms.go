package vault

import "topsecret/internal/game"

// Term is the rank as a catalogue term ("Terrorist", "Document 15"), so a
// card is always worded by the reader's catalogue and its code (TE, D15)
// never reaches a person.
func (r Rank) Term() game.Msg {
	switch r {
	case Terrorist:
		return game.M("vault.card.terrorist")
	case Mole:
		return game.M("vault.card.mole")
	case Agent:
		return game.M("vault.card.agent")
	}
	return game.M("vault.card.document", game.N("value", r.Value()))
}

// Term is the card as a catalogue term.
func (c CardInfo) Term() game.Msg {
	if r, ok := rankOfCode(c.Code); ok {
		return r.Term()
	}
	return game.M("vault.card.unknown")
}

// rankOfCode is the rank a spec code (TE, MO, AG, D10 … D30) names.
func rankOfCode(code string) (Rank, bool) {
	for r := Terrorist; r <= D30; r++ {
		if rankCodes[r] == code {
			return r, true
		}
	}
	return 0, false
}

// cardArg names a card argument, worded as its term.
func cardArg(name string, c card) game.Arg {
	t := c.rank().Term()
	return game.TM(name, t)
}

// seatArg names a seat argument; seats are ints inside the package.
func seatArg(name string, s int) game.Arg { return game.P(name, game.Seat(s)) }

// owned is "Anna's Document 15": a card and the seat it lies with, as a
// term for lists.
func owned(s int, c card) game.Msg {
	return game.M("vault.term.owned", seatArg("who", s), cardArg("card", c))
}

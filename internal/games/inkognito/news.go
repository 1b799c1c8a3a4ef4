package inkognito

import (
	"topsecret/internal/game"
)

// log tells everyone an event. Inkognito's events name no kind: its
// boards draw every line alike.
func (m *match) log(id string, args ...game.Arg) {
	m.news.Say("", game.M(id, args...))
}

// notify tells seat alone (players only).
func (m *match) notify(seat int, id string, args ...game.Arg) {
	if m.isPlayer(seat) {
		m.news.Tell(game.Seat(seat), "", game.M(id, args...))
	}
}

var _ game.Opener = (*match)(nil)

// Opening is what the deal said: who starts.
func (m *match) Opening() []game.Event { return m.news.Take() }

// Participant terms: who an event names when it is not a seated agent
// (H3). The fictitious agent is id 3 but no game.Seat, so it can never be a
// seat argument.
const (
	// termAmbassador is the 3p/4p Ambassador deck, "the Ambassador".
	termAmbassador = "inkognito.who.ambassador"
	// termAmbassadorNamed is the 5p Ambassador player, "the Ambassador Marie".
	termAmbassadorNamed = "inkognito.who.ambassador_named"
	// termFictitious is the 3p fictitious agent.
	termFictitious = "inkognito.who.fictitious"
	// startForm is the suffix of a participant term's form that opens a
	// sentence ("The fictitious agent plays Rialto.").
	startForm = ".start"
)

// who names participant a as the argument name: a seat for an agent
// player, a term for the Ambassador and the fictitious agent.
func (m *match) who(name string, a int) game.Arg { return m.participant(name, a, "") }

// subject is who in the form that opens a sentence.
func (m *match) subject(name string, a int) game.Arg { return m.participant(name, a, startForm) }

func (m *match) participant(name string, a int, form string) game.Arg {
	switch {
	case a == AmbDeck:
		return game.T(name, termAmbassador+form)
	case m.isFict(a):
		return game.T(name, termFictitious+form)
	case a == m.amb:
		return game.T(name, termAmbassadorNamed+form, game.P("name", game.Seat(a)))
	}
	return game.P(name, game.Seat(a))
}

// siteArg names a site argument.
func siteArg(name string, s Site) game.Arg { return game.T(name, s.Term()) }

// faceArg names a card-face argument.
func faceArg(name string, f Face) game.Arg { return game.T(name, f.Term()) }

// kindArg names a black-card kind argument.
func kindArg(name string, k Kind) game.Arg { return game.T(name, k.Term()) }

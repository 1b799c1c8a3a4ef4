package embassy

import (
	"fmt"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Seats of the spec's scenarios in a 4-player game (§13).
const blue, green, yellow, red = 0, 1, 2, 3

// fx is a fixture under construction: the match and the embassies whose
// cards a scenario named, which taking cards for holders leaves alone.
type fx struct {
	m      *match
	pinned [numEmbassies]bool
	// started is set by a change that puts the match in a phase itself.
	started bool
}

// fixture builds a match of the given colours (tests only; real matches
// come from New and the log): a fixed deal, pieces at home, holders empty,
// then the changes, then the first player's turn starts (blue unless a
// change says otherwise). Every card stays somewhere, so the invariant holds.
func fixture(colours []int, changes ...func(*fx)) *match {
	f := &fx{m: newMatch(DefaultOptions(), colours, deal(len(colours), game.RandFor(game.Seed{7}, 0)))}
	m := f.m
	m.round, m.clock.Now, m.stepAt = 1, gametest.Start, gametest.Start
	for _, c := range changes {
		c(f)
	}
	if !f.started {
		m.startTurn(m.first, gametest.Start)
	}
	if err := m.Invariant(); err != nil {
		panic("fixture: " + err.Error())
	}
	return m
}

// four is the default table of §13: four players, blue first.
func four(changes ...func(*fx)) *match { return fixture(coloursFor(4), changes...) }

func mustLoc(id string) loc {
	l, ok := parseLoc(id)
	if !ok {
		panic("fixture: no location " + id)
	}
	return l
}

// spyAt puts seat s's spy on a square or inside an embassy.
func spyAt(s int, id string) func(*fx) { return func(f *fx) { f.m.players[s].spy = mustLoc(id) } }

// guardAt puts seat s's bodyguard on a square.
func guardAt(s int, id string) func(*fx) { return func(f *fx) { f.m.players[s].guard = mustLoc(id) } }

// firstTo makes seat s the player whose turn starts.
func firstTo(s int) func(*fx) { return func(f *fx) { f.m.first = s } }

// findCard locates a card: an embassy index, or -1.
func (f *fx) findCard(c card) int {
	for e, k := range f.m.onEmbassy {
		if k == c {
			return e
		}
	}
	return -1
}

// lies puts the card with id (ATOM-2) on embassy letter e, swapping it with
// whatever lay there; the card must be on an embassy.
func lies(e, id string) func(*fx) {
	return func(f *fx) {
		i, _ := parseEmbassy(e)
		c := cardByID(id)
		j := f.findCard(c)
		if j < 0 {
			panic("fixture: " + id + " is not on an embassy")
		}
		f.m.onEmbassy[i], f.m.onEmbassy[j] = c, f.m.onEmbassy[i]
		f.pinned[i] = true
	}
}

// vacant moves embassy e's card to another vacant, unpinned embassy.
func vacant(e string) func(*fx) {
	return func(f *fx) {
		i, _ := parseEmbassy(e)
		f.pinned[i] = true
		if f.m.onEmbassy[i] == noCard {
			return
		}
		for j, k := range f.m.onEmbassy {
			if k == noCard && !f.pinned[j] {
				f.m.onEmbassy[j], f.m.onEmbassy[i] = f.m.onEmbassy[i], noCard
				return
			}
		}
		panic("fixture: nowhere to move the card of " + e)
	}
}

func cardByID(id string) card {
	for c := card(0); c < 16; c++ {
		if c.String() == id {
			return c
		}
	}
	panic("fixture: no card " + id)
}

// take removes a card of set x from an unpinned embassy.
func (f *fx) take(x int) card {
	for e, k := range f.m.onEmbassy {
		if k != noCard && k.secret() == x && !f.pinned[e] {
			f.m.onEmbassy[e] = noCard
			return k
		}
	}
	panic(fmt.Sprintf("fixture: no %s left on an unpinned embassy", Secrets[x]))
}

// holds fills seat s's slots 1–4 with cards of the named sets ("" = empty).
func holds(s int, names ...string) func(*fx) {
	return func(f *fx) {
		for i, name := range names {
			if name == "" {
				continue
			}
			x, ok := parseSecret(name)
			if !ok {
				panic("fixture: no secret " + name)
			}
			f.m.players[s].slots[i] = f.take(x)
		}
	}
}

// fullHolders deals every card on the embassies into the holders, four a seat.
func fullHolders(f *fx) {
	s, n := 0, 0
	for e, k := range f.m.onEmbassy {
		if k == noCard {
			continue
		}
		f.m.players[s].slots[n] = k
		f.m.onEmbassy[e] = noCard
		if n++; n == Slots {
			s, n = s+1, 0
		}
	}
}

// inPhase puts seat s in phase p of an acquisition of a card of set name,
// taken from an embassy, during s's own turn.
func inPhase(s int, p Phase, name string) func(*fx) {
	return func(f *fx) {
		x, _ := parseSecret(name)
		f.m.first, f.m.active, f.m.turn, f.m.phase = s, s, 1, p
		f.m.acq = acquisition{who: s, card: f.take(x)}
		f.started = true
	}
}

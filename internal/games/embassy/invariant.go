package embassy

import (
	"fmt"
	"slices"

	"topsecret/internal/game"
)

// Invariant reports a broken conservation law or phase rule: every card in
// play lies in exactly one place (an embassy, a slot, the acquirer's "?"),
// the removed set nowhere; a card is on "?" exactly while someone acquires;
// a card shown face up is of the set the reveal names; pieces stand where
// pieces may stand; a finished game has its winner.
func (m *match) Invariant() error {
	if err := m.cardsConserved(); err != nil {
		return err
	}
	if at, ok := m.shownAt(); ok {
		if k := m.cardOn(at); k == nil || *k == noCard || k.secret() != m.reveal.secret {
			return fmt.Errorf("%s shown face up on %s, which holds no such card", Secrets[m.reveal.secret], at)
		}
	}
	acquiring := m.phase == PhaseKeep || m.phase == PhaseSlot || m.phase == PhaseFifth || m.phase == PhasePlace
	switch {
	case acquiring != (m.acq.who >= 0):
		return fmt.Errorf("phase %s with acquirer %d", m.phase, m.acq.who)
	case m.phase == PhaseSlot && m.held(m.acq.who) == Slots:
		return fmt.Errorf("slot phase with a full holder")
	case m.phase == PhaseFifth && m.held(m.acq.who) < Slots:
		return fmt.Errorf("fifth-card phase with an empty slot")
	case (m.phase == PhaseGuess || m.phase == PhasePenalty) && m.target < 0:
		return fmt.Errorf("phase %s without a target", m.phase)
	case m.phase == PhaseOver:
		if _, ok := m.fourOfAKind(m.winner); !ok {
			return fmt.Errorf("game over but seat %d holds no four of a kind", m.winner)
		}
	}
	return m.piecesPlaced()
}

// cardsConserved checks that each card in play is in exactly one place (§2).
func (m *match) cardsConserved() error {
	seen := make([]int, 16)
	add := func(c card) {
		if c != noCard {
			seen[c]++
		}
	}
	for _, c := range m.onEmbassy {
		add(c)
	}
	for _, p := range m.players {
		for _, c := range p.slots {
			add(c)
		}
	}
	add(m.acq.card)
	for c, k := range seen {
		want := 1
		if !m.sets[card(c).secret()] {
			want = 0
		}
		if k != want {
			return fmt.Errorf("card %s is in %d places, want %d", card(c), k, want)
		}
	}
	return nil
}

// piecesPlaced checks that spies stand on street or well squares, inside
// embassies or at home, bodyguards on street or well squares or at home,
// and that no square holds two pieces except a colour's own start square.
func (m *match) piecesPlaced() error {
	on := map[loc]int{}
	for i, p := range m.players {
		for _, l := range []loc{p.spy, p.guard} {
			switch {
			case l == m.home(i):
			case l.isEmbassy() && l == p.spy:
				continue
			case l < 0 || l >= numSquares || !theBoard.endable(l):
				return fmt.Errorf("seat %d has a piece on %s", i, theBoard.describe(l))
			}
			if l != m.home(i) {
				on[l]++
			}
		}
	}
	for l, k := range on {
		if k > 1 {
			return fmt.Errorf("%d pieces on %s", k, theBoard.describe(l))
		}
	}
	return nil
}

// Clone is a deep copy of the match (game.Cloner).
func (m *match) Clone() game.State { return m.clone() }

func (m *match) clone() *match {
	c := *m
	// A twin differs in hidden cards, so it must build its own views.
	c.public.Drop()
	c.players = slices.Clone(m.players)
	c.dests, c.within, c.blockers = slices.Clone(m.dests), slices.Clone(m.within), slices.Clone(m.blockers)
	if m.roll != nil {
		r := *m.roll
		c.roll = &r
	}
	if m.reveal != nil {
		r := *m.reveal
		c.reveal = &r
	}
	c.transfers = slices.Clone(m.transfers)
	c.recall = slices.Clone(m.recall)
	return &c
}

// Twin returns a copy of the match that differs only in what seat s alone
// may know — the cards in its holder and on its "?" slot, but a card a
// reveal shows face up, shuffled with the face-down cards on the
// embassies — or, for game.System, in what nobody
// knows: which card lies on which embassy. The leak check asserts that
// every other viewer sees the twin exactly as it sees the match.
func (m *match) Twin(s game.Seat, r *game.Rand) game.State {
	c := m.clone()
	if m.phase == PhaseOver {
		return c
	}
	var spots []*card
	for e := range c.onEmbassy {
		if c.onEmbassy[e] != noCard {
			spots = append(spots, &c.onEmbassy[e])
		}
	}
	if s != game.System {
		var shown *card
		if at, ok := c.shownAt(); ok {
			shown = c.cardOn(at)
		}
		p := &c.players[int(s)]
		for i := range p.slots {
			if p.slots[i] != noCard && &p.slots[i] != shown {
				spots = append(spots, &p.slots[i])
			}
		}
		if c.acq.who == int(s) && &c.acq.card != shown {
			spots = append(spots, &c.acq.card)
		}
	}
	r.Shuffle(len(spots), func(i, j int) { *spots[i], *spots[j] = *spots[j], *spots[i] })
	return c
}

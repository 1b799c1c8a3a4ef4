package couriers

import (
	"slices"

	"topsecret/internal/game"
)

// hideCmd is a player's secret setup: the clue under each suitcase and the
// suitcases' cities (R9, R10).
type hideCmd struct {
	data  Hide
	clues [SuitcasesPerColour]Clue
	place [SuitcasesPerColour]node
}

func (c *hideCmd) check(m *match, s int) error {
	if m.phase != PhaseHide {
		return wrongPhase()
	}
	if m.players[s].hidden {
		return game.Illegal("R9", "couriers.refuse.already_hidden")
	}
	if err := c.parseClues(); err != nil {
		return err
	}
	return c.parseCities()
}

// parseClues accepts only a bijection from the letters to the four clue cards (R10).
func (c *hideCmd) parseClues() error {
	bad := game.Illegal("R10", "couriers.refuse.bad_clues")
	if len(c.data.Clues) != SuitcasesPerColour {
		return bad
	}
	used := map[Clue]bool{}
	for l := range SuitcasesPerColour {
		v, ok := c.data.Clues[letters[l:l+1]]
		clue, valid := parseClue(v)
		if !ok || !valid || used[clue] {
			return bad
		}
		used[clue] = true
		c.clues[l] = clue
	}
	return nil
}

// parseCities accepts four distinct city ids, bases excluded (R9).
func (c *hideCmd) parseCities() error {
	for l, id := range []string{c.data.A, c.data.B, c.data.C, c.data.D} {
		n, ok := world.lookup(id)
		if !ok || !world.isCity(n) {
			return game.Illegal("R9", "couriers.refuse.not_a_city", game.X("letter", letters[l:l+1]))
		}
		for _, prev := range c.place[:l] {
			if prev == n {
				return game.Illegal("R9", "couriers.refuse.same_city", term("city", placeTerm(n)))
			}
		}
		c.place[l] = n
	}
	return nil
}

func (c *hideCmd) apply(m *match, s int, r *game.Rand) {
	m.hide(s, c.clues, c.place)
	m.revealIfAllHidden(r)
}

// hide stores seat s's secret setup.
func (m *match) hide(s int, clues [SuitcasesPerColour]Clue, place [SuitcasesPerColour]node) {
	p := &m.players[s]
	p.hidden, p.clues, p.place = true, clues, place
	m.say(kindSetup, "couriers.event.hidden", who(s))
}

// revealIfAllHidden puts every suitcase on its city once the last player
// has hidden (§4.2), then rolls for the first player (R26).
func (m *match) revealIfAllHidden(r *game.Rand) {
	for _, p := range m.players {
		if !p.hidden {
			return
		}
	}
	for c := range m.cases {
		m.cases[c].at = m.players[caseSeat(c)].place[c%SuitcasesPerColour]
	}
	m.say(kindSetup, "couriers.event.revealed")
	m.beginTurn(m.firstPlayer(func() (int, int) { return throw(r), throw(r) }))
}

// hideForLate hides at random for every player who has not when the setup
// time runs out (house ruling H6): a shuffled clue order on four distinct
// random cities, so nobody can guess an absent player's setup.
func (m *match) hideForLate(r *game.Rand) {
	for s, p := range m.players {
		if p.hidden {
			continue
		}
		clues := [SuitcasesPerColour]Clue{ClueFive, ClueThree, ClueOne, ClueBomb}
		r.Shuffle(len(clues), func(i, j int) { clues[i], clues[j] = clues[j], clues[i] })
		cities := make([]node, world.cities)
		for i := range cities {
			cities[i] = node(i)
		}
		r.Shuffle(len(cities), func(i, j int) { cities[i], cities[j] = cities[j], cities[i] })
		m.hide(s, clues, [SuitcasesPerColour]node(cities[:SuitcasesPerColour]))
	}
	m.revealIfAllHidden(r)
}

// firstRoll is one player's throw in the first-player roll.
type firstRoll struct {
	seat int
	dice [2]int
}

// firstPlayer rolls for every player in colour order; the tied highest
// roll again until one is highest (§4.4, R26). It records every throw.
func (m *match) firstPlayer(roll func() (int, int)) int {
	contenders := make([]int, m.n)
	for s := range contenders {
		contenders[s] = s
	}
	slices.SortFunc(contenders, func(a, b int) int { return int(m.colours[a] - m.colours[b]) })
	for {
		var round []firstRoll
		best := -1
		for _, s := range contenders {
			a, b := roll()
			round = append(round, firstRoll{seat: s, dice: [2]int{a, b}})
			m.say(kindFirst, "couriers.event.first_roll", who(s), game.N("a", a), game.N("b", b), game.N("n", a+b))
			best = max(best, a+b)
		}
		m.firstRolls = append(m.firstRolls, round)
		contenders = contenders[:0:0]
		for _, fr := range round {
			if fr.dice[0]+fr.dice[1] == best {
				contenders = append(contenders, fr.seat)
			}
		}
		if len(contenders) == 1 {
			m.starter = contenders[0]
			m.say(kindFirst, "couriers.event.first_player", who(m.starter))
			return m.starter
		}
	}
}

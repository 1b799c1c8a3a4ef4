package couriers

import (
	"topsecret/internal/game"
)

// Legal lists the actions seat s may take now: ready to send, or a
// template whose Fields name every allowed value.
func (m *match) Legal(seat game.Seat) []game.Move {
	s := int(seat)
	if m.phase == PhaseOver || s < 0 || s >= m.n || !m.awaits(s) {
		return nil
	}
	switch m.phase {
	case PhaseHide:
		return []game.Move{m.hideTemplate()}
	case PhaseRoll:
		return []game.Move{{Type: ActRoll, Label: game.M("couriers.move.roll")}}
	case PhaseMove:
		return m.legalMoves(s)
	case PhaseOrder:
		var out []game.Move
		for _, d := range m.fight.defenders {
			out = append(out, game.Move{Type: ActDefender, Data: mustJSON(Defender{Agent: m.agentID(d)}),
				Label: game.M("couriers.move.defender", m.agentArg(d))})
		}
		return out
	case PhaseCards:
		return m.legalCards(s)
	case PhaseLoot:
		c := m.loot.suitcase
		return []game.Move{
			{Type: ActLoot, Data: mustJSON(Loot{Take: true}), Label: game.M("couriers.move.take", m.caseArg(c))},
			{Type: ActLoot, Data: mustJSON(Loot{Take: false}), Label: game.M("couriers.move.leave", m.caseArg(c))},
		}
	case PhaseBomb:
		return []game.Move{{Type: ActBombVictims, Fields: map[string][]any{"agents": m.victimChoices()},
			Label: game.M("couriers.move.bomb_victims", game.N("n", m.bombLeft))}}
	}
	return nil
}

// hideTemplate offers every clue assignment and every city for each suitcase.
func (m *match) hideTemplate() game.Move {
	cities := make([]any, world.cities)
	for i := range cities {
		cities[i] = world.id(node(i))
	}
	var clues []any
	for _, p := range permutations([]Clue{ClueFive, ClueThree, ClueOne, ClueBomb}) {
		as := map[string]string{}
		for l, c := range p {
			as[letters[l:l+1]] = c.String()
		}
		clues = append(clues, as)
	}
	return game.Move{Type: ActHide, Label: game.M("couriers.move.hide"),
		Fields: map[string][]any{"clues": clues, "A": cities, "B": cities, "C": cities, "D": cities}}
}

// permutations lists every order of xs, deterministically.
func permutations[T any](xs []T) [][]T {
	if len(xs) <= 1 {
		return [][]T{append([]T(nil), xs...)}
	}
	var out [][]T
	for i := range xs {
		rest := append(append([]T(nil), xs[:i]...), xs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]T{xs[i]}, p...))
		}
	}
	return out
}

// legalMoves lists, for the active seat: one move template per agent that
// can go somewhere (Fields "to" = its plain destinations), every suitcase
// handling of its moved agents, and the end of the turn.
func (m *match) legalMoves(s int) []game.Move {
	var out []game.Move
	o := m.occupancy()
	for a := s * AgentsPerColour; a < (s+1)*AgentsPerColour; a++ {
		dests := m.reach(a, o)
		if len(dests) == 0 {
			continue
		}
		to := make([]any, len(dests))
		for i, d := range dests {
			to[i] = world.id(d)
		}
		out = append(out, game.Move{Type: ActMove, Data: mustJSON(map[string]string{"agent": m.agentID(a)}),
			Fields: map[string][]any{"to": to}, Label: game.M("couriers.move.move", m.agentArg(a))})
	}
	for a := s * AgentsPerColour; a < (s+1)*AgentsPerColour; a++ {
		out = append(out, m.handlings(a)...)
	}
	return append(out, game.Move{Type: ActEndTurn, Label: game.M("couriers.move.end_turn")})
}

// handlings lists what moved agent a may do with suitcases where it stands (R8).
func (m *match) handlings(a int) []game.Move {
	ag := m.agents[a]
	if !m.moved[a] || !world.isCity(ag.at) {
		return nil
	}
	id := m.agentID(a)
	var out []game.Move
	if ag.carries >= 0 {
		out = append(out, game.Move{Type: ActSuitcase, Data: mustJSON(Handle{Agent: id, Drop: true}),
			Label: game.M("couriers.move.drop", m.agentArg(a), m.caseArg(ag.carries))})
	}
	for c, sc := range m.cases {
		if sc.at != ag.at {
			continue
		}
		h := Handle{Agent: id, Drop: ag.carries >= 0, Pickup: m.caseID(c)}
		label := game.M("couriers.move.pickup", m.agentArg(a), m.caseArg(c))
		if h.Drop {
			label = game.M("couriers.move.swap", m.agentArg(a), m.caseArg(ag.carries), term("pickup", m.caseTerm(c)))
		}
		out = append(out, game.Move{Type: ActSuitcase, Data: mustJSON(h), Label: label})
	}
	return out
}

// legalCards offers each distinct value in hand, face down (R12).
func (m *match) legalCards(s int) []game.Move {
	var out []game.Move
	last := -1
	for _, v := range m.players[s].hand {
		if v == last {
			continue
		}
		last = v
		out = append(out, game.Move{Type: ActCard, Data: mustJSON(Card{Value: v}), Label: game.M("couriers.move.card", game.N("n", v))})
	}
	return out
}

// victimChoices lists every set of bombLeft agents the bomb may take (R20).
func (m *match) victimChoices() []any {
	s := m.active
	var pool []string
	for a := s * AgentsPerColour; a < (s+1)*AgentsPerColour; a++ {
		if m.agents[a].at != noNode {
			pool = append(pool, m.agentID(a))
		}
	}
	var out []any
	var pick func(from int, chosen []string)
	pick = func(from int, chosen []string) {
		if len(chosen) == m.bombLeft {
			out = append(out, append([]string(nil), chosen...))
			return
		}
		for i := from; i < len(pool); i++ {
			pick(i+1, append(chosen, pool[i]))
		}
	}
	pick(0, nil)
	return out
}

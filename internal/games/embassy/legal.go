package embassy

import (
	"topsecret/internal/game"
)

// Legal lists the actions seat s may take now. Moves are one template whose
// field "to" lists every legal destination, so a board can highlight them;
// every other choice is a ready move.
func (m *match) Legal(seat game.Seat) []game.Move {
	s := int(seat)
	if m.phase == PhaseOver || s != m.awaited() {
		return nil
	}
	switch m.phase {
	case PhaseRoll:
		return []game.Move{{Type: ActRoll, Label: game.M("embassy.move.roll")}}
	case PhaseMove:
		return append(m.moveMoves(), m.approachMoves()...)
	case PhaseBlocked, PhaseImmobile:
		return append(m.approachMoves(), m.blockedMoves()...)
	case PhaseChallenge:
		return m.challengeMoves(s)
	case PhaseGuess:
		return m.guessMoves()
	case PhasePenalty:
		return m.slotMoves(ActPenalty, "embassy.move.penalty", m.occupied(m.active), seatArg("from", m.active))
	case PhaseKeep:
		return []game.Move{{Type: ActKeep, Label: game.M("embassy.move.keep")},
			{Type: ActDecline, Label: game.M("embassy.move.decline")}}
	case PhaseSlot:
		return m.slotMoves(ActSlot, "embassy.move.slot", m.empty(s))
	case PhaseFifth:
		moves := m.slotMoves(ActSwap, "embassy.move.swap", []int{1, 2, 3, 4})
		return append(moves, game.Move{Type: ActReject, Label: game.M("embassy.move.reject")})
	case PhasePlace:
		return m.placeMoves(s)
	}
	return nil
}

func anys(ids []string) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

func (m *match) moveMoves() []game.Move {
	return []game.Move{{Type: ActMove, Label: game.M("embassy.move.move", game.N("n", m.roll.total())),
		Fields: map[string][]any{"to": anys(m.destIDs)}}}
}

// approachMoves are the challenge moves of no-cards mode, one template per target (R20).
func (m *match) approachMoves() []game.Move {
	var out []game.Move
	for _, a := range m.approaches() {
		out = append(out, game.Move{Type: ActChallengeMove, Data: mustJSON(map[string]int{"target": a.target}),
			Label:  game.M("embassy.move.challenge_move", seatArg("target", a.target)),
			Fields: map[string][]any{"to": anys(idStrings(a.squares))}})
	}
	return out
}

// blockedMoves are the bodyguard swaps and the pass of a stuck spy (R21–R23).
func (m *match) blockedMoves() []game.Move {
	var out []game.Move
	for _, b := range m.blockers {
		out = append(out, game.Move{Type: ActBodyguard, Data: mustJSON(Target{Target: b}),
			Label: game.M("embassy.move.bodyguard", seatArg("owner", b))})
	}
	return append(out, game.Move{Type: ActPass, Label: game.M("embassy.move.pass")})
}

func (m *match) challengeMoves(s int) []game.Move {
	var out []game.Move
	for _, q := range m.targetsOf(s) {
		out = append(out, game.Move{Type: ActChallenge, Data: mustJSON(Target{Target: q}),
			Label: game.M("embassy.move.challenge", seatArg("target", q))})
	}
	return out
}

// guessMoves are every occupied slot of the target with every set in play (R16).
func (m *match) guessMoves() []game.Move {
	var out []game.Move
	for _, n := range m.occupied(m.target) {
		for _, x := range m.setsInPlay() {
			out = append(out, game.Move{Type: ActGuess, Data: mustJSON(Guess{Slot: n, Secret: Secrets[x]}),
				Label: game.M("embassy.move.guess", seatArg("target", m.target), slotArg(n), game.T("secret", secretTerm(x)))})
		}
	}
	return out
}

func (m *match) slotMoves(typ, label string, slots []int, args ...game.Arg) []game.Move {
	out := make([]game.Move, 0, len(slots))
	for _, n := range slots {
		out = append(out, game.Move{Type: typ, Data: mustJSON(SlotChoice{Slot: n}),
			Label: game.M(label, append([]game.Arg{slotArg(n)}, args...)...)})
	}
	return out
}

func (m *match) placeMoves(s int) []game.Move {
	var out []game.Move
	for _, e := range m.vacancies(s) {
		out = append(out, game.Move{Type: ActPlace, Data: mustJSON(Placement{Embassy: letter(e)}),
			Label: game.M("embassy.move.place", embassyArg(e))})
	}
	return out
}

package embassy

import (
	"slices"

	"topsecret/internal/game"
)

type (
	challengeCmd struct{ target int }
	approachCmd  struct {
		to     loc
		target int
	}
	guessCmd struct {
		slot, secret int
	}
	penaltyCmd struct{ slot int }
)

// held is how many cards seat s has in slots 1–4.
func (m *match) held(s int) int {
	n := 0
	for _, c := range m.players[s].slots {
		if c != noCard {
			n++
		}
	}
	return n
}

// eligible reports whether s may challenge q (§7.1): both hold a card and
// q's spy stands on a square, neither inside an embassy nor at home.
func (m *match) eligible(s, q int) bool {
	spy := m.players[q].spy
	return q != s && m.held(s) > 0 && m.held(q) > 0 && !spy.isEmbassy() && spy != m.home(q)
}

// targetsOf lists the seats s may challenge now.
func (m *match) targetsOf(s int) []int {
	var out []int
	for q := range m.n {
		if m.eligible(s, q) {
			out = append(out, q)
		}
	}
	return out
}

// challengePossible reports whether a doubles roll forces a challenge (R15).
func (m *match) challengePossible(s int) bool { return len(m.targetsOf(s)) > 0 }

// approach is where a challenge move may end to challenge one target (§7.3).
type approach struct {
	target  int
	squares []loc
}

// approaches are the active player's challenge moves in no-cards mode:
// for each eligible target, the reachable free squares next to its spy.
func (m *match) approaches() []approach {
	if !m.noCards || (m.phase != PhaseMove && m.phase != PhaseBlocked) {
		return nil
	}
	var out []approach
	for _, q := range m.targetsOf(m.active) {
		a := approach{target: q}
		for _, l := range m.within {
			if adjacent(l, m.players[q].spy) {
				a.squares = append(a.squares, l)
			}
		}
		if len(a.squares) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// adjacent reports whether squares a and b are orthogonal neighbours.
func adjacent(a, b loc) bool {
	return !a.isEmbassy() && !b.isEmbassy() && slices.Contains(theBoard.around[a], b)
}

func (c challengeCmd) check(m *match, s int, _ int64) error {
	if m.phase != PhaseChallenge {
		return wrongPhase()
	}
	if !m.eligible(s, c.target) {
		return game.Illegal("R15", "embassy.refuse.not_eligible", seatArg("target", c.target))
	}
	return nil
}

func (c challengeCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.log(kindChallenge, game.M("embassy.event.challenge", who(s), seatArg("target", c.target)))
	m.challenge(s, c.target)
}

func (c approachCmd) check(m *match, s int, _ int64) error {
	switch m.phase {
	case PhaseChallenge:
		return game.Illegal("R15", "embassy.refuse.must_challenge")
	case PhaseMove, PhaseBlocked:
	default:
		return wrongPhase()
	}
	switch {
	case !m.noCards:
		return game.Illegal("R20", "embassy.refuse.not_no_cards_mode")
	case !m.eligible(s, c.target):
		return game.Illegal("R20", "embassy.refuse.not_eligible", seatArg("target", c.target))
	case !hasDestination(m.within, c.to):
		return m.illegalPath(s, c.to)
	case !adjacent(c.to, m.players[c.target].spy):
		return game.Illegal("R20", "embassy.refuse.not_adjacent", seatArg("target", c.target))
	}
	return nil
}

// apply walks next to the target and challenges it (§7.3).
func (c approachCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	m.dests, m.destIDs, m.within = nil, nil, nil
	path := m.pathTo(s, m.roll.total(), c.to, true)
	m.players[s].spy = c.to
	m.walked(kindChallenge, game.M("embassy.event.approach", who(s), seatArg("target", c.target)), path)
	m.challenge(s, c.target)
}

// challenge is §7.4 step 1: the challenger's bodyguard takes the target
// spy's square and stays there as an obstacle (R19); the spy goes home.
func (m *match) challenge(s, q int) {
	m.stats.challenges++
	m.players[s].guard = m.players[q].spy
	m.players[q].spy = m.home(q)
	m.target = q
	m.phase = PhaseGuess
}

func (c guessCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhaseGuess {
		return wrongPhase()
	}
	if m.players[m.target].slots[c.slot-1] == noCard {
		return game.Illegal("R16", "embassy.refuse.empty_slot", slotArg(c.slot))
	}
	if !m.sets[c.secret] {
		return game.Illegal("R16", "embassy.refuse.unknown_secret", game.T("secret", secretTerm(c.secret)))
	}
	return nil
}

// apply resolves the guess (§7.4): a right guess is announced and the card
// changes hands (R17); a wrong one shows the card to all, and the target
// picks one of the challenger's cards unseen (R18).
func (c guessCmd) apply(m *match, s int, t int64, _ *game.Rand) {
	q := m.target
	k := m.players[q].slots[c.slot-1]
	right := k.secret() == c.secret
	id := "embassy.event.guess_wrong"
	if right {
		id = "embassy.event.guess_right"
	}
	seq := m.log(kindChallenge, game.M(id, who(s), seatArg("target", q), slotArg(c.slot)))
	lies := slotSpot(q, c.slot) // a wrong guess's card stays in its slot
	if right {
		lies = handSpot(s) // a right guess's card goes to the challenger's "?"
	}
	m.reveal = &reveal{seq: seq, correct: right, by: s, seat: q, slot: c.slot, secret: k.secret(), at: t, lies: lies}
	if !right {
		m.stats.wrong++
		m.phase = PhasePenalty
		return
	}
	m.stats.right++
	m.players[q].slots[c.slot-1] = noCard
	m.moved(slotSpot(q, c.slot), handSpot(s))
	m.startAcquire(s, k, false, t)
}

func (c penaltyCmd) check(m *match, _ int, _ int64) error {
	if m.phase != PhasePenalty {
		return wrongPhase()
	}
	if m.players[m.active].slots[c.slot-1] == noCard {
		return game.Illegal("R18", "embassy.refuse.empty_slot", slotArg(c.slot))
	}
	return nil
}

// apply hands the picked card to the target, who may keep or decline it (R18).
func (c penaltyCmd) apply(m *match, q int, t int64, _ *game.Rand) {
	p := m.active
	k := m.players[p].slots[c.slot-1]
	m.players[p].slots[c.slot-1] = noCard
	m.moved(slotSpot(p, c.slot), handSpot(q))
	m.log(kindChallenge, game.M("embassy.event.penalty", who(q), seatArg("from", p), slotArg(c.slot)))
	m.startAcquire(q, k, true, t)
}

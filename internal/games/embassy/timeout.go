package embassy

import (
	"topsecret/internal/game"
)

// playDefault plays what an absent seat s would most plainly do when its
// time runs out: roll, move (into an embassy holding a card when one is in
// reach), pass, challenge or guess at random, keep a card it has room for,
// take the lowest empty slot, put a fifth card back, place on a random
// vacant embassy. Each default is legal by construction.
func (m *match) playDefault(s int, t int64, r *game.Rand) {
	var c command
	switch m.phase {
	case PhaseRoll:
		c = rollCmd{}
	case PhaseMove:
		c = moveCmd{m.defaultDestination(r)}
	case PhaseImmobile, PhaseBlocked:
		c = passCmd{}
	case PhaseChallenge:
		c = challengeCmd{pick(r, m.targetsOf(s))}
	case PhaseGuess:
		c = guessCmd{pick(r, m.occupied(m.target)), pick(r, m.setsInPlay())}
	case PhasePenalty:
		c = penaltyCmd{pick(r, m.occupied(m.active))}
	case PhaseKeep:
		c = declineCmd{}
		if m.held(s) < Slots {
			c = keepCmd{}
		}
	case PhaseSlot:
		c = slotCmd{m.empty(s)[0]}
	case PhaseFifth:
		c = rejectCmd{}
	case PhasePlace:
		c = placeCmd{pick(r, m.vacancies(s))}
	default:
		panic("embassy: no default in phase " + string(m.phase))
	}
	c.apply(m, s, t, r)
}

// defaultDestination prefers an embassy holding a card, else any destination.
func (m *match) defaultDestination(r *game.Rand) loc {
	var rich []loc
	for _, l := range m.dests {
		if l.isEmbassy() && m.onEmbassy[l.embassy()] != noCard {
			rich = append(rich, l)
		}
	}
	if len(rich) > 0 {
		return pick(r, rich)
	}
	return pick(r, m.dests)
}

func pick[T any](r *game.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// occupied lists seat s's occupied slots, 1–4.
func (m *match) occupied(s int) []int {
	var out []int
	for i, c := range m.players[s].slots {
		if c != noCard {
			out = append(out, i+1)
		}
	}
	return out
}

// empty lists seat s's empty slots, 1–4.
func (m *match) empty(s int) []int {
	var out []int
	for i, c := range m.players[s].slots {
		if c == noCard {
			out = append(out, i+1)
		}
	}
	return out
}

// setsInPlay lists the set numbers in play (R16, R26).
func (m *match) setsInPlay() []int {
	var out []int
	for x, ok := range m.sets {
		if ok {
			out = append(out, x)
		}
	}
	return out
}

package couriers

import (
	"cmp"
	"slices"
)

// turn plays the move phase one action at a time: handle a suitcase where
// a moved agent stands, else the best-scoring move, else end the turn.
func (b *brain) turn() (string, any) {
	if h, ok := b.handle(); ok {
		return ActSuitcase, h
	}
	if mv, ok := b.bestMove(); ok {
		return ActMove, mv
	}
	return ActEndTurn, nil
}

// handle picks up (or swaps for) a better suitcase where a moved agent stands (R8).
func (b *brain) handle() (Handle, bool) {
	for a := b.me * AgentsPerColour; a < (b.me+1)*AgentsPerColour; a++ {
		ag := b.m.agents[a]
		if !b.m.moved[a] || !world.isCity(ag.at) {
			continue
		}
		if x := b.bestLyingAt(ag.at, ag.carries); x >= 0 {
			return Handle{Agent: b.m.agentID(a), Drop: ag.carries >= 0, Pickup: b.m.caseID(x)}, true
		}
	}
	return Handle{}, false
}

// plan is one candidate move.
type plan struct {
	agent int
	to    node
	pick  int // suitcase picked up at the start, -1 for none
	score float64
}

// bestMove scores every agent's every destination within its steps and
// returns the best legal one worth making.
func (b *brain) bestMove() (Move, bool) {
	var plans []plan
	for a := b.me * AgentsPerColour; a < (b.me+1)*AgentsPerColour; a++ {
		plans = append(plans, b.plans(a)...)
	}
	slices.SortStableFunc(plans, func(x, y plan) int { return cmp.Compare(y.score, x.score) })
	for i, p := range plans {
		if i >= 12 || p.score <= 0.1 {
			break
		}
		ag := b.m.agents[p.agent]
		cmd := &moveCmd{agent: p.agent, to: p.to}
		mv := Move{Agent: b.m.agentID(p.agent), To: world.id(p.to)}
		if p.pick >= 0 {
			cmd.stops = []stop{{city: ag.at, drop: ag.carries >= 0, pickup: p.pick}}
			mv.Via = []Stop{{City: world.id(ag.at), Drop: ag.carries >= 0, Pickup: b.m.caseID(p.pick)}}
		}
		if cmd.check(b.m, b.me) == nil {
			return mv, true
		}
	}
	return Move{}, false
}

// plans lists agent a's candidate moves. An agent that has not moved may
// take a suitcase from its own city as it leaves (a stop at the start).
func (b *brain) plans(a int) []plan {
	ag := b.m.agents[a]
	budget := b.m.budget(a)
	if ag.at == noNode || budget < 1 {
		return nil
	}
	pick := -1
	if !b.m.moved[a] && world.isCity(ag.at) {
		pick = b.bestLyingAt(ag.at, ag.carries)
	}
	carrying := ag.carries
	if pick >= 0 {
		carrying = pick
	}
	r := b.o.search(ag.at, b.me)
	var out []plan
	for d, k8 := range r.dist[:len(world.ids)] {
		k := int(k8)
		if k < 1 || k > budget || node(d) == ag.at {
			continue
		}
		if s := b.score(a, ag.at, node(d), carrying, k); s > 0.1 {
			out = append(out, plan{agent: a, to: node(d), pick: pick, score: s})
		}
	}
	return out
}

// score rates agent a walking k steps from from to d carrying c (or -1):
// delivering beats everything, then fights worth their risk, then progress
// home for carriers and towards suitcases for the others. In a match that
// drags on, noise makes idle agents wander, so no position freezes.
func (b *brain) score(a int, from, d node, c, k int) float64 {
	switch world.kind[d] {
	case startBase:
		return -1
	case arrivalBase:
		if world.owner[d] != b.m.colours[b.me] || c < 0 {
			return -1
		}
		if b.winsNow(c) {
			return 1000
		}
		if w := b.worth(c); w > 0 {
			return 40 + 10*w
		}
		return -1
	}
	if b.o.enemy(d, b.me) {
		return b.attackScore(d, c)
	}
	s := -0.05 * float64(k)
	if c >= 0 && b.worth(c) > 0 {
		w := b.worth(c)
		s += float64(dist(from, b.home())-dist(d, b.home())) * (1 + w)
		s -= 0.15 * w * float64(b.danger(d))
	} else {
		s += 3 * (b.lure(d) - b.lure(from))
		if world.kind[from] == startBase {
			s += 0.4
		}
	}
	if n := b.o.own(d, b.me); n > 0 && !(n == 1 && from == d) {
		s -= 0.2
	}
	if b.late() {
		s += float64(b.r.IntN(15)) / 10
	}
	return s
}

// attackScore weighs a fight in enemy-held d: the chance to win with the
// public hands, against what it brings (loot, a rival agent fewer, a
// suitcase lying there) and what a loss costs (the agent, what it
// carries, the rest of the turn, R17).
func (b *brain) attackScore(d node, c int) float64 {
	var defs []int
	for a, ag := range b.m.agents {
		if ag.at == d && agentSeat(a) != b.me {
			defs = append(defs, a)
		}
	}
	p := b.winChance(agentSeat(defs[0]), len(defs))
	stakes := 0.8 * float64(len(defs))
	for _, x := range defs {
		if cx := b.m.agents[x].carries; cx >= 0 {
			stakes += max(b.worth(cx), 0) + 1.5
		}
	}
	for x, sc := range b.m.cases {
		if sc.at == d && b.worth(x) > 0.2 {
			stakes += 0.7 * b.worth(x)
		}
	}
	risk := 1.5 + 0.3*float64(b.m.pool)
	if c >= 0 {
		risk += max(b.worth(c), 0)
	}
	s := 3 * (p*stakes - (1-p)*risk)
	if p < 0.5 && !b.late() {
		s -= 5
	}
	return s
}

// winChance estimates the chance that the bot, attacking, beats n
// defenders of seat e: certain when its best card matches their best
// (ties go to the aggressor, §7.2), else the share of their cards its best beats.
func (b *brain) winChance(e, n int) float64 {
	mine, theirs := b.m.players[b.me].hand, b.m.players[e].hand
	best := slices.Max(mine)
	p := 1.0
	if best < slices.Max(theirs) {
		beaten := 0
		for _, v := range theirs {
			if v <= best {
				beaten++
			}
		}
		p = float64(beaten) / float64(len(theirs))
	}
	if n == 2 {
		p *= 0.8 * p
	}
	return p
}

package couriers

import (
	"cmp"
	"slices"
)

// firstDefender fights a defender carrying a suitcase first, so a win
// loots at once (R13), else the lower id.
func (b *brain) firstDefender() int {
	d := b.m.fight.defenders
	if b.m.agents[d[1]].carries >= 0 && b.m.agents[d[0]].carries < 0 {
		return d[1]
	}
	return d[0]
}

// card chooses a combat card (R12). Hands are public, so the bot plays the
// cheapest card that surely wins when there is one and the fight matters
// (or a loss would eliminate its agent); with little at stake it plays its
// lowest card (a defender's 0 only sends its agent home, R14); else one of
// its two best cards.
func (b *brain) card() int {
	f := b.m.fight
	mine := b.m.players[b.me].hand
	aggressor := b.me == agentSeat(f.aggressor)
	opp := agentSeat(f.defenders[0])
	if !aggressor {
		opp = agentSeat(f.aggressor)
	}
	need := slices.Max(b.m.players[opp].hand)
	if !aggressor {
		need++
	}
	stakes := b.fightStakes(aggressor)
	for _, v := range mine {
		if v >= need && (stakes >= 1 || v <= 2 || mine[0] > 0) {
			return v
		}
	}
	if stakes < 1 {
		return mine[0]
	}
	top := slices.Compact(slices.Clone(mine))
	slices.Reverse(top)
	switch roll := b.r.IntN(10); {
	case roll < 6 || len(top) == 1:
		return top[0]
	case roll < 9:
		return top[1]
	}
	return mine[0]
}

// fightStakes is what rides on the running fight for the bot: suitcases
// carried by either side, a suitcase lying in the city for an aggressor.
func (b *brain) fightStakes(aggressor bool) float64 {
	f := b.m.fight
	stakes := 0.5
	if aggressor {
		stakes = 1.5
	}
	for _, a := range []int{f.aggressor, f.defenders[0]} {
		if c := b.m.agents[a].carries; c >= 0 {
			stakes += 1 + max(b.worth(c), 0)
		}
	}
	return stakes
}

// takeLoot takes the loser's suitcase when it is worth more than what the winner carries (R15).
func (b *brain) takeLoot() bool {
	l := b.m.loot
	have := 0.0
	if c := b.m.agents[l.winner].carries; c >= 0 {
		have = b.worth(c)
	}
	return b.worth(l.suitcase) > have+0.1
}

// victims gives the bomb its agents of least use (R20): the empty-handed
// far from any suitcase first, carriers last.
func (b *brain) victims() []string {
	var mine []int
	for a := b.me * AgentsPerColour; a < (b.me+1)*AgentsPerColour; a++ {
		if b.m.agents[a].at != noNode {
			mine = append(mine, a)
		}
	}
	use := func(a int) float64 {
		ag := b.m.agents[a]
		if ag.carries >= 0 {
			return 10 + b.worth(ag.carries)
		}
		return b.lure(ag.at)
	}
	slices.SortStableFunc(mine, func(x, y int) int { return cmp.Compare(use(x), use(y)) })
	out := make([]string, b.m.bombLeft)
	for i := range out {
		out[i] = b.m.agentID(mine[i])
	}
	return out
}

package couriers

import "math"

// known is suitcase c's clue if the bot's seat may read it: its own
// colour, or a delivered suitcase. This is the bot's only door to clues.
func (b *brain) known(c int) (Clue, bool) {
	if caseSeat(c) == b.me || b.m.cases[c].deliveredBy >= 0 {
		return b.m.players[caseSeat(c)].clues[c%SuitcasesPerColour], true
	}
	return 0, false
}

// unseen lists the clues of colour seat t that the bot cannot read yet:
// the four cards minus those opened by deliveries (public).
func (b *brain) unseen(t int) []Clue {
	out := []Clue{ClueFive, ClueThree, ClueOne, ClueBomb}
	for l := range SuitcasesPerColour {
		c := t*SuitcasesPerColour + l
		if b.m.cases[c].deliveredBy >= 0 {
			v := b.m.players[t].clues[l]
			for i, x := range out {
				if x == v {
					out = append(out[:i], out[i+1:]...)
					break
				}
			}
		}
	}
	return out
}

// late reports a match that drags on: the bots then stop fearing bombs so
// the last suitcases get delivered and the game ends.
func (b *brain) late() bool { return b.m.turn > 60*b.m.n }

// bombCost is what opening a bomb would cost the bot, in secrets: the
// agents it loses, plus a premium near the end, when an agent count
// matters more than a few secrets (the brief: avoid unknown cases then).
func (b *brain) bombCost() float64 {
	if b.late() {
		return 0
	}
	k := float64(b.m.inPlay(b.me)+1) / 2
	cost := 1.2 * math.Ceil(k)
	if b.m.players[b.me].secrets >= 6 {
		cost += 4
	}
	return cost
}

// worth is what delivering suitcase c would be worth to the bot, in
// secrets: its clue when known (a bomb is a loss), else the mean of the
// unseen clues less the bomb's risk. A suitcase its owner carries is taken
// for no bomb. One the first-three rule forbids now (R19) is worth nothing.
func (b *brain) worth(c int) float64 {
	if b.worths == nil {
		b.worths = make([]float64, len(b.m.cases))
		for i := range b.worths {
			b.worths[i] = b.appraise(i)
		}
	}
	return b.worths[c]
}

// appraise computes worth.
func (b *brain) appraise(c int) float64 {
	var v float64
	if clue, ok := b.known(c); ok {
		if clue == ClueBomb {
			return -b.bombCost() - 1
		}
		v = float64(clue)
	} else {
		vals := b.unseen(caseSeat(c))
		if cr := b.m.cases[c].carrier; cr >= 0 && agentSeat(cr) == caseSeat(c) && len(vals) > 1 {
			vals = without(vals, ClueBomb)
		}
		sum, bombs := 0, 0
		for _, x := range vals {
			sum += x.Secrets()
			if x == ClueBomb {
				bombs++
			}
		}
		n := float64(len(vals))
		v = float64(sum)/n - float64(bombs)/n*b.bombCost()
	}
	if !b.m.mayDeliver(b.me, c) {
		return 0
	}
	return v
}

func without(cs []Clue, x Clue) []Clue {
	var out []Clue
	for _, c := range cs {
		if c != x {
			out = append(out, c)
		}
	}
	return out
}

// winsNow reports whether delivering c surely reaches 10 secrets (R22).
func (b *brain) winsNow(c int) bool {
	clue, ok := b.known(c)
	return ok && b.m.players[b.me].secrets+clue.Secrets() >= WinningSecrets
}

// dist is the empty-board distance between two nodes.
func dist(a, z node) int {
	d := world.dist[a][z]
	if d < 0 {
		return 99
	}
	return d
}

// home is the bot's arrival base.
func (b *brain) home() node { return world.arrival[b.m.colours[b.me]] }

// danger counts enemy agents within a typical roll of n: who could attack there next turn.
func (b *brain) danger(n node) int {
	k := 0
	for a, ag := range b.m.agents {
		if ag.at != noNode && agentSeat(a) != b.me && dist(ag.at, n) <= 4 {
			k++
		}
	}
	return k
}

// fade[d] is 0.8^d: how a suitcase's pull weakens with distance.
var fade = func() [32]float64 {
	var f [32]float64
	f[0] = 1
	for i := 1; i < len(f); i++ {
		f[i] = f[i-1] * 0.8
	}
	return f
}()

// lure is how much an empty agent on n is drawn to suitcases: the best
// worth of a suitcase lying nearby or carried by an enemy, fading with distance.
func (b *brain) lure(n node) float64 {
	best := 0.0
	for c, sc := range b.m.cases {
		w := b.worth(c)
		if w <= 0.2 {
			continue
		}
		switch {
		case sc.at != noNode:
		case sc.carrier >= 0 && agentSeat(sc.carrier) != b.me:
			w *= 0.5
		default:
			continue
		}
		where := sc.at
		if where == noNode {
			where = b.m.agents[sc.carrier].at
		}
		best = max(best, w*fade[min(dist(n, where), len(fade)-1)])
	}
	return best
}

// bestLyingAt is the most valuable suitcase lying on n worth swapping
// for what the bot's agent carries, or -1.
func (b *brain) bestLyingAt(n node, carrying int) int {
	floor := 0.2
	if carrying >= 0 {
		floor = b.worth(carrying) + 0.5
	}
	best := -1
	for c, sc := range b.m.cases {
		if sc.at == n && b.worth(c) > floor {
			best, floor = c, b.worth(c)
		}
	}
	return best
}

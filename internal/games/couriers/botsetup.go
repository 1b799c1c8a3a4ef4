package couriers

import "slices"

// hide is the bot's secret setup (R9, R10): the 5 and the 3 on cities
// close to its own route and far from rival start bases, the bomb as bait
// near a rival's arrival base, the 1 anywhere; the letters are shuffled.
func (b *brain) hide() Hide {
	me := b.m.colours[b.me]
	start, home := world.start[me], world.arrival[me]
	var rivals []Colour
	for s, c := range b.m.colours {
		if s != b.me {
			rivals = append(rivals, c)
		}
	}
	keep := make([]float64, world.cities)
	bait := make([]float64, world.cities)
	for i := range world.cities {
		n := node(i)
		near, lure := 99, 99
		for _, r := range rivals {
			near = min(near, dist(world.start[r], n))
			lure = min(lure, dist(n, world.arrival[r]))
		}
		detour := dist(start, n) + dist(n, home) - dist(start, home)
		keep[i] = float64(detour) - 0.5*float64(near) + float64(b.r.IntN(30))/10
		bait[i] = float64(lure) + float64(b.r.IntN(30))/10
	}
	var chosen []node
	best := func(score []float64) node {
		pick := noNode
		for i, s := range score {
			if !slices.Contains(chosen, node(i)) && (pick == noNode || s < score[pick]) {
				pick = node(i)
			}
		}
		chosen = append(chosen, pick)
		return pick
	}
	five, three, bomb := best(keep), best(keep), best(bait)
	one := node(b.r.IntN(world.cities))
	for slices.Contains(chosen, one) {
		one = node((int(one) + 1) % world.cities)
	}
	order := []Clue{ClueFive, ClueThree, ClueOne, ClueBomb}
	at := map[Clue]node{ClueFive: five, ClueThree: three, ClueOne: one, ClueBomb: bomb}
	b.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	h := Hide{Clues: map[string]string{}}
	cities := []*string{&h.A, &h.B, &h.C, &h.D}
	for l, c := range order {
		h.Clues[letters[l:l+1]] = c.String()
		*cities[l] = world.id(at[c])
	}
	return h
}

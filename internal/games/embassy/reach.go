package embassy

// search is a breadth-first search from start over (location, tunnel hop
// used) up to limit steps: enter says whether a step may enter a location,
// hop whether a well may be used for the one tunnel hop, and no embassy but
// the start is crossed (M5). A shortest walk never repeats a location, so
// the distances are those of legal paths.
func search(start loc, limit int8, enter, hop func(loc) bool) *[2][numLocs]int8 {
	var dist [2][numLocs]int8
	for h := range dist {
		for i := range dist[h] {
			dist[h][i] = -1
		}
	}
	type node struct {
		l   loc
		hop int
	}
	dist[0][start] = 0
	queue := []node{{start, 0}}
	visit := func(l loc, h int, d int8) {
		if dist[h][l] < 0 {
			dist[h][l] = d
			queue = append(queue, node{l, h})
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		d := dist[x.hop][x.l]
		if d == limit || x.l.isEmbassy() && x.l != start {
			continue
		}
		for _, nb := range theBoard.steps[x.l] {
			if enter(nb) {
				visit(nb, x.hop, d+1)
			}
		}
		if x.hop == 0 && theBoard.well[x.l] && hop(x.l) {
			for _, w := range theBoard.wells {
				if w != x.l && hop(w) {
					visit(w, 1, d+1)
				}
			}
		}
	}
	return &dist
}

// reach is Reach(s) of §5.3: every location on some path of at most
// MaxSteps steps obeying M1–M5, the spy's own location included.
func (m *match) reach(s int) *locSet {
	w := m.newWalk(s, MaxSteps)
	enter := func(l loc) bool { return l.isEmbassy() || w.occ[l] != blocked }
	free := func(l loc) bool { return w.occ[l] == free }
	dist := search(m.players[s].spy, MaxSteps, enter, free)
	var out locSet
	for l := range loc(numLocs) {
		if dist[0][l] >= 0 || dist[1][l] >= 0 {
			out.add(l)
		}
	}
	return &out
}

// blockersOf lists the seats whose bodyguards block seat s's spy (R23):
// on a street or well square, next to the spy's square or to a square it
// can reach. A bodyguard at home never blocks.
func (m *match) blockersOf(s int) []int {
	r := m.reach(s)
	var out []int
	for j, p := range m.players {
		if j == s {
			continue
		}
		if k := theBoard.kind[p.guard]; p.guard.isEmbassy() || (k != Street && k != Well) {
			continue
		}
		for _, nb := range theBoard.around[p.guard] {
			if r.has(nb) {
				out = append(out, j)
				break
			}
		}
	}
	return out
}

// immobile reports whether seat s's spy has no legal move for any total
// 2..12 and, in no-cards mode, no challenge move either (R21).
func (m *match) immobile(s int) bool {
	w := m.newWalk(s, MaxSteps)
	var near locSet
	if m.noCardsOnBoard() {
		for _, q := range m.targetsOf(s) {
			for _, nb := range theBoard.around[m.players[q].spy] {
				near.add(nb)
			}
		}
	}
	w.stop = func(l loc, k int) bool { return l.isEmbassy() || k >= 2 || near.has(l) }
	w.run()
	return !w.done
}

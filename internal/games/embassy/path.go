package embassy

import "slices"

// MaxSteps is the largest dice total, and so the longest move (§5.3).
const MaxSteps = 12

// Occupancy of a square for the walking spy (M4).
const (
	free     = iota
	ownGuard // the walker's own bodyguard: may be passed, not ended on, no tunnel (R11, R12)
	blocked  // another spy or an opponent's bodyguard (R11)
)

// locSet is a set of locations as a bitset.
type locSet [(numLocs + 63) / 64]uint64

func (b *locSet) has(l loc) bool { return b[l/64]&(1<<(l%64)) != 0 }
func (b *locSet) add(l loc)      { b[l/64] |= 1 << (l % 64) }
func (b *locSet) del(l loc)      { b[l/64] &^= 1 << (l % 64) }

// walk enumerates the legal paths of one spy (§5.2) by depth-first search,
// recording for each location the path lengths at which a move may end
// there. Paths never repeat a location (M2), use at most one tunnel hop
// between free wells (M3), never cross a blocking piece (M4) and stop at
// the first embassy they enter (M5).
type walk struct {
	occ   [numSquares]uint8
	seen  locSet
	start loc
	max   int
	// ends[l] has bit k when a move of exactly k steps may end at l: an
	// embassy entered at step k, or a free street or well square (M7).
	ends [numLocs]uint16
	// stop, when set, ends the search as soon as it reports true.
	stop func(l loc, k int) bool
	done bool
	// trail, when not nil, is the path walked so far (pathTo), and found
	// the one that made stop report true.
	trail, found []loc
}

// newWalk prepares a walk of seat s's spy among the pieces of the match.
func (m *match) newWalk(s, max int) *walk {
	w := &walk{start: m.players[s].spy, max: max}
	for j, p := range m.players {
		if j != s && !p.spy.isEmbassy() {
			w.occ[p.spy] = blocked
		}
	}
	for j, p := range m.players {
		switch {
		case j != s:
			w.occ[p.guard] = blocked
		case w.occ[p.guard] == free:
			w.occ[p.guard] = ownGuard
		}
	}
	return w
}

// run searches every path from the spy's location.
func (w *walk) run() *walk {
	w.seen.add(w.start)
	w.from(w.start, 0, false)
	return w
}

// from extends a path of k steps ending at cur.
func (w *walk) from(cur loc, k int, hopped bool) {
	for _, nb := range theBoard.steps[cur] {
		if w.stepTo(nb, k+1, hopped); w.done {
			return
		}
	}
	// A tunnel hop needs both wells free; the walker's own starting well
	// counts as free, its own bodyguard does not (R12).
	if hopped || !theBoard.well[cur] || w.occ[cur] != free {
		return
	}
	for _, x := range theBoard.wells {
		if x != cur && w.occ[x] == free {
			if w.stepTo(x, k+1, true); w.done {
				return
			}
		}
	}
}

// stepTo takes step k onto nb.
func (w *walk) stepTo(nb loc, k int, hopped bool) {
	if w.seen.has(nb) {
		return
	}
	if w.trail != nil {
		w.trail = append(w.trail, nb)
		defer func() { w.trail = w.trail[:len(w.trail)-1] }()
	}
	if nb.isEmbassy() {
		w.end(nb, k)
		return
	}
	o := w.occ[nb]
	if o == blocked {
		return
	}
	if o == free && theBoard.endable(nb) {
		if w.end(nb, k); w.done {
			return
		}
	}
	if k < w.max {
		w.seen.add(nb)
		w.from(nb, k, hopped)
		w.seen.del(nb)
	}
}

func (w *walk) end(l loc, k int) {
	w.ends[l] |= 1 << k
	if w.stop != nil && w.stop(l, k) {
		w.done = true
		w.found = slices.Clone(w.trail)
	}
}

// destinations are the legal end locations of a move of exactly total
// steps: squares reached in exactly total steps, embassies in at most
// total (M6). The result is sorted.
func (w *walk) destinations(total int) []loc {
	var out []loc
	for l, bits := range w.ends {
		if loc(l).isEmbassy() && bits&(1<<(total+1)-1) != 0 || bits&(1<<total) != 0 {
			out = append(out, loc(l))
		}
	}
	return out
}

// squaresWithin are the free squares a move of 1..total steps may end on,
// for challenge moves (§7.3).
func (w *walk) squaresWithin(total int) []loc {
	var out []loc
	for l, bits := range w.ends[:numSquares] {
		if bits&(1<<(total+1)-2) != 0 {
			out = append(out, loc(l))
		}
	}
	return out
}

// destinationsFor lists seat s's legal destinations for a roll of total.
func (m *match) destinationsFor(s, total int) []loc {
	return m.newWalk(s, total).run().destinations(total)
}

// pathTo is a path seat s's spy may walk to l with a roll of total (the
// first the search finds): the locations after its start, l last. A move
// ends on a square after exactly total steps, or in an embassy after at
// most total (M6); a challenge move (within) on a square after at most
// total (§7.3). A move names only its destination; the event shows the
// way there.
func (m *match) pathTo(s, total int, l loc, within bool) []loc {
	w := m.newWalk(s, total)
	w.trail = make([]loc, 0, total+1)
	w.stop = func(at loc, k int) bool { return at == l && (k == total || within || l.isEmbassy()) }
	return w.run().found
}

// hasDestination reports whether l is among the sorted destinations.
func hasDestination(dests []loc, l loc) bool {
	_, ok := slices.BinarySearch(dests, l)
	return ok
}

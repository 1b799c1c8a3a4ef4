package embassy

// distances[e][l] is the fewest steps from location l into embassy e on an
// empty board, with at most one tunnel hop and no other embassy crossed;
// -1 when unreachable. Steps are symmetric, so a search outward from the
// embassy finds them. The bot plans with it; the board tests check the
// board file's fairness table against it.
var distances = func() (d [numEmbassies][numLocs]int8) {
	for e := range d {
		d[e] = distancesTo(e)
	}
	return d
}()

// distancesTo searches outward from embassy e over an empty board.
func distancesTo(e int) [numLocs]int8 {
	always := func(loc) bool { return true }
	dist := search(embassyLoc(e), 127, always, always)
	var out [numLocs]int8
	for l := range out {
		out[l] = dist[0][l]
		if h := dist[1][l]; h >= 0 && (out[l] < 0 || h < out[l]) {
			out[l] = h
		}
	}
	return out
}

// distance is the fewest steps from l into embassy e, or a large number.
func distance(l loc, e int) int {
	if l.isEmbassy() && l.embassy() == e {
		return 0
	}
	if d := distances[e][l]; d >= 0 {
		return int(d)
	}
	if k := theBoard.kind[l]; !l.isEmbassy() && k == Start {
		best := 99
		for _, nb := range theBoard.steps[l] {
			best = min(best, 1+distance(nb, e))
		}
		return best
	}
	return 99
}

package embassy

import (
	"fmt"
	"slices"
	"testing"
)

// perftPositions are fixed positions whose destination counts are pinned.
var perftPositions = []struct {
	name string
	m    func() *match
	// want[T-2] is the number of legal destinations for a roll of T.
	want []int
}{
	{"blue at home, empty board", func() *match { return four() },
		[]int{2, 2, 2, 2, 4, 6, 9, 12, 14, 27, 52}},
	{"blue on the central well", func() *match { return four(spyAt(blue, "10,10")) },
		[]int{32, 32, 44, 52, 76, 84, 104, 128, 144, 152, 160}},
	{"blue inside USA", func() *match { return four(spyAt(blue, "A")) },
		[]int{2, 6, 9, 22, 57, 89, 121, 157, 171, 178, 184}},
	{"crowded centre", func() *match {
		return four(spyAt(blue, "5,8"), spyAt(green, "5,5"), guardAt(red, "10,10"), guardAt(blue, "5,10"),
			spyAt(yellow, "B"), guardAt(yellow, "15,15"))
	}, []int{3, 7, 6, 10, 10, 13, 21, 38, 46, 64, 74}},
}

// TestPerft pins the number of legal destinations for every total from
// fixed positions, and checks each set against an independent enumeration
// of every path read from the grid characters.
func TestPerft(t *testing.T) {
	t.Parallel()
	for _, p := range perftPositions {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			m := p.m()
			var got []int
			for total := 2; total <= MaxSteps; total++ {
				dests := idStrings(m.destinationsFor(blue, total))
				if ref := referenceDestinations(m, blue, total); !sameSet(dests, ref) {
					t.Errorf("total %d: engine %v, reference %v", total, dests, ref)
				}
				got = append(got, len(dests))
			}
			if !slices.Equal(got, p.want) {
				t.Errorf("counts %v, want %v", got, p.want)
			}
		})
	}
}

// referenceDestinations enumerates every path of §5.2 explicitly, as a
// slice of location ids, with the grid read afresh.
func referenceDestinations(m *match, s, total int) []string {
	g := Board().Grid
	occ := referenceOccupancy(m, s)
	start := m.players[s].spy.String()
	out := map[string]bool{}
	steps := map[string][]string{}
	stepsOf := func(id string) []string {
		if _, ok := steps[id]; !ok {
			steps[id] = gridSteps(g, id, false)
		}
		return steps[id]
	}
	var walk func(path []string, hopped bool)
	walk = func(path []string, hopped bool) {
		cur, k := path[len(path)-1], len(path)-1
		type step struct {
			to  string
			hop bool
		}
		var next []step
		for _, nb := range stepsOf(cur) {
			next = append(next, step{nb, false})
		}
		if !hopped && len(cur) > 2 && cellAt(g, cur) == '@' && occ[cur] == "" {
			for _, w := range theBoard.wells {
				if w.String() != cur && occ[w.String()] == "" {
					next = append(next, step{w.String(), true})
				}
			}
		}
		for _, st := range next {
			switch {
			case slices.Contains(path, st.to) || occ[st.to] == "block":
			case len(st.to) == 1:
				out[st.to] = true
			case k+1 == total:
				if ch := cellAt(g, st.to); occ[st.to] == "" && (ch == '.' || ch == '@') {
					out[st.to] = true
				}
			default:
				walk(append(slices.Clone(path), st.to), hopped || st.hop)
			}
		}
	}
	walk([]string{start}, false)
	var ids []string
	for id := range out {
		ids = append(ids, id)
	}
	return ids
}

// referenceOccupancy marks the squares other pieces block and the one the
// walker's own bodyguard stands on.
func referenceOccupancy(m *match, s int) map[string]string {
	occ := map[string]string{}
	for j, p := range m.players {
		if j != s && !p.spy.isEmbassy() {
			occ[p.spy.String()] = "block"
		}
	}
	for j, p := range m.players {
		if j != s {
			occ[p.guard.String()] = "block"
		} else if occ[p.guard.String()] == "" {
			occ[p.guard.String()] = "own"
		}
	}
	return occ
}

func cellAt(g []string, id string) byte {
	var r, c int
	fmt.Sscanf(id, "%d,%d", &r, &c)
	return g[r][c]
}

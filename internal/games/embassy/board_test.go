package embassy

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestBoard_Grid(t *testing.T) {
	t.Parallel()
	b := Board()
	if len(b.Grid) != Size || len(b.Cells) != Size {
		t.Fatalf("%d rows", len(b.Grid))
	}
	counts := map[Kind]int{}
	for r := range Size {
		if len(b.Grid[r]) != Size || len(b.Cells[r]) != Size {
			t.Fatalf("row %d is %d wide", r, len(b.Grid[r]))
		}
		for c := range Size {
			counts[b.Cells[r][c]]++
		}
	}
	want := map[Kind]int{Street: 172, Well: 9, Forbidden: 88, Arrow: 32, Wire: 72, Building: 64, Start: 4}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%d %s squares, want %d", counts[k], k, n)
		}
	}
	wells := "(0,10) (5,5) (5,15) (10,0) (10,10) (10,20) (15,5) (15,15) (20,10)"
	if got := squaresText(b.Wells); got != wells {
		t.Errorf("wells %s, want %s", got, wells)
	}
	if len(b.Tunnels) != 9*8/2 {
		t.Errorf("%d tunnels, want 36", len(b.Tunnels))
	}
	homes := []string{"blue (0,0)", "green (0,20)", "yellow (20,20)", "red (20,0)"}
	for i, h := range b.Homes {
		if got := fmt.Sprintf("%s (%d,%d)", h.Colour, h.Square.Row, h.Square.Col); got != homes[i] {
			t.Errorf("home %d is %s, want %s", i, got, homes[i])
		}
	}
	if got := HomesFor(2); len(got) != 2 || got[1].Colour != "yellow" || got[1].Square != (Square{20, 20}) {
		t.Errorf("2-player homes %+v", got)
	}
	if HomesFor(5) != nil || len(HomesFor(3)) != 3 {
		t.Error("HomesFor of 3 or 5 players")
	}
	b.Grid[0], b.Cells[0][0], b.Embassies[0].Entrances[0].Arrow = "x", Wire, "x"
	if c := Board(); c.Grid[0] == "x" || c.Cells[0][0] == Wire || c.Embassies[0].Entrances[0].Arrow == "x" {
		t.Fatal("Board shares its slices with the caller")
	}
}

func squaresText(qs []Square) string {
	var parts []string
	for _, q := range qs {
		parts = append(parts, fmt.Sprintf("(%d,%d)", q.Row, q.Col))
	}
	return strings.Join(parts, " ")
}

// embassyRow matches a row of the board file's embassy table.
var embassyRow = regexp.MustCompile(`^ ([A-P]) .*?(\(\d+,\d+\))\s+(\(\d+,\d+\)[v<>^]) (\(\d+,\d+\)[v<>^])\s+(\(\d+,\d+\)) (\(\d+,\d+\))\s+(yes|no)$`)

// TestBoard_Embassies checks every row of the embassy table against the grid:
// card square, both entrances with their arrows, the squares they are
// entered from, and the 3-player empty embassies.
func TestBoard_Embassies(t *testing.T) {
	t.Parallel()
	b := Board()
	rows := 0
	for line := range strings.Lines(boardText) {
		f := embassyRow.FindStringSubmatch(strings.TrimRight(line, "\n"))
		if f == nil {
			continue
		}
		rows++
		e := b.Embassies[f[1][0]-'A']
		if got := squaresText([]Square{e.Card}); got != f[2] {
			t.Errorf("%s: card square %s, table %s", e.Letter, got, f[2])
		}
		var ens, from []string
		for _, en := range e.Entrances {
			ens = append(ens, squaresText([]Square{en.Square})+en.Arrow)
			from = append(from, enteredFrom(b, en.Square)...)
		}
		if !sameSet(ens, []string{f[3], f[4]}) {
			t.Errorf("%s: entrances %v, table %s %s", e.Letter, ens, f[3], f[4])
		}
		if !sameSet(from, []string{f[5], f[6]}) {
			t.Errorf("%s: entered from %v, table %s %s", e.Letter, from, f[5], f[6])
		}
		if e.EmptyWithThree != (f[7] == "yes") || e.EmptyWithThree != strings.Contains("DHLP", e.Letter) {
			t.Errorf("%s: empty with three %v, table %s", e.Letter, e.EmptyWithThree, f[7])
		}
		if b.Grid[e.Card.Row][e.Card.Col] != e.Letter[0] || e.Rows != 2 || e.Cols != 2 {
			t.Errorf("%s: building %+v", e.Letter, e)
		}
	}
	if rows != numEmbassies {
		t.Fatalf("%d table rows matched, want 16", rows)
	}
}

// enteredFrom lists the street and well squares next to an entrance.
func enteredFrom(b BoardModel, q Square) []string {
	var out []string
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r, c := q.Row+d[0], q.Col+d[1]
		if r >= 0 && r < Size && c >= 0 && c < Size && (b.Cells[r][c] == Street || b.Cells[r][c] == Well) {
			out = append(out, squaresText([]Square{{r, c}}))
		}
	}
	return out
}

// TestBoard_QuarterTurn checks that the grid is its own clockwise quarter
// turn (row,col) → (col, 20−row), with arrows, letters and starts relabelled.
func TestBoard_QuarterTurn(t *testing.T) {
	t.Parallel()
	turn := map[byte]byte{'^': '>', '>': 'v', 'v': '<', '<': '^', '1': '2', '2': '3', '3': '4', '4': '1'}
	for _, orbit := range []string{"AEIM", "BFJN", "CGKO", "DHLP"} {
		for i := range 4 {
			a, b := orbit[i], orbit[(i+1)%4]
			turn[a], turn[a+'a'-'A'] = b, b+'a'-'A'
		}
	}
	g := Board().Grid
	for r := range Size {
		for c := range Size {
			ch := g[r][c]
			want := ch
			if x, ok := turn[ch]; ok {
				want = x
			}
			if got := g[c][Size-1-r]; got != want {
				t.Fatalf("(%d,%d) %q turns to (%d,%d) %q, want %q", r, c, ch, c, Size-1-r, got, want)
			}
		}
	}
}

// gridSteps is an independent reading of the movement graph from the grid
// characters alone: nodes are squares "r,c" and embassy letters.
func gridSteps(g []string, from string, hop bool) []string {
	if len(from) == 1 {
		var out []string
		for r := range Size {
			for c := range Size {
				if d, ok := arrows[g[r][c]]; ok && strings.ToUpper(string(g[r+d[0]][c+d[1]])) == from {
					out = append(out, fmt.Sprintf("%d,%d", r, c))
				}
			}
		}
		return out
	}
	var r, c int
	fmt.Sscanf(from, "%d,%d", &r, &c)
	var out []string
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		nr, nc := r+d[0], c+d[1]
		if nr >= 0 && nr < Size && nc >= 0 && nc < Size && strings.ContainsRune(".@:^v<>", rune(g[nr][nc])) {
			out = append(out, fmt.Sprintf("%d,%d", nr, nc))
		}
	}
	if d, ok := arrows[g[r][c]]; ok {
		out = append(out, strings.ToUpper(string(g[r+d[0]][c+d[1]])))
	}
	if hop && g[r][c] == '@' {
		for wr := range Size {
			for wc := range Size {
				if g[wr][wc] == '@' && (wr != r || wc != c) {
					out = append(out, fmt.Sprintf("%d,%d", wr, wc))
				}
			}
		}
	}
	return out
}

// fewestSteps to enter every embassy from a start square, by breadth-first
// search over (node, hops used); embassies are never crossed.
func fewestSteps(g []string, start string, maxHops int) map[string]int {
	type node struct {
		at   string
		hops int
	}
	dist := map[node]int{{start, 0}: 0}
	queue := []node{{start, 0}}
	best := map[string]int{}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if len(x.at) == 1 {
			if d, ok := best[x.at]; !ok || dist[x] < d {
				best[x.at] = dist[x]
			}
			continue
		}
		for _, nb := range gridSteps(g, x.at, false) {
			if n := (node{nb, x.hops}); !hasNode(dist, n) {
				dist[n] = dist[x] + 1
				queue = append(queue, n)
			}
		}
		if x.hops < maxHops {
			for _, nb := range gridSteps(g, x.at, true)[len(gridSteps(g, x.at, false)):] {
				if n := (node{nb, x.hops + 1}); !hasNode(dist, n) {
					dist[n] = dist[x] + 1
					queue = append(queue, n)
				}
			}
		}
	}
	return best
}

func hasNode[K comparable](m map[K]int, k K) bool { _, ok := m[k]; return ok }

// TestBoard_Fairness recomputes the board file's table of fewest steps from
// each start square into each embassy, with and without a tunnel, checks it
// against the engine's distances and checks that every start sees the same
// sorted list.
func TestBoard_Fairness(t *testing.T) {
	t.Parallel()
	g := Board().Grid
	row := regexp.MustCompile(`^([1-4]) (blue|green|yellow|red)\s+((?:\d+/\d+\s*){16})$`)
	rows := 0
	var sorted []int
	for line := range strings.Lines(boardText) {
		f := row.FindStringSubmatch(strings.TrimRight(line, "\n"))
		if f == nil {
			continue
		}
		rows++
		i := int(f[1][0] - '1')
		home := theBoard.homes[i]
		with, without := fewestSteps(g, home.String(), 1), fewestSteps(g, home.String(), 0)
		var mine []int
		for e, cell := range strings.Fields(f[3]) {
			a, b, _ := strings.Cut(cell, "/")
			wa, _ := strconv.Atoi(a)
			wb, _ := strconv.Atoi(b)
			l := letter(e)
			if with[l] != wa || without[l] != wb || distance(home, e) != wa {
				t.Errorf("%s → %s: %d/%d (engine %d), table %s", Colours[i], l, with[l], without[l], distance(home, e), cell)
			}
			mine = append(mine, wa)
		}
		slices.Sort(mine)
		if sorted != nil && !slices.Equal(mine, sorted) {
			t.Errorf("%s sees %v, blue %v", Colours[i], mine, sorted)
		}
		sorted = mine
	}
	if rows != 4 || !slices.Equal(sorted[:3], []int{7, 9, 9}) {
		t.Fatalf("%d table rows; nearest %v", rows, sorted)
	}
}

// TestBoard_Reachable checks that every passable square and every embassy
// can be reached from every start square, and that the engine's graph
// agrees with the independent reading of the grid.
func TestBoard_Reachable(t *testing.T) {
	t.Parallel()
	g := Board().Grid
	for _, home := range theBoard.homes {
		seen := map[string]bool{home.String(): true}
		queue := []string{home.String()}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			if len(x) == 1 && x != home.String() {
				continue
			}
			for _, nb := range gridSteps(g, x, true) {
				if !seen[nb] {
					seen[nb] = true
					queue = append(queue, nb)
				}
			}
		}
		for l := loc(0); l < numLocs; l++ {
			if (l.isEmbassy() || theBoard.passable(l)) && !seen[l.String()] {
				t.Errorf("%s cannot be reached from %s", theBoard.describe(l), home)
			}
		}
	}
	for l := loc(0); l < numLocs; l++ {
		var got []string
		for _, nb := range theBoard.steps[l] {
			got = append(got, nb.String())
		}
		want := gridSteps(g, l.String(), false)
		if !l.isEmbassy() && !theBoard.passable(l) && theBoard.kind[l] != Start {
			want = nil
		}
		if !sameSet(got, want) {
			t.Errorf("%s steps to %v, grid says %v", theBoard.describe(l), got, want)
		}
	}
}

package embassy

import (
	"fmt"
	"strconv"
	"strings"
)

// loc is a location of the movement graph (§5.1): squares are row*Size+col,
// the sixteen embassies follow them, one location each.
type loc int16

const (
	numSquares       = Size * Size
	numEmbassies     = 16
	numLocs          = numSquares + numEmbassies
	noLoc        loc = -1
)

func at(r, c int) loc { return loc(r*Size + c) }

func embassyLoc(e int) loc { return loc(numSquares + e) }

func (l loc) isEmbassy() bool { return l >= numSquares && l < numLocs }

// embassy is the embassy index 0–15 (A–P) of an embassy location.
func (l loc) embassy() int { return int(l) - numSquares }

func (l loc) row() int { return int(l) / Size }

func (l loc) col() int { return int(l) % Size }

// String is the location's id in actions and views: "row,col" or an embassy letter.
func (l loc) String() string {
	if l >= 0 && l < numLocs {
		return locNames[l]
	}
	return ""
}

// locNames are the ids of all locations, written once: views name many.
var locNames = func() (names [numLocs]string) {
	for l := range loc(numLocs) {
		if l.isEmbassy() {
			names[l] = letter(l.embassy())
		} else {
			names[l] = strconv.Itoa(l.row()) + "," + strconv.Itoa(l.col())
		}
	}
	return names
}()

func letter(e int) string { return "ABCDEFGHIJKLMNOP"[e : e+1] }

// parseLoc reads a location id; ok is false for anything that is not a
// square of the board or an embassy letter.
func parseLoc(s string) (loc, bool) {
	if len(s) == 1 && s[0] >= 'A' && s[0] < 'A'+numEmbassies {
		return embassyLoc(int(s[0] - 'A')), true
	}
	rs, cs, ok := strings.Cut(s, ",")
	if !ok {
		return noLoc, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 0 || r >= Size || c < 0 || c >= Size {
		return noLoc, false
	}
	return at(r, c), true
}

// parseEmbassy reads an embassy letter.
func parseEmbassy(s string) (int, bool) {
	l, ok := parseLoc(s)
	if !ok || !l.isEmbassy() {
		return 0, false
	}
	return l.embassy(), true
}

// graph is the movement graph of §5.1 derived from the board model.
type graph struct {
	model BoardModel
	kind  [numSquares]Kind
	// steps are the non-tunnel steps from each location (never into a
	// start, wire or building square).
	steps [numLocs][]loc
	// around are the orthogonal neighbour squares of each square, any kind.
	around [numSquares][]loc
	wells  []loc
	well   [numLocs]bool
	homes  []loc // start square per colour
}

// theBoard is the parsed board; the embedded file is part of the program,
// so a parse error is a build defect.
var theBoard = mustGraph(boardText)

func mustGraph(text string) *graph {
	m, err := parseBoard(text)
	if err != nil {
		panic(err)
	}
	return newGraph(m)
}

func newGraph(m BoardModel) *graph {
	g := &graph{model: m}
	for r := range Size {
		for c := range Size {
			g.kind[at(r, c)] = m.Cells[r][c]
		}
	}
	for _, w := range m.Wells {
		g.wells = append(g.wells, at(w.Row, w.Col))
		g.well[at(w.Row, w.Col)] = true
	}
	for _, h := range m.Homes {
		g.homes = append(g.homes, at(h.Square.Row, h.Square.Col))
	}
	for l := loc(0); l < numSquares; l++ {
		g.linkSquare(l)
	}
	for i, e := range m.Embassies {
		for _, en := range e.Entrances {
			a := at(en.Square.Row, en.Square.Col)
			g.steps[a] = append(g.steps[a], embassyLoc(i))
			g.steps[embassyLoc(i)] = append(g.steps[embassyLoc(i)], a)
		}
	}
	return g
}

// linkSquare lists l's orthogonal neighbours and, for a passable square or a
// start square, the passable ones it steps onto.
func (g *graph) linkSquare(l loc) {
	for _, d := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
		r, c := l.row()+d[0], l.col()+d[1]
		if r < 0 || r >= Size || c < 0 || c >= Size {
			continue
		}
		n := at(r, c)
		g.around[l] = append(g.around[l], n)
		if (g.passable(l) || g.kind[l] == Start) && g.passable(n) {
			g.steps[l] = append(g.steps[l], n)
		}
	}
}

// passable reports whether a move may cross square l (§5.1).
func (g *graph) passable(l loc) bool {
	switch g.kind[l] {
	case Street, Well, Forbidden, Arrow:
		return true
	}
	return false
}

// endable reports whether a move may end on square l (M7: street or well).
func (g *graph) endable(l loc) bool {
	return !l.isEmbassy() && (g.kind[l] == Street || g.kind[l] == Well)
}

// embassyTerm is the catalogue id of embassy e's name.
func embassyTerm(e int) string { return theBoard.model.Embassies[e].Term }

// describe names a location for errors and test failures.
func (g *graph) describe(l loc) string {
	if l.isEmbassy() {
		return fmt.Sprintf("embassy %s", l)
	}
	return fmt.Sprintf("%s square %s", g.kind[l], l)
}

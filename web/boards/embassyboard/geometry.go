package embassyboard

import (
	"strconv"
	"strings"

	"topsecret/internal/games/embassy"
)

// The board is drawn in units of unit per square: the static drawing and
// every frame's overlay share the viewBox 0 0 side side.
const (
	unit = 10
	side = embassy.Size * unit
)

// model is the engine's board, read once.
var model = embassy.Board()

// embassies maps a letter to its embassy.
var embassies = func() map[string]embassy.Embassy {
	out := make(map[string]embassy.Embassy, len(model.Embassies))
	for _, e := range model.Embassies {
		out[e.Letter] = e
	}
	return out
}()

// view is one screen's orientation: the number of clockwise quarter turns
// that bring the viewer's start square to the bottom left. The board is
// the same under a quarter turn (docs/games/embassy.md §3), so every
// phone sees its own corner where red's is on the unturned board.
type view struct {
	turns int
}

// viewFor is the orientation of a seat's phone in a game of n players; the
// table screen and replays use the unturned board.
func viewFor(seat, n int) view {
	homes := embassy.HomesFor(n)
	if seat < 0 || seat >= len(homes) {
		return view{}
	}
	v := view{}
	for t := range 4 {
		v.turns = t
		if v.square(homes[seat].Square) == (embassy.Square{Row: embassy.Size - 1, Col: 0}) {
			return v
		}
	}
	return view{}
}

// square is where square q shows after the view's turns: a clockwise
// quarter turn takes (row, col) to (col, last−row).
func (v view) square(q embassy.Square) embassy.Square {
	for range v.turns {
		q = embassy.Square{Row: q.Col, Col: embassy.Size - 1 - q.Row}
	}
	return q
}

// point is a position in board units.
type point struct{ X, Y float64 }

// centre is the middle of square q on screen.
func (v view) centre(q embassy.Square) point {
	s := v.square(q)
	return point{X: (float64(s.Col) + .5) * unit, Y: (float64(s.Row) + .5) * unit}
}

// building is the middle of an embassy's 2×2 building on screen.
func (v view) building(e embassy.Embassy) point {
	a := v.centre(embassy.Square{Row: e.Top, Col: e.Left})
	b := v.centre(embassy.Square{Row: e.Top + 1, Col: e.Left + 1})
	return point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
}

// parseSquare reads a "row,col" location id.
func parseSquare(id string) (embassy.Square, bool) {
	rs, cs, ok := strings.Cut(id, ",")
	if !ok {
		return embassy.Square{}, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 0 || c < 0 || r >= embassy.Size || c >= embassy.Size {
		return embassy.Square{}, false
	}
	return embassy.Square{Row: r, Col: c}, true
}

// at is the middle of a location id on screen: a square's centre or an
// embassy's building; ok is false for an id that is neither.
func (v view) at(id string) (point, bool) {
	if e, ok := embassies[id]; ok {
		return v.building(e), true
	}
	q, ok := parseSquare(id)
	if !ok {
		return point{}, false
	}
	return v.centre(q), true
}

// pct is a board coordinate as a percentage of the board's side, for the
// HTML tap targets laid over the drawing.
func pct(x float64) string {
	return strconv.FormatFloat(x*100/side, 'f', 2, 64) + "%"
}

// num writes a board coordinate for SVG attributes, short.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// isHome reports whether id is one of the start squares.
func isHome(id string) bool {
	for _, h := range model.Homes {
		if h.Square.String() == id {
			return true
		}
	}
	return false
}

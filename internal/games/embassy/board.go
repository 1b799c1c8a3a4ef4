package embassy

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"topsecret/internal/game"
)

// boardText is the board: the grid, its legend and its fairness checks,
// described in docs/games/embassy.md §3.
//
//go:embed board.txt
var boardText string

// Size is the board's width and height in squares (§3).
const Size = 21

// Kind is what one square of the grid is (§3 legend).
type Kind uint8

// Square kinds of the legend.
const (
	// Street may be crossed and ended on ('.').
	Street Kind = iota
	// Well is a street square that is also a tunnel mouth ('@', R12).
	Well
	// Forbidden may be crossed but never ended on (':', R8).
	Forbidden
	// Arrow is a forbidden square leading into one embassy ('^ v < >', R9).
	Arrow
	// Wire is barbed wire, never entered ('#').
	Wire
	// Start is a colour's start square, never entered by a move ('1'–'4', R4).
	Start
	// Building is a square of an embassy building, never entered square by square.
	Building
)

var kindNames = [...]string{"street", "well", "forbidden", "arrow", "wire", "start", "building"}

// String names the kind for JSON and tests.
func (k Kind) String() string { return kindNames[k] }

// MarshalText writes the kind's name, so the board drawer reads words.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Square is one square of the grid, row 0 at the top.
type Square struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// String is the square's id in actions and views: "row,col".
func (q Square) String() string { return fmt.Sprintf("%d,%d", q.Row, q.Col) }

// Entrance is an arrow square of an embassy (R9).
type Entrance struct {
	Square Square `json:"square"`
	// Arrow is the arrow's character: ^ v < or >.
	Arrow string `json:"arrow"`
}

// Embassy is one of the sixteen embassies: a 2×2 building with a black card
// square and two arrow entrances.
type Embassy struct {
	// Letter is the embassy's id in actions and views, A–P.
	Letter string `json:"letter"`
	// Term is the catalogue id of its name ("embassy.embassy.A").
	Term string `json:"term"`
	// Top and Left are the building's top-left square; it is Rows × Cols.
	Top  int `json:"top"`
	Left int `json:"left"`
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Card is the black card square where its Top Secret card lies.
	Card      Square     `json:"card"`
	Entrances []Entrance `json:"entrances"`
	// EmptyWithThree says it holds no card at the start of a 3-player game (R26).
	EmptyWithThree bool `json:"empty_with_three"`
}

// Home is a colour's start square.
type Home struct {
	Colour string `json:"colour"`
	Square Square `json:"square"`
}

// BoardModel is the static board for the drawer: every square's kind, the
// embassies, the wells with their tunnels and the start squares. Views
// never repeat it; they name squares by their "row,col" ids.
type BoardModel struct {
	Size int `json:"size"`
	// Grid is the board file's grid, one string per row.
	Grid      []string    `json:"grid"`
	Cells     [][]Kind    `json:"cells"`
	Embassies []Embassy   `json:"embassies"`
	Wells     []Square    `json:"wells"`
	Tunnels   [][2]Square `json:"tunnels"`
	Homes     []Home      `json:"homes"`
}

// Board returns the board model parsed from the embedded board file. Each
// call returns a fresh copy, so a caller cannot change the engine's board.
func Board() BoardModel {
	b := theBoard.model
	b.Grid = slices.Clone(b.Grid)
	b.Cells = make([][]Kind, len(theBoard.model.Cells))
	for i, row := range theBoard.model.Cells {
		b.Cells[i] = slices.Clone(row)
	}
	b.Embassies = make([]Embassy, len(theBoard.model.Embassies))
	for i, e := range theBoard.model.Embassies {
		e.Entrances = slices.Clone(e.Entrances)
		b.Embassies[i] = e
	}
	b.Wells, b.Tunnels, b.Homes = slices.Clone(b.Wells), slices.Clone(b.Tunnels), slices.Clone(b.Homes)
	return b
}

// Colours are the four colours in clockwise turn order; start square i+1 is colour i's (§3).
var Colours = []string{"blue", "green", "yellow", "red"}

// arrows maps an arrow character to the step it points along.
var arrows = map[byte][2]int{'^': {-1, 0}, 'v': {1, 0}, '<': {0, -1}, '>': {0, 1}}

// parseBoard reads the grid between BEGIN GRID and END GRID and the
// "empty 3p" column of the embassy table.
func parseBoard(text string) (BoardModel, error) {
	grid, err := gridLines(text)
	if err != nil {
		return BoardModel{}, err
	}
	b := BoardModel{Size: Size, Grid: grid, Cells: make([][]Kind, Size), Homes: make([]Home, len(Colours))}
	for r, line := range grid {
		b.Cells[r] = make([]Kind, Size)
		for c := range Size {
			k, err := kindOf(line[c])
			if err != nil {
				return BoardModel{}, fmt.Errorf("board: square %d,%d: %w", r, c, err)
			}
			b.Cells[r][c] = k
			switch k {
			case Well:
				b.Wells = append(b.Wells, Square{r, c})
			case Start:
				i := int(line[c] - '1')
				b.Homes[i] = Home{Colour: Colours[i], Square: Square{r, c}}
			}
		}
	}
	for i, w := range b.Wells {
		for _, x := range b.Wells[i+1:] {
			b.Tunnels = append(b.Tunnels, [2]Square{w, x})
		}
	}
	if b.Embassies, err = embassiesOf(grid); err != nil {
		return BoardModel{}, err
	}
	return b, markEmptyWithThree(text, b.Embassies)
}

// gridLines returns the 21 grid rows of the board file.
func gridLines(text string) ([]string, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	begin := slices.Index(lines, "BEGIN GRID")
	if begin < 0 || len(lines) < begin+Size+2 || lines[begin+Size+1] != "END GRID" {
		return nil, fmt.Errorf("board: no %d-row grid between BEGIN GRID and END GRID", Size)
	}
	grid := lines[begin+1 : begin+1+Size]
	for r, line := range grid {
		if len(line) != Size {
			return nil, fmt.Errorf("board: row %d has %d squares, want %d", r, len(line), Size)
		}
	}
	return slices.Clone(grid), nil
}

func kindOf(ch byte) (Kind, error) {
	switch {
	case ch == '.':
		return Street, nil
	case ch == '@':
		return Well, nil
	case ch == ':':
		return Forbidden, nil
	case arrows[ch] != [2]int{}:
		return Arrow, nil
	case ch == '#':
		return Wire, nil
	case ch >= '1' && ch <= '4':
		return Start, nil
	case ch >= 'A' && ch <= 'P', ch >= 'a' && ch <= 'p':
		return Building, nil
	}
	return 0, fmt.Errorf("unknown character %q", ch)
}

// embassiesOf finds each embassy's building, card square and entrances.
func embassiesOf(grid []string) ([]Embassy, error) {
	es := make([]Embassy, 16)
	for i := range es {
		l := string(rune('A' + i))
		es[i] = Embassy{Letter: l, Term: "embassy.embassy." + l, Top: Size, Left: Size}
	}
	for r, line := range grid {
		for c := range Size {
			ch := line[c]
			if k, _ := kindOf(ch); k == Building {
				e := &es[strings.ToUpper(string(ch))[0]-'A']
				e.Top, e.Left = min(e.Top, r), min(e.Left, c)
				e.Rows, e.Cols = max(e.Rows, r+1), max(e.Cols, c+1)
				if ch >= 'A' && ch <= 'P' {
					e.Card = Square{r, c}
				}
			}
			if d, ok := arrows[ch]; ok {
				tr, tc := r+d[0], c+d[1]
				if tr < 0 || tr >= Size || tc < 0 || tc >= Size {
					return nil, fmt.Errorf("board: arrow %d,%d points off the board", r, c)
				}
				t := grid[tr][tc]
				if k, _ := kindOf(t); k != Building {
					return nil, fmt.Errorf("board: arrow %d,%d points at %q, not a building", r, c, t)
				}
				e := &es[strings.ToUpper(string(t))[0]-'A']
				e.Entrances = append(e.Entrances, Entrance{Square{r, c}, string(ch)})
			}
		}
	}
	for i := range es {
		e := &es[i]
		e.Rows, e.Cols = e.Rows-e.Top, e.Cols-e.Left
		if e.Rows != 2 || e.Cols != 2 || len(e.Entrances) != 2 {
			return nil, fmt.Errorf("board: embassy %s is %d×%d with %d entrances, want 2×2 with 2",
				e.Letter, e.Rows, e.Cols, len(e.Entrances))
		}
	}
	return es, nil
}

// markEmptyWithThree reads the last column of the embassy table.
func markEmptyWithThree(text string, es []Embassy) error {
	rows := 0
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) < 3 || len(f[0]) != 1 || f[0][0] < 'A' || f[0][0] > 'P' {
			continue
		}
		last := f[len(f)-1]
		if last != "yes" && last != "no" {
			continue
		}
		es[f[0][0]-'A'].EmptyWithThree = last == "yes"
		rows++
	}
	if rows != len(es) {
		return fmt.Errorf("board: embassy table has %d rows, want %d", rows, len(es))
	}
	return nil
}

// HomesFor lists each seat's colour and start square in a game of n
// players (n outside 2–4 gives nil): the drawer's start squares per seat.
func HomesFor(n int) []Home {
	if n < MinPlayers || n > MaxPlayers {
		return nil
	}
	var out []Home
	for _, c := range coloursFor(n) {
		out = append(out, theBoard.model.Homes[c])
	}
	return out
}

var _ game.Boarder = Rules{}

// Board is the board for clients that draw it themselves.
func (Rules) Board() any { return Board() }

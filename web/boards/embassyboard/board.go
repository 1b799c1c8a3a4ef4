package embassyboard

import (
	"encoding/json"
	"strings"

	"github.com/a-h/templ"

	"topsecret/web/kit"
)

// piece is a spy or a bodyguard on screen.
type piece struct {
	At    point
	Guard bool
	Seat  int
	Fill  string // the seat's colour
	// Colour is the seat's colour name, whose sign the piece wears.
	Colour string
	// Mine marks the viewer's own spy: ringed, and where the zoom centres.
	Mine bool
	// Ring marks a spy the active player may challenge, or a bodyguard
	// the stuck player may swap with.
	Ring bool
}

// target is a tap target laid over the board: a radio of a pick form, or
// a button. Its box is the square or the embassy's building.
type target struct {
	Left, Top string // percentages of the board's side
	Embassy   bool
	Value     string // the radio's value
	Act, Data string // the button's action
	Label     string // what it is, in words
}

// layer is one pick form over the board: the legal move's type and data,
// and the listed values of its open field as radios.
type layer struct {
	ID      string
	Mode    int
	Type    string
	Data    string
	Field   string
	Targets []target
}

// face is a card face up on an embassy (the all-seeing replay).
type face struct {
	At  point
	Set string
}

// mapModel is the board as one viewer sees it: the drawing, turned to the
// viewer's corner, and what moves on it.
type mapModel struct {
	Fragment string // the drawing's turn: "", "#q1", "#q2" or "#q3"
	Cards    string // path of the face-down cards on embassies
	Fresh    string // path of cards placed by the latest action
	Faces    []face
	Pieces   []piece
	Homes    []homeSign // each start square's colour sign
	Dots     []point    // the active spy's destinations, for watchers
	Layers   []layer
	Buttons  []target
	Seq      int
}

// newMap places the public state: cards on embassies, pieces, and (for
// whoever watches) the active spy's destinations.
func (b *base) newMap() *mapModel {
	m := &mapModel{Seq: b.T.Seq}
	if b.V.turns > 0 {
		m.Fragment = "#q" + kit.Itoa(b.V.turns)
	}
	fresh := map[string]bool{}
	for _, tr := range b.T.Transfers {
		fresh[tr.To] = true
	}
	var cards, news strings.Builder
	for _, l := range b.T.Cards {
		e, ok := embassies[l]
		if !ok {
			continue
		}
		p := b.V.centre(e.Card)
		d := "M" + num(p.X-3) + " " + num(p.Y-3.8) + "h6v7.6h-6z"
		cards.WriteString(d)
		if fresh[l] {
			news.WriteString(d)
		}
	}
	m.Cards, m.Fresh = cards.String(), news.String()
	m.Pieces = b.pieces()
	for _, h := range model.Homes {
		if at, ok := b.V.at(h.Square.String()); ok && kit.SignPath(h.Colour) != "" {
			// In the square's middle, large: the spy and the bodyguard at
			// home stand over it (wearing the sign themselves), and once
			// they leave, the empty square still says whose it is without
			// its colour.
			m.Homes = append(m.Homes, homeSign{At: at, Colour: h.Colour})
		}
	}
	if b.T.Awaiting != b.Me {
		for _, id := range b.T.Destinations {
			if p, ok := b.V.at(id); ok {
				m.Dots = append(m.Dots, p)
			}
		}
	}
	return m
}

// pieces places every spy and bodyguard: bodyguards first, so a spy at
// home stands in front of its bodyguard; spies sharing an embassy spread
// over its building.
func (b *base) pieces() []piece {
	blocker := map[int]bool{}
	for _, s := range b.T.Blockers {
		blocker[s] = true
	}
	var out []piece
	for _, p := range b.Players {
		at, ok := b.V.at(p.Bodyguard)
		if !ok {
			continue
		}
		if isHome(p.Bodyguard) {
			at.X, at.Y = at.X+2, at.Y-1.5
		}
		out = append(out, piece{At: at, Guard: true, Seat: p.Seat, Fill: palette.CSS(p.Colour), Colour: p.Colour, Ring: blocker[p.Seat]})
	}
	inside := map[string]int{}
	for _, p := range b.Players {
		at, ok := b.V.at(p.Spy)
		if !ok {
			continue
		}
		switch {
		case isHome(p.Spy):
			at.X, at.Y = at.X-1.5, at.Y+1
		case len(p.Spy) == 1:
			at = spread(at, inside[p.Spy])
			inside[p.Spy]++
		}
		out = append(out, piece{At: at, Seat: p.Seat, Fill: palette.CSS(p.Colour), Colour: p.Colour, Mine: p.Me, Ring: p.Target})
	}
	return out
}

// homeSign is a start square's sign: the colour's shape drawn on the
// turned board, upright whichever corner the viewer sits at.
type homeSign struct {
	At     point
	Colour string
}

// signColours are the colours on the board, each once: the signs a frame
// defines for its spies, bodyguards and start squares to wear.
func (m *mapModel) signColours() []string {
	seen := map[string]bool{}
	var out []string
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, p := range m.Pieces {
		add(p.Colour)
	}
	for _, h := range m.Homes {
		add(h.Colour)
	}
	return out
}

// spread places the k-th spy inside a building around its middle.
func spread(p point, k int) point {
	offsets := [...]point{{-4, 3}, {4, 3}, {-4, -4}, {4, -4}}
	o := offsets[k%len(offsets)]
	return point{X: p.X + o.X, Y: p.Y + o.Y}
}

// targetAt is the tap target over a location id.
func (b *base) targetAt(id string) (target, bool) {
	if e, ok := embassies[id]; ok {
		p := b.V.building(e)
		return target{Left: pct(p.X - unit), Top: pct(p.Y - unit), Embassy: true, Value: id,
			Label: b.embassyName(id)}, true
	}
	q, ok := parseSquare(id)
	if !ok {
		return target{}, false
	}
	p := b.V.centre(q)
	return target{Left: pct(p.X - unit/2), Top: pct(p.Y - unit/2), Value: id}, true
}

// withField is a template move's data with its open field filled in.
func withField(data json.RawMessage, field string, value any) string {
	var d map[string]any
	if json.Unmarshal(data, &d) != nil || d == nil {
		d = map[string]any{}
	}
	d[field] = value
	out, _ := json.Marshal(d)
	return string(out)
}

// targetStyle places a tap target over its square or building.
func targetStyle(t target) templ.SafeCSS {
	return templ.SafeCSS("left:" + t.Left + ";top:" + t.Top)
}

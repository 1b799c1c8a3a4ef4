package couriersboard

import (
	"strings"

	"topsecret/internal/games/couriers"
)

// pawn is a stack of one colour's agents on one place, drawn as one
// figure with a count badge.
type pawn struct {
	At     point
	Place  string
	Colour string
	N      int
	Mine   bool // the viewer's own agents: ringed
	Focus  bool // where a zoomed map centres
	Bonus  int  // bonus steps of the stack's agents (R16)
	Carry  []caseMark
}

// caseMark is a suitcase on the map: lying in a city, carried, or (on its
// owner's phone while hiding) where it will start.
type caseMark struct {
	At     point
	ID     string
	Colour string
	Letter string
	Clue   string // the clue this viewer may read, "" for none
	Ghost  bool
	Loot   bool // dropped by a fight's loser: the winner decides (R15)
	Title  string
}

// face is a delivered suitcase's clue card, face up on its clue square.
type face struct {
	At     point
	Colour string
	Clue   string
}

// mapModel is the map as one viewer sees it: what moves on the drawing.
type mapModel struct {
	// Drawing is the static map with the city names in the reader's
	// language.
	Drawing     string
	Pawns       []pawn
	Cases       []caseMark
	Faces       []face
	Trail       string // the latest move's route, as a path
	TrailColour string
	Fight       *point // the city of the running or latest fight
	Targets     []target
	Picks       []pick
	Route       bool      // draw the chosen move's route (the script fills it)
	Cities      []cityOpt // while hiding: where my suitcases may start
	Bomb        bool      // the latest opened suitcase held the bomb
}

// bombShown reports whether the frame draws a bomb: a clue badge, a
// face-up clue card or the latest opened suitcase; only then does it
// carry the bomb's drawing.
func (m *mapModel) bombShown() bool {
	if m.Bomb {
		return true
	}
	for _, f := range m.Faces {
		if f.Clue == "BOMB" {
			return true
		}
	}
	for _, c := range m.Cases {
		if c.Clue == "BOMB" {
			return true
		}
	}
	for _, p := range m.Pawns {
		for _, c := range p.Carry {
			if c.Clue == "BOMB" {
				return true
			}
		}
	}
	return false
}

// signColours are the colours of the pieces on the map, each once: the
// signs a frame defines for its agents and suitcases to wear.
func (m *mapModel) signColours() []string {
	seen := map[string]bool{}
	var out []string
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, p := range m.Pawns {
		add(p.Colour)
		for _, c := range p.Carry {
			add(c.Colour)
		}
	}
	for _, c := range m.Cases {
		add(c.Colour)
	}
	return out
}

// byColour splits suitcases into runs of one colour, in order: a frame
// draws each run in one group that sets its colour.
func byColour(cs []caseMark) [][]caseMark {
	return runs(cs, func(c caseMark) string { return c.Colour })
}

// pawnsByColour splits agent stacks into runs of one colour, in order.
func pawnsByColour(ps []pawn) [][]pawn {
	return runs(ps, func(p pawn) string { return p.Colour })
}

// runs splits xs where key changes.
func runs[T any](xs []T, key func(T) string) [][]T {
	var out [][]T
	for i, x := range xs {
		if i == 0 || key(x) != key(xs[i-1]) {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], x)
	}
	return out
}

// offsets spread a fight's two colours over one city: the aggressor left.
const fightOffset = 17

// newMap places the public state: agents, suitcases, delivered clues, the
// latest route and the fight.
func (b *base) newMap() *mapModel {
	m := &mapModel{Drawing: boardURL(b.c.Words.Lang())}
	if d := b.lastDelivery(); d != nil {
		m.Bomb = d.Bomb
	}
	m.Pawns = b.pawns()
	for _, s := range b.T.Suitcases {
		if s.At == "" {
			continue
		}
		p, ok := places[s.At]
		if !ok {
			continue
		}
		m.Cases = append(m.Cases, b.caseMark(s, p.At))
	}
	spreadCases(m.Cases)
	for _, s := range b.T.Suitcases {
		sq, ok := clueSquares[s.ID]
		if ok && s.Clue != "" && (s.DeliveredBy != nil || b.over()) {
			m.Faces = append(m.Faces, face{At: point{float64(sq.X), float64(sq.Y)}, Colour: s.Colour, Clue: s.Clue})
		}
	}
	if lm := b.T.LastMove; lm != nil && len(lm.Path) > 1 {
		var d strings.Builder
		for i, id := range lm.Path {
			p := places[id].At
			if i == 0 {
				d.WriteString("M")
			} else {
				d.WriteString("L")
			}
			d.WriteString(num(p.X) + " " + num(p.Y))
		}
		m.Trail, m.TrailColour = d.String(), palette.CSS(colourOf(lm.Agent))
	}
	switch {
	case b.T.Fight != nil:
		p := places[b.T.Fight.City].At
		m.Fight = &p
	case b.T.Phase == couriers.PhaseLoot && b.T.LastFight != nil:
		p := places[b.T.LastFight.City].At
		m.Fight = &p
	}
	return m
}

// caseMark is suitcase s drawn at p, with the clue this viewer may read.
func (b *base) caseMark(s couriers.SuitcaseView, p point) caseMark {
	c := caseMark{At: p, ID: s.ID, Colour: s.Colour, Letter: s.Letter, Clue: s.Clue, Title: b.caseName(s.ID)}
	if l := b.T.Loot; l != nil && l.Suitcase == s.ID {
		c.Loot = true
	}
	return c
}

// spreadCases sets suitcases lying in one city side by side, left of
// its dot (agents stand on it, carried suitcases to its right).
func spreadCases(cs []caseMark) {
	seen := map[point]int{}
	for i := range cs {
		k := seen[cs[i].At]
		seen[cs[i].At]++
		dx := -26 - float64(k%2)*27
		if cs[i].At.X < 80 {
			dx = -dx // a city at the map's left edge keeps them on the map
		}
		cs[i].At = point{cs[i].At.X + dx, cs[i].At.Y - 2 - float64(k/2)*21}
	}
}

// pawns groups the agents in play by place and colour, in view order.
func (b *base) pawns() []pawn {
	type key struct{ at, colour string }
	index := map[key]int{}
	var out []pawn
	colours := map[string][]string{} // place → colours on it, in order
	for _, a := range b.T.Agents {
		p, ok := places[a.At]
		if !ok {
			continue
		}
		col := colourOf(a.ID)
		k := key{a.At, col}
		i, seen := index[k]
		if !seen {
			i = len(out)
			index[k] = i
			out = append(out, pawn{At: p.At, Place: a.At, Colour: col, Mine: b.ownerOf(a.ID) == b.Me && b.Me >= 0})
			colours[a.At] = append(colours[a.At], col)
		}
		pw := &out[i]
		pw.N++
		pw.Bonus += b.T.Bonus[a.ID]
		if a.Carries != "" {
			if s, ok := b.cases[a.Carries]; ok {
				pw.Carry = append(pw.Carry, b.caseMark(s, point{}))
			}
		}
	}
	for at, cols := range colours {
		if len(cols) < 2 {
			continue
		}
		aggressor := ""
		if f := b.T.Fight; f != nil && f.City == at {
			aggressor = colourOf(f.Aggressor)
		}
		for _, col := range cols {
			pw := &out[index[key{at, col}]]
			if col == aggressor || (aggressor == "" && col == cols[0]) {
				pw.At.X -= fightOffset
			} else {
				pw.At.X += fightOffset
			}
		}
	}
	for i := range out {
		pw := &out[i]
		for k := range pw.Carry {
			pw.Carry[k].At = point{pw.At.X + 21, pw.At.Y - 6 - float64(k)*19}
		}
	}
	return out
}

package couriersboard

import (
	"encoding/json"
	"math"
	"strconv"

	"topsecret/internal/game"
)

// hideForm is the secret setup (one hide action): which clue card lies
// under each suitcase — one radio per bijection the template lists, shown
// as four suitcases whose cards swap on two taps — and the city of each
// suitcase, tapped on the map among the template's cities (the board's
// script writes them into the fields A–D).
type hideForm struct {
	Data    string
	Perms   []string // the clue assignments as JSON objects, the first checked
	Letters []string // the suitcases, "A"–"D": the template's city fields
}

// cityOpt is one city a suitcase may start in, as a tap target on the map.
type cityOpt struct {
	ID, Name string
	Node     string // its place's class
	// Room is the distance to the nearest other city on offer, as a
	// fraction of the map's width: the stylesheet makes the city's target
	// no wider, so no two targets overlap (WCAG 2.5.8) wherever they
	// crowd, and 44 px where they do not.
	Room string
}

// clueOrder is how the clue cards show on a suitcase, for the CSS.
var clueOrder = []string{"5", "3", "1", "BOMB"}

// newHideForm reads the hide template; the cities any suitcase may take
// become the map's tap targets, in board order.
func (m *phone) newHideForm(mv game.Move) *hideForm {
	f := &hideForm{Data: string(mv.Data)}
	if f.Data == "" {
		f.Data = "{}"
	}
	for _, p := range mv.Fields["clues"] {
		b, err := json.Marshal(p)
		if err == nil {
			f.Perms = append(f.Perms, string(b))
		}
	}
	seen := map[string]bool{}
	for _, l := range []string{"A", "B", "C", "D"} {
		f.Letters = append(f.Letters, l)
		for _, v := range mv.Fields[l] {
			id, _ := v.(string)
			if p, ok := places[id]; ok && p.City && !seen[id] {
				seen[id] = true
				m.Map.Cities = append(m.Map.Cities, cityOpt{ID: id, Name: m.placeName(id), Node: nodeClass(id)})
			}
		}
	}
	roomBetween(m.Map.Cities)
	return f
}

// roomBetween sets each city's Room from the cities around it.
func roomBetween(cities []cityOpt) {
	for i := range cities {
		near := math.Inf(1)
		a := places[cities[i].ID].At
		for j, o := range cities {
			if j != i {
				b := places[o.ID].At
				near = min(near, math.Hypot(a.X-b.X, a.Y-b.Y))
			}
		}
		if !math.IsInf(near, 1) {
			cities[i].Room = strconv.FormatFloat(near/float64(model.Width), 'f', 3, 64)
		}
	}
}

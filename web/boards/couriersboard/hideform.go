package couriersboard

import (
	"encoding/json"

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
	return f
}

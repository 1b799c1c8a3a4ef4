package couriersboard

import (
	"encoding/json"
	"sort"
	"strings"

	"topsecret/internal/game"
)

// hideForm is the secret setup (one hide action): which clue card lies
// under each suitcase — one radio per bijection the template lists, shown
// as four suitcases whose cards swap on two taps — and the city of each
// suitcase, picked from the template's cities.
type hideForm struct {
	Data    string
	Perms   []string // the clue assignments as JSON objects, the first checked
	Letters []hideLetter
}

// hideLetter is one suitcase: its letter and its city choices.
type hideLetter struct {
	Letter string
	Field  string // the template's field, "A"–"D"
	Groups []cityGroup
}

// cityGroup is one corner of the world's cities, sorted by name.
type cityGroup struct {
	Label  string
	Cities []cityOpt
}

// cityOpt is one city a suitcase may start in.
type cityOpt struct{ ID, Name string }

// clueOrder is how the clue cards show on a suitcase, for the CSS.
var clueOrder = []string{"5", "3", "1", "BOMB"}

// regions are the map's corners of the world, in reading order.
var regions = []string{"NW", "NE", "axis", "SW", "SE"}

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
	for _, l := range []string{"A", "B", "C", "D"} {
		hl := hideLetter{Letter: l, Field: l}
		byRegion := map[string][]cityOpt{}
		for _, v := range mv.Fields[l] {
			id, _ := v.(string)
			if p, ok := places[id]; ok && p.City {
				byRegion[p.Region] = append(byRegion[p.Region], cityOpt{ID: id, Name: m.placeName(id)})
			}
		}
		for _, r := range regions {
			cs := byRegion[r]
			if len(cs) == 0 {
				continue
			}
			sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
			hl.Groups = append(hl.Groups, cityGroup{Label: m.t("couriers.ui.region." + strings.ToLower(r)), Cities: cs})
		}
		f.Letters = append(f.Letters, hl)
	}
	return f
}

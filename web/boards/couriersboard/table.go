package couriersboard

import (
	"slices"

	"github.com/a-h/templ"

	"topsecret/internal/games/couriers"
	"topsecret/web/kit"
)

// table is the model of the table screen (and of the replay).
type table struct {
	base
	Map    *mapModel
	Sealed []*int // each seat's face-down card, in the all-seeing replay only
}

// drawTable draws the shared screen: the map large, the dice, the fight,
// the delivered suitcases and the secrets of every player. Never a
// hidden clue, never a button.
func drawTable(c kit.Context, v *couriers.TableView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	return tableBoard(newTable(c, v), "couriers-table")
}

func newTable(c kit.Context, v *couriers.TableView) *table {
	t := &table{base: newBase(c, v, -1)}
	t.Map = t.newMap()
	return t
}

// drawReplay draws the all-seeing view of a finished match: the table
// with every clue card shown on its suitcase, every pending placement
// and every sealed card.
func drawReplay(c kit.Context, v *couriers.OmniscientView) templ.Component {
	if v == nil {
		return templ.NopComponent
	}
	tv := v.TableView
	tv.Suitcases = slices.Clone(tv.Suitcases)
	for i, s := range tv.Suitcases {
		if s.Clue == "" {
			tv.Suitcases[i].Clue = v.Clues[s.ID]
		}
	}
	t := newTable(c, &tv)
	for id, city := range v.Placements {
		if p, ok := places[city]; ok {
			t.Map.Cases = append(t.Map.Cases, caseMark{At: point{p.At.X - 26, p.At.Y - 2}, ID: id, Colour: colourOf(id),
				Letter: numberOf(id), Clue: v.Clues[id], Ghost: true, Title: t.caseName(id)})
		}
	}
	slices.SortFunc(t.Map.Cases, func(a, b caseMark) int { return compareStrings(a.ID, b.ID) })
	t.Sealed = v.Sealed
	return tableBoard(t, "couriers-replay")
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

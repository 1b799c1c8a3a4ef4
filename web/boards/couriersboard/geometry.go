package couriersboard

import (
	"strconv"

	"topsecret/internal/games/couriers"
)

// model is the engine's world map, read once: cities, bases, links and
// clue squares with their drawing coordinates. The static drawing and
// every frame's overlay share its viewBox, 0 0 Width Height.
var model = couriers.Board()

// point is a position in map units.
type point struct{ X, Y float64 }

// place is a node of the map as the board draws it.
type place struct {
	ID     string
	At     point
	Term   string // the catalogue id of its name
	City   bool
	Start  bool   // a start base (else an arrival base, when not a city)
	Colour string // a base's colour
	Region string // a city's corner of the world ("NW", "axis" …)
	Index  int    // board order: cities first, then bases
}

// places are every city and base by id.
var places = func() map[string]place {
	out := map[string]place{}
	for i, c := range model.Cities {
		out[c.ID] = place{ID: c.ID, At: point{float64(c.X), float64(c.Y)}, Term: c.Term, City: true, Region: c.Region, Index: i}
	}
	for i, b := range model.Bases {
		out[b.ID] = place{ID: b.ID, At: point{float64(b.X), float64(b.Y)}, Term: "couriers.base." + b.ID,
			Start: b.Kind == "start", Colour: b.Colour, Index: len(model.Cities) + i}
	}
	return out
}()

// clueSquares are the clue squares by suitcase id ("red-A").
var clueSquares = func() map[string]couriers.ClueSquare {
	out := map[string]couriers.ClueSquare{}
	for _, s := range model.ClueSquares {
		out[s.Suitcase] = s
	}
	return out
}()

// startOf and arrivalOf are each colour's bases.
var startOf, arrivalOf = func() (s, a map[string]string) {
	s, a = map[string]string{}, map[string]string{}
	for _, b := range model.Bases {
		if b.Kind == "start" {
			s[b.Colour] = b.ID
		} else {
			a[b.Colour] = b.ID
		}
	}
	return s, a
}()

// viewBox is the map's coordinate box, for every inline <svg>.
var viewBox = "0 0 " + strconv.Itoa(model.Width) + " " + strconv.Itoa(model.Height)

// nodeClass is the class that sets an HTML tap target over place id
// ("cz-n12"): the stylesheet holds every place's position, generated from
// the board model (TestBoardAssets), so frames never repeat them.
func nodeClass(id string) string {
	if p, ok := places[id]; ok {
		return "cz-n" + strconv.Itoa(p.Index)
	}
	return ""
}

// labelSide is the class of a place by the map's west or east edge, whose
// name label on a phone starts or ends at the place so the map's edge does
// not cut it; "" elsewhere.
func labelSide(id string) string {
	switch x := places[id].At.X; {
	case x < 0.11*float64(model.Width):
		return "cz-lw"
	case x > 0.89*float64(model.Width):
		return "cz-le"
	}
	return ""
}

// num writes a map coordinate for SVG attributes, short.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// translate is an SVG transform to p.
func translate(p point) string { return "translate(" + num(p.X) + " " + num(p.Y) + ")" }

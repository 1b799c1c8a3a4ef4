package couriers

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"topsecret/internal/game"
)

// boardJSON is the map: cities, bases, links, clue squares, the mirror
// symmetries and the distance checks, described in docs/games/couriers.md §3.
//
//go:embed board.json
var boardJSON []byte

// node is a place on the board: cities first (in the file's order), then
// the eight bases.
type node int

// noNode is nowhere: an eliminated agent, a carried or delivered suitcase.
const noNode node = -1

// nodeKind says whether a node is a city or a base (R4: bases are not cities).
type nodeKind int

const (
	city nodeKind = iota
	startBase
	arrivalBase
)

// boardFile is the JSON file's shape, as far as the engine and drawer need it.
type boardFile struct {
	Canvas struct {
		Width  int `json:"width"`
		Height int `json:"height"`
	} `json:"canvas"`
	Cities []struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		X      int    `json:"x"`
		Y      int    `json:"y"`
		Region string `json:"region"`
		Role   string `json:"role"`
	} `json:"cities"`
	Bases []struct {
		ID       string   `json:"id"`
		Kind     string   `json:"kind"`
		Colour   string   `json:"colour"`
		Corner   string   `json:"corner"`
		X        int      `json:"x"`
		Y        int      `json:"y"`
		Adjacent []string `json:"adjacent"`
	} `json:"bases"`
	ClueSlots []struct {
		Colour string `json:"colour"`
		Corner string `json:"corner"`
		Letter string `json:"letter"`
		X      int    `json:"x"`
		Y      int    `json:"y"`
	} `json:"clueSlots"`
	Edges    [][2]string `json:"edges"`
	Symmetry struct {
		MirrorLR map[string]string `json:"mirrorLR"`
		MirrorTB map[string]string `json:"mirrorTB"`
	} `json:"symmetry"`
}

// graph is the board as the engine walks it: every edge costs one step (§3.1).
type graph struct {
	ids     []string
	index   map[string]node
	kind    []nodeKind
	owner   []Colour // colour of a base; -1 for cities
	adj     [][]node // ascending, so every search is deterministic
	cities  int
	start   [colourCount]node
	arrival [colourCount]node
	dist    [][]int // steps between nodes on an empty board, bases never passed (§3.2)
	file    boardFile
}

// world is the one board, parsed once.
var world = mustLoadBoard(boardJSON)

func mustLoadBoard(b []byte) *graph {
	g, err := loadBoard(b)
	if err != nil {
		panic("couriers: board.json: " + err.Error())
	}
	return g
}

// loadBoard parses the board file into a graph.
func loadBoard(b []byte) (*graph, error) {
	g := &graph{index: map[string]node{}}
	if err := json.Unmarshal(b, &g.file); err != nil {
		return nil, err
	}
	for _, c := range g.file.Cities {
		g.add(c.ID, city, -1)
	}
	g.cities = len(g.ids)
	for _, bs := range g.file.Bases {
		col, ok := colourByName(bs.Colour)
		if !ok {
			return nil, fmt.Errorf("base %s: colour %q", bs.ID, bs.Colour)
		}
		kind := startBase
		if bs.Kind == "arrival" {
			kind = arrivalBase
			g.arrival[col] = node(len(g.ids))
		} else {
			g.start[col] = node(len(g.ids))
		}
		g.add(bs.ID, kind, col)
	}
	if len(g.ids) > maxNodes {
		return nil, fmt.Errorf("%d nodes, at most %d", len(g.ids), maxNodes)
	}
	g.adj = make([][]node, len(g.ids))
	for _, e := range g.file.Edges {
		a, okA := g.index[e[0]]
		z, okZ := g.index[e[1]]
		if !okA || !okZ || a == z {
			return nil, fmt.Errorf("edge %v", e)
		}
		g.adj[a] = append(g.adj[a], z)
		g.adj[z] = append(g.adj[z], a)
	}
	for i := range g.adj {
		slices.Sort(g.adj[i])
	}
	g.dist = make([][]int, len(g.ids))
	for i := range g.ids {
		g.dist[i] = g.distancesFrom(node(i))
	}
	return g, nil
}

// distancesFrom is a breadth-first search on the empty board: every node
// is reached, but only the start and cities are walked through (R4).
func (g *graph) distancesFrom(from node) []int {
	d := make([]int, len(g.ids))
	for i := range d {
		d[i] = -1
	}
	d[from] = 0
	queue := []node{from}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if u != from && !g.isCity(u) {
			continue
		}
		for _, v := range g.adj[u] {
			if d[v] < 0 {
				d[v] = d[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return d
}

func (g *graph) add(id string, k nodeKind, c Colour) {
	g.index[id] = node(len(g.ids))
	g.ids = append(g.ids, id)
	g.kind = append(g.kind, k)
	g.owner = append(g.owner, c)
}

// isCity reports whether n is one of the 45 cities.
func (g *graph) isCity(n node) bool { return n >= 0 && int(n) < g.cities }

// isBase reports whether n is a start or arrival base.
func (g *graph) isBase(n node) bool { return int(n) >= g.cities && int(n) < len(g.ids) }

// id is a node's id in the board file, "" for noNode.
func (g *graph) id(n node) string {
	if n < 0 || int(n) >= len(g.ids) {
		return ""
	}
	return g.ids[n]
}

// lookup finds a node by id.
func (g *graph) lookup(id string) (node, bool) {
	n, ok := g.index[id]
	return n, ok
}

// adjacent reports whether an edge joins a and b.
func (g *graph) adjacent(a, b node) bool {
	if a < 0 || int(a) >= len(g.adj) {
		return false
	}
	_, ok := slices.BinarySearch(g.adj[a], b)
	return ok
}

// Map is the board for the drawer: everything static, drawn once as an SVG.
// Views never repeat it; they name cities and bases by these ids.
type Map struct {
	Width       int          `json:"width"`
	Height      int          `json:"height"`
	Cities      []City       `json:"cities"`
	Bases       []Base       `json:"bases"`
	Links       []Link       `json:"links"`
	ClueSquares []ClueSquare `json:"clue_squares"`
}

// City is one of the 45 cities; Term is its display name's catalogue id.
type City struct {
	ID     string `json:"id"`
	Term   string `json:"term"`
	Name   string `json:"name"` // English name, for tools without a catalogue
	X      int    `json:"x"`
	Y      int    `json:"y"`
	Region string `json:"region"`
}

// Base is a start base (agents leave it, R4) or an arrival base (its colour
// delivers there, §8.1), drawn in a corner.
type Base struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"` // "start" or "arrival"
	Colour string `json:"colour"`
	Corner string `json:"corner"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
}

// Link is one line of the map: a city–city edge or a base's link to a gateway.
type Link struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// ClueSquare is where a colour's clue card for suitcase Letter lies face
// down (S1 §1); it shows face up once that suitcase is delivered.
type ClueSquare struct {
	Colour   string `json:"colour"`
	Letter   string `json:"letter"`
	Suitcase string `json:"suitcase"` // suitcase id, e.g. "red-A"
	X        int    `json:"x"`
	Y        int    `json:"y"`
}

// Board returns the map for drawing, a fresh copy each call.
func Board() Map {
	f := &world.file
	m := Map{Width: f.Canvas.Width, Height: f.Canvas.Height}
	for _, c := range f.Cities {
		m.Cities = append(m.Cities, City{ID: c.ID, Term: cityTermID(c.ID), Name: c.Name, X: c.X, Y: c.Y, Region: c.Region})
	}
	for _, b := range f.Bases {
		m.Bases = append(m.Bases, Base{ID: b.ID, Kind: b.Kind, Colour: b.Colour, Corner: b.Corner, X: b.X, Y: b.Y})
	}
	for _, e := range f.Edges {
		m.Links = append(m.Links, Link{From: e[0], To: e[1]})
	}
	for _, s := range f.ClueSlots {
		m.ClueSquares = append(m.ClueSquares, ClueSquare{Colour: s.Colour, Letter: s.Letter,
			Suitcase: s.Colour + "-" + s.Letter, X: s.X, Y: s.Y})
	}
	return m
}

var _ game.Boarder = Rules{}

// Board is the map for clients that draw it themselves.
func (Rules) Board() any { return Board() }

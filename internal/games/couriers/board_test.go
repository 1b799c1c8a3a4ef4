package couriers

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestBoard_Counts checks §2 and §3.1: 45 cities, 74 city links, 20 base
// links; start bases link to three gateways, arrival bases to two.
func TestBoard_Counts(t *testing.T) {
	t.Parallel()
	cityLinks, baseLinks := 0, 0
	for _, e := range world.file.Edges {
		a, z := mustNode(e[0]), mustNode(e[1])
		if world.isCity(a) && world.isCity(z) {
			cityLinks++
		} else {
			baseLinks++
		}
	}
	if world.cities != 45 || cityLinks != 74 || baseLinks != 20 || len(world.ids) != 53 || len(world.file.ClueSlots) != 16 {
		t.Fatalf("%d cities, %d city links, %d base links, %d nodes", world.cities, cityLinks, baseLinks, len(world.ids))
	}
	for _, b := range world.file.Bases {
		n := mustNode(b.ID)
		want := 3
		if world.kind[n] == arrivalBase {
			want = 2
		}
		var adj []string
		for _, v := range world.adj[n] {
			adj = append(adj, world.id(v))
			if !world.isCity(v) {
				t.Errorf("%s links to base %s", b.ID, world.id(v))
			}
		}
		slices.Sort(adj)
		got := slices.Sorted(slices.Values(b.Adjacent))
		if len(adj) != want || !slices.Equal(adj, got) {
			t.Errorf("%s links to %v, file says %v", b.ID, adj, b.Adjacent)
		}
	}
	if n := len(world.adj[mustNode("lagos")]); n != 6 {
		t.Errorf("Lagos has degree %d, want 6", n)
	}
}

// TestBoard_Mirrors checks §3.2: mirrorLR and mirrorTB are automorphisms
// swapping the colours as stated.
func TestBoard_Mirrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		mirror  map[string]string
		colours map[string]string
	}{
		{"mirrorLR", world.file.Symmetry.MirrorLR, map[string]string{"red": "blue", "blue": "red", "green": "yellow", "yellow": "green"}},
		{"mirrorTB", world.file.Symmetry.MirrorTB, map[string]string{"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}},
	} {
		images := map[string]bool{}
		for _, id := range world.ids {
			img, ok := c.mirror[id]
			if _, exists := world.lookup(img); !ok || !exists || images[img] {
				t.Fatalf("%s: %s ↦ %q is not a bijection of the nodes", c.name, id, img)
			}
			images[img] = true
		}
		for _, e := range world.file.Edges {
			if !world.adjacent(mustNode(c.mirror[e[0]]), mustNode(c.mirror[e[1]])) {
				t.Errorf("%s: edge %v maps onto a non-edge", c.name, e)
			}
		}
		for from, to := range c.colours {
			for _, kind := range []string{"start_", "arrival_"} {
				if c.mirror[kind+from] != kind+to {
					t.Errorf("%s: %s%s ↦ %s, want %s%s", c.name, kind, from, c.mirror[kind+from], kind, to)
				}
			}
		}
	}
}

// TestBoard_Distances checks the start→arrival table of §3.2 and the JSON's checks.
func TestBoard_Distances(t *testing.T) {
	t.Parallel()
	want := map[Colour][4]int{Red: {10, 8, 2, 8}, Blue: {8, 10, 8, 2}, Green: {2, 8, 10, 8}, Yellow: {8, 2, 8, 10}}
	var checks struct {
		Checks struct {
			Shortest map[string]map[string]int `json:"shortestStartToArrival"`
		} `json:"checks"`
	}
	if err := json.Unmarshal(boardJSON, &checks); err != nil {
		t.Fatal(err)
	}
	for from, row := range want {
		for to, d := range row {
			got := world.dist[world.start[from]][world.arrival[to]]
			if got != d || checks.Checks.Shortest[from.String()]["arrival_"+Colour(to).String()] != d {
				t.Errorf("start_%s → arrival_%s = %d, want %d", from, Colour(to), got, d)
			}
		}
	}
}

// TestBoard_LayersFromStartRed checks §3.2's script-free layers and its 12
// shortest diagonal paths, all through Lagos; avoiding Lagos costs 12.
func TestBoard_LayersFromStartRed(t *testing.T) {
	t.Parallel()
	layers := [][]string{{},
		{"anchorage", "honolulu", "vancouver"},
		{"chicago", "los_angeles", "montreal"},
		{"london", "mexico_city", "new_york"},
		{"dakar", "panama", "paris"},
		{"bogota", "lagos", "moscow"},
		{"cairo", "cape_town", "delhi", "lima", "nairobi", "novosibirsk", "recife", "sao_paulo"},
		{"bangkok", "beijing", "buenos_aires", "johannesburg", "la_paz", "papeete", "perth", "rio_de_janeiro", "vladivostok"},
		{"adelaide", "hong_kong", "jakarta", "santiago", "singapore", "sydney", "tokyo", "ushuaia"},
		{"manila", "melbourne", "port_moresby", "wellington"},
		{"suva"},
	}
	d := world.dist[world.start[Red]]
	for k, layer := range layers {
		for _, id := range layer {
			if got := d[mustNode(id)]; got != k {
				t.Errorf("%s is in layer %d, want %d", id, got, k)
			}
		}
	}
	paths, throughLagos := countShortest(world.start[Red], world.arrival[Red], mustNode("lagos"))
	if paths != 12 || throughLagos != 12 {
		t.Errorf("%d shortest paths, %d through Lagos; want 12 and 12", paths, throughLagos)
	}
	for c := range Colour(colourCount) {
		o := occupancy{n: 2, count: make([]int, 2*len(world.ids))}
		o.count[2*int(mustNode("lagos"))] = 1 // seat 0 holds Lagos; seat 1 walks around it
		if got := o.search(world.start[c], 1).dist[world.arrival[c]]; got != 12 {
			t.Errorf("%s's diagonal avoiding Lagos is %d, want 12", c, got)
		}
	}
}

// countShortest counts the shortest paths from a to z on the empty board,
// and those among them that pass through via.
func countShortest(a, z, via node) (all, through int) {
	count := func(from, to node) int {
		d := world.dist[from]
		ways := make([]int, len(world.ids))
		ways[from] = 1
		order := make([]node, 0, len(world.ids))
		for n := range node(len(world.ids)) {
			order = append(order, n)
		}
		slices.SortFunc(order, func(x, y node) int { return d[x] - d[y] })
		for _, u := range order {
			if ways[u] == 0 || (u != from && !world.isCity(u)) {
				continue
			}
			for _, v := range world.adj[u] {
				if d[v] == d[u]+1 {
					ways[v] += ways[u]
				}
			}
		}
		return ways[to]
	}
	all = count(a, z)
	if world.dist[a][via]+world.dist[via][z] == world.dist[a][z] {
		through = count(a, via) * count(via, z)
	}
	return all, through
}

// TestBoard_Export checks the drawer's model: every city with its term, every link, base and clue square.
func TestBoard_Export(t *testing.T) {
	t.Parallel()
	b := Board()
	if len(b.Cities) != 45 || len(b.Links) != 94 || len(b.Bases) != 8 || len(b.ClueSquares) != 16 || b.Width != 1000 {
		t.Fatalf("board %d cities, %d links, %d bases, %d clue squares", len(b.Cities), len(b.Links), len(b.Bases), len(b.ClueSquares))
	}
	if c := b.Cities[0]; c.ID != "anchorage" || c.Term != "couriers.city.anchorage" || c.Name != "Anchorage" {
		t.Fatalf("first city %+v", c)
	}
	b.Cities[0].ID = "changed"
	if Board().Cities[0].ID != "anchorage" {
		t.Fatalf("Board shares its slices")
	}
}

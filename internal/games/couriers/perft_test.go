package couriers

import (
	"fmt"
	"slices"
	"testing"
)

// bruteReach enumerates every walk of up to the agent's steps, by the
// rules' letter (§6.1 items 4–6), and returns the plain destinations: an
// independent check of the breadth-first search behind reach.
func bruteReach(m *match, a int) []node {
	o := m.occupancy()
	from := m.agents[a].at
	budget := m.budget(a)
	found := map[node]bool{}
	var walk func(n node, depth int)
	walk = func(n node, depth int) {
		if depth > 0 {
			if n != from && m.endError(a, n, m.agents[a].carries, o) == nil {
				found[n] = true
			}
			if !world.isCity(n) || o.enemy(n, agentSeat(a)) {
				return
			}
		}
		if depth == budget {
			return
		}
		for _, v := range world.adj[n] {
			walk(v, depth+1)
		}
	}
	if from != noNode && budget > 0 {
		walk(from, 0)
	}
	out := make([]node, 0, len(found))
	for n := range found {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// perftPositions are fixed positions for destination counts.
var perftPositions = []struct {
	name    string
	changes []func(*match)
	// want[p-1] is red's total number of (agent, destination) pairs for a pool of p.
	want [6]int
}{
	{"opening: all agents home", nil, [6]int{21, 42, 63, 84, 105, 161}},
	{"midgame: stacks, enemies, a carrier", []func(*match){
		at("chicago", "red-1", "red-2"), at("vancouver", "red-3"), at("melbourne", "red-4"), carrying("red-4", "blue-A"),
		at("lagos", "red-5"), at("montreal", "blue-1"), at("dakar", "blue-2", "blue-3"), at("paris", "green-1"),
		at("suva", "yellow-1"),
	}, [6]int{25, 52, 76, 100, 120, 144}},
}

// TestPerft counts every legal plain destination of red's agents for
// each pool from fixed positions, against literal numbers and a
// brute-force walk enumeration; Legal's "to" fields must list the same.
func TestPerft(t *testing.T) {
	t.Parallel()
	for _, pos := range perftPositions {
		for p := 1; p <= 6; p++ {
			t.Run(fmt.Sprintf("%s/pool %d", pos.name, p), func(t *testing.T) {
				m := fixture(4, append(slices.Clone(pos.changes), moving(p))...)
				o := m.occupancy()
				total := 0
				for a := red * AgentsPerColour; a < (red+1)*AgentsPerColour; a++ {
					got, want := m.reach(a, o), bruteReach(m, a)
					if !slices.Equal(got, want) {
						t.Fatalf("%s: reach %v, brute force %v", m.agentID(a), ids(got), ids(want))
					}
					total += len(got)
				}
				listed := 0
				for _, mv := range m.Legal(red) {
					listed += len(mv.Fields["to"])
				}
				if total != pos.want[p-1] || listed != total {
					t.Fatalf("%d destinations (%d listed), want %d", total, listed, pos.want[p-1])
				}
			})
		}
	}
}

// TestPerft_StackLimit pins R6 in the midgame position: Chicago, held by
// two red agents, is never a destination of a third, yet is walked
// through; a carrier reaches its arrival base; enemies stop a walk (R11).
func TestPerft_StackLimit(t *testing.T) {
	t.Parallel()
	m := fixture(4, append(slices.Clone(perftPositions[1].changes), moving(2))...)
	reach := m.reach(mustAgent(m, "red-3"), m.occupancy())
	if slices.Contains(reach, mustNode("chicago")) || !slices.Contains(reach, mustNode("new_york")) {
		t.Fatalf("red-3 reaches %v", ids(reach))
	}
	if got := ids(m.reach(mustAgent(m, "red-4"), m.occupancy())); !slices.Contains(got, "arrival_red") {
		t.Fatalf("the carrier does not reach its arrival base: %v", got)
	}
	// R11: from Lagos, London lies behind blue's Dakar and green's Paris.
	if got := ids(m.reach(mustAgent(m, "red-5"), m.occupancy())); !slices.Contains(got, "dakar") || !slices.Contains(got, "paris") ||
		slices.Contains(got, "london") {
		t.Fatalf("red-5 reaches %v", got)
	}
}

func ids(ns []node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = world.id(n)
	}
	return out
}

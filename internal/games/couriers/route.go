package couriers

import (
	"slices"
	"strings"
)

// occupancy counts the agents in play per node and seat, so route searches
// ask "is an enemy here" and "how many of mine" in constant time.
type occupancy struct {
	n     int
	count []int // node*n + seat
}

func (m *match) occupancy() occupancy {
	o := occupancy{n: m.n, count: make([]int, len(world.ids)*m.n)}
	for a, ag := range m.agents {
		if ag.at != noNode {
			o.count[int(ag.at)*m.n+agentSeat(a)]++
		}
	}
	return o
}

// own is how many of seat s's agents stand on n.
func (o occupancy) own(n node, s int) int { return o.count[int(n)*o.n+s] }

// enemy reports whether an agent of another seat stands on city n. Bases
// hold no fights (R4), so they never count as enemy-held.
func (o occupancy) enemy(n node, s int) bool {
	if !world.isCity(n) {
		return false
	}
	for t := range o.n {
		if t != s && o.count[int(n)*o.n+t] > 0 {
			return true
		}
	}
	return false
}

// passable reports whether seat s's agent may walk through n on its way:
// a city without enemies (R4, R11). Own agents never block (R6).
func (o occupancy) passable(n node, s int) bool { return world.isCity(n) && !o.enemy(n, s) }

// maxNodes bounds the board's nodes, so searches live on the stack.
const maxNodes = 64

// search is a breadth-first search from one node for a mover of one seat:
// the start is always left, other nodes only when passable.
type search struct {
	from   node
	dist   [maxNodes]int8 // -1 = unreachable
	parent [maxNodes]int8 // first discovered, neighbours ascending: deterministic
}

func (o occupancy) search(from node, s int) search {
	r := search{from: from}
	for i := range r.dist {
		r.dist[i], r.parent[i] = -1, -1
	}
	r.dist[from] = 0
	var queue [maxNodes]node
	queue[0] = from
	for head, tail := 0, 1; head < tail; head++ {
		u := queue[head]
		if u != from && !o.passable(u, s) {
			continue
		}
		for _, v := range world.adj[u] {
			if r.dist[v] < 0 {
				r.dist[v], r.parent[v] = r.dist[u]+1, int8(u)
				queue[tail] = v
				tail++
			}
		}
	}
	return r
}

// path is the shortest route to to, without the start: n1..nk, or nil.
func (r *search) path(to node) []node {
	if to == r.from || r.dist[to] < 0 {
		return nil
	}
	out := make([]node, r.dist[to])
	for n, i := to, int(r.dist[to])-1; i >= 0; n, i = node(r.parent[n]), i-1 {
		out[i] = n
	}
	return out
}

// reach lists the destinations agent a may move to now with a plain move
// (no suitcase handling on the way), ascending by node: every node other
// than its own within its steps whose end is legal (§6.1 items 4–6).
func (m *match) reach(a int, o occupancy) []node {
	ag := m.agents[a]
	budget := m.budget(a)
	if ag.at == noNode || budget < 1 {
		return nil
	}
	s := agentSeat(a)
	r := o.search(ag.at, s)
	var out []node
	for d, dist := range r.dist[:len(world.ids)] {
		n := node(d)
		if dist < 1 || int(dist) > budget {
			continue
		}
		if m.endError(a, n, ag.carries, o) == nil {
			out = append(out, n)
		}
	}
	return out
}

// budget is what agent a may still walk: its bonus steps and the pool (R16).
func (m *match) budget(a int) int { return m.bonus[a] + m.pool }

// route resolves a move by destination into a path and its suitcase ops:
// the shortest legal leg from the agent to each stop in turn, then to the
// destination (house ruling H3). Empty legs are allowed (a stop at the
// start, or at the destination); ok is false when some leg has no route.
func (m *match) route(a int, stops []stop, to node, o occupancy) (p []node, ops []op, ok bool) {
	s := agentSeat(a)
	at := m.agents[a].at
	for _, st := range stops {
		leg, fine := o.leg(at, st.city, s)
		if !fine {
			return nil, nil, false
		}
		p = append(p, leg...)
		ops = append(ops, op{at: len(p), drop: st.drop, pickup: st.pickup})
		at = st.city
	}
	leg, fine := o.leg(at, to, s)
	if !fine {
		return nil, nil, false
	}
	return append(p, leg...), ops, true
}

// leg is the shortest path from a to b without a, empty when a == b.
func (o occupancy) leg(a, b node, s int) ([]node, bool) {
	if a == b {
		return nil, true
	}
	r := o.search(a, s)
	p := r.path(b)
	return p, p != nil
}

// In a route tree (SeatView.Routes), character i stands for place i of the
// board file (cities, then bases): RouteDigits[p] when place p precedes it
// on the route, RouteNone when the tree leaves it out or the agent stands
// there.
const (
	RouteDigits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
	RouteNone   = '.'
)

// routeTree is agent a's shortest-route tree as a string: character i
// names node i's predecessor on the route the engine walks to i (H3), for
// every node within the agent's steps; other nodes, and the agent's own
// place, are RouteNone, trailing ones cut. Following predecessors from a
// destination back to a RouteNone gives the route of a move by destination,
// so a phone can draw any route the engine would take from one compact
// string per agent rather than a path per destination.
func (m *match) routeTree(a int, o occupancy) string {
	ag := m.agents[a]
	budget := m.budget(a)
	if ag.at == noNode || budget < 1 {
		return ""
	}
	r := o.search(ag.at, agentSeat(a))
	out := make([]byte, len(world.ids))
	last := 0
	for i, d := range r.dist[:len(world.ids)] {
		out[i] = RouteNone
		if d >= 1 && int(d) <= budget {
			out[i], last = RouteDigits[r.parent[i]], i+1
		}
	}
	return string(out[:last])
}

// RouteTo reads the route to place to out of a route tree (SeatView.Routes):
// the places walked, in order, the agent's own excluded; nil when the tree
// does not reach to.
func RouteTo(tree, to string) []string {
	n, ok := world.lookup(to)
	if !ok || int(n) >= len(tree) || tree[n] == RouteNone {
		return nil
	}
	var back []string
	for steps := 0; int(n) < len(tree) && tree[n] != RouteNone; steps++ {
		if steps > len(world.ids) {
			return nil // a loop: not a tree
		}
		back = append(back, world.id(n))
		p := strings.IndexByte(RouteDigits, tree[n])
		if p < 0 || p >= len(world.ids) {
			return nil
		}
		n = node(p)
	}
	slices.Reverse(back)
	return back
}

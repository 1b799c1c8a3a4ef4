package couriers

import (
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// TestRouteTree_MatchesTheWalk plays bot matches and, at every move
// decision, reads the route to every legal destination of every agent out
// of the mover's view (Routes) and checks it is exactly the path the
// engine walks for {"agent","to"}: the route a phone draws before Go is
// the route the move takes.
func TestRouteTree_MatchesTheWalk(t *testing.T) {
	t.Parallel()
	checked := 0
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := range gametest.Seeds(3, 2) {
			setup := setupFor(n, 3000+seed, untimed)
			pick := func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
				checked += checkRoutes(t, st.(*match))
				return randomCourier(st, n, now, r)
			}
			gametest.Play(t, Rules{}, setup, pick, gametest.Options{MaxSteps: 20000})
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d routes checked", checked)
	}
	t.Logf("%d routes checked", checked)
}

// checkRoutes checks every route the active seat's view offers now and
// returns how many it checked.
func checkRoutes(t *testing.T, m *match) int {
	t.Helper()
	if m.phase != PhaseMove {
		return 0
	}
	v := m.View(game.SeatViewer(game.Seat(m.active))).(*SeatView)
	if len(v.Routes) != len(v.Reach) {
		t.Fatalf("%d route trees for %d agents with destinations", len(v.Routes), len(v.Reach))
	}
	k := 0
	for agent, dests := range v.Reach {
		for _, to := range dests {
			got := RouteTo(v.Routes[agent], to)
			want := walk(t, m, agent, to)
			if !slices.Equal(got, want) {
				t.Fatalf("%s to %s: the view's tree %q gives %v, the engine walks %v", agent, to, v.Routes[agent], got, want)
			}
			k++
		}
	}
	return k
}

// walk applies {"agent","to"} to a clone and returns the path walked,
// start excluded.
func walk(t *testing.T, m *match, agent, to string) []string {
	t.Helper()
	a := game.Action{Seat: game.Seat(m.active), Type: ActMove, Data: mustJSON(Move{Agent: agent, To: to}), At: m.clock.Now}
	c := m.Clone().(*match)
	if err := c.Check(a); err != nil {
		t.Fatalf("%s to %s is listed but refused: %v", agent, to, err)
	}
	c.Apply(a, game.RandFor(game.Seed{}, 1))
	var out []string
	for _, n := range c.trail.path[1:] {
		out = append(out, world.id(n))
	}
	return out
}

// TestRouteTo reads routes out of hand-made trees, and nothing out of
// broken ones.
func TestRouteTo(t *testing.T) {
	t.Parallel()
	// red-1 in Vancouver with 3 steps, a blue agent in Chicago.
	m := fixture(4, at("vancouver", "red-1"), at("chicago", "blue-1"))
	m.phase, m.pool = PhaseMove, 3
	tree := m.routeTree(mustAgent(m, "red-1"), m.occupancy())
	loop := []byte(tree)
	nyc, chi := mustNode("new_york"), mustNode("chicago")
	for len(loop) <= int(nyc) {
		loop = append(loop, RouteNone)
	}
	loop[nyc], loop[chi] = RouteDigits[chi], RouteDigits[nyc]
	for _, c := range []struct {
		name, tree, to string
		want           []string
	}{
		{"next door", tree, "chicago", []string{"chicago"}},
		{"two steps", tree, "montreal", []string{"anchorage", "montreal"}},
		{"round the enemy in Chicago (R11)", tree, "new_york", []string{"anchorage", "montreal", "new_york"}},
		{"its own city", tree, "vancouver", nil},
		{"no such place", tree, "nowhere", nil},
		{"a loop is no tree", string(loop), "chicago", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := RouteTo(c.tree, c.to); !slices.Equal(got, c.want) {
				t.Fatalf("RouteTo(%q, %s) = %v, want %v", c.tree, c.to, got, c.want)
			}
		})
	}
}

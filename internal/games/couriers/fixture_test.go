package couriers

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Seats of the spec's scenarios: colours follow seats (seatColours).
const red, blue, green, yellow = 0, 1, 2, 3

// parking are out-of-the-way cities where fixtures leave suitcases that a
// scenario does not mention, four per seat.
var parking = []string{
	"bogota", "lima", "la_paz", "santiago",
	"jakarta", "port_moresby", "sydney", "perth",
	"buenos_aires", "sao_paulo", "rio_de_janeiro", "recife",
	"johannesburg", "singapore", "panama", "cape_town",
}

// fixture builds an n-seat match whose setup is done (tests only; real
// matches come from New and the log): clues A=5, B=3, C=1, D=BOMB for
// everyone, suitcases parked, every agent home, red to roll in turn 1.
// Then it applies the changes and checks the invariant.
func fixture(n int, changes ...func(*match)) *match {
	o := DefaultOptions()
	o.SetupTimeoutMs, o.TurnTimeoutMs, o.CombatCardTimeoutMs = 0, 0, 0
	m := newMatch(o, n)
	for s := range m.players {
		p := &m.players[s]
		p.hidden = true
		p.clues = [4]Clue{ClueFive, ClueThree, ClueOne, ClueBomb}
	}
	for c := range m.cases {
		m.cases[c].at = mustNode(parking[c])
		m.players[caseSeat(c)].place[c%SuitcasesPerColour] = m.cases[c].at
	}
	m.phase, m.active, m.turn, m.round, m.starter = PhaseRoll, red, 1, 1, red
	for _, c := range changes {
		c(m)
	}
	if err := m.Invariant(); err != nil {
		panic("fixture: " + err.Error())
	}
	return m
}

func mustNode(id string) node {
	n, ok := world.lookup(id)
	if !ok {
		panic("no node " + id)
	}
	return n
}

func mustAgent(m *match, id string) int {
	a, ok := m.agentByID(id)
	if !ok {
		panic("no agent " + id)
	}
	return a
}

func mustCase(m *match, id string) int {
	c, ok := m.caseByID(id)
	if !ok {
		panic("no suitcase " + id)
	}
	return c
}

// at puts agents on a node.
func at(place string, agents ...string) func(*match) {
	return func(m *match) {
		for _, id := range agents {
			m.agents[mustAgent(m, id)].at = mustNode(place)
		}
	}
}

// out eliminates agents.
func out(agents ...string) func(*match) {
	return func(m *match) {
		for _, id := range agents {
			m.agents[mustAgent(m, id)].at = noNode
		}
	}
}

// lying puts a suitcase on a city.
func lying(suitcase, place string) func(*match) {
	return func(m *match) {
		c := mustCase(m, suitcase)
		m.cases[c].at = mustNode(place)
	}
}

// carrying gives an agent a suitcase.
func carrying(agent, suitcase string) func(*match) {
	return func(m *match) {
		a, c := mustAgent(m, agent), mustCase(m, suitcase)
		m.agents[a].carries = c
		m.cases[c].at, m.cases[c].carrier = noNode, a
	}
}

// delivered records deliveries by seat s, adding their clues to its secrets.
func delivered(s int, suitcases ...string) func(*match) {
	return func(m *match) {
		for _, id := range suitcases {
			c := mustCase(m, id)
			m.cases[c] = suitcase{at: noNode, carrier: -1, deliveredBy: s}
			m.players[s].deliveries = append(m.players[s].deliveries, c)
			m.players[s].secrets += m.players[caseSeat(c)].clues[c%SuitcasesPerColour].Secrets()
		}
	}
}

// clues sets seat s's clues for A–D.
func clues(s int, cs ...Clue) func(*match) {
	return func(m *match) { m.players[s].clues = [4]Clue(cs) }
}

// moving puts red (or the active seat) in the move phase with pool p.
func moving(p int) func(*match) {
	return func(m *match) { m.phase, m.pool = PhaseMove, p }
}

// bonus gives an agent bonus steps and marks it moved.
func bonus(agent string, k int) func(*match) {
	return func(m *match) {
		a := mustAgent(m, agent)
		m.bonus[a], m.moved[a] = k, true
	}
}

// holding sets seat s's hand; the other cards of the seven are discarded.
func holding(s int, hand ...int) func(*match) {
	return func(m *match) {
		p := &m.players[s]
		p.hand, p.discard = slices.Clone(hand), []int{}
		rest := fullHand()
		for _, v := range hand {
			i := slices.Index(rest, v)
			rest = slices.Delete(rest, i, i+1)
		}
		p.discard = rest
	}
}

// act is an action by seat s with data d (nil for none).
func act(s int, typ string, d any) game.Action {
	a := game.Action{Seat: game.Seat(s), Type: typ, At: gametest.Start}
	if d != nil {
		a.Data = mustJSON(d)
	}
	return a
}

// path is a move by exact path.
func path(s int, agent string, nodes ...string) game.Action {
	return act(s, ActMove, Move{Agent: agent, Path: nodes})
}

// goTo is a move by destination.
func goTo(s int, agent, to string) game.Action { return act(s, ActMove, Move{Agent: agent, To: to}) }

// play is a combat card.
func play(s, v int) game.Action { return act(s, ActCard, Card{Value: v}) }

// ok is a step that must be accepted, then.
func ok(name string, a game.Action, then ...func(testing.TB, *match)) gametest.Step {
	return gametest.Step{Name: name, Action: a, Then: thens(then)}
}

// refused is a step that must be refused citing rule.
func refused(name, rule string, a game.Action, then ...func(testing.TB, *match)) gametest.Step {
	return gametest.Step{Name: name, Action: a, Rule: rule, Then: thens(then)}
}

func thens(fs []func(testing.TB, *match)) func(testing.TB, game.State) {
	if len(fs) == 0 {
		return nil
	}
	return func(tb testing.TB, st game.State) {
		tb.Helper()
		for _, f := range fs {
			f(tb, st.(*match))
		}
	}
}

// Assertions for Then.

func where(agent, place string) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := world.id(m.agents[mustAgent(m, agent)].at); got != place {
			tb.Fatalf("%s is at %q, want %q", agent, got, place)
		}
	}
}

func phase(p Phase) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.phase != p {
			tb.Fatalf("phase %s, want %s", m.phase, p)
		}
	}
}

func pool(p int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.pool != p {
			tb.Fatalf("pool %d, want %d", m.pool, p)
		}
	}
}

func active(s int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.active != s {
			tb.Fatalf("active seat %d, want %d", m.active, s)
		}
	}
}

func carries(agent, suitcase string) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		got := ""
		if c := m.agents[mustAgent(m, agent)].carries; c >= 0 {
			got = m.caseID(c)
		}
		if got != suitcase {
			tb.Fatalf("%s carries %q, want %q", agent, got, suitcase)
		}
	}
}

func lies(suitcase, place string) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := world.id(m.cases[mustCase(m, suitcase)].at); got != place {
			tb.Fatalf("%s lies in %q, want %q", suitcase, got, place)
		}
	}
}

func bonusOf(agent string, k int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.bonus[mustAgent(m, agent)]; got != k {
			tb.Fatalf("bonus of %s = %d, want %d", agent, got, k)
		}
	}
}

func secrets(s, n int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].secrets; got != n {
			tb.Fatalf("seat %d has %d secrets, want %d", s, got, n)
		}
	}
}

func cards(s int, hand, discard []int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		p := m.players[s]
		if !slices.Equal(p.hand, hand) || !slices.Equal(p.discard, discard) {
			tb.Fatalf("seat %d hand %v discard %v, want %v %v", s, p.hand, p.discard, hand, discard)
		}
	}
}

func check(f func(testing.TB, *match)) func(testing.TB, *match) { return f }

// scenario is one named case: a fixture and its steps.
type scenario struct {
	name  string
	n     int
	seed  game.Seed
	build func() *match
	steps []gametest.Step
}

func run(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gametest.Scenario(t, c.build(), c.n, c.seed, c.steps...)
		})
	}
}

// seedWhere finds a seed whose stream for log index i (RandFor(seed, i+1))
// satisfies want, so a scenario can pin what the dice show.
func seedWhere(i int, want func(r *game.Rand) bool) game.Seed {
	for k := 0; k < 1<<24; k++ {
		var s game.Seed
		s[0], s[1], s[2], s[31] = byte(k), byte(k>>8), byte(k>>16), 0xc0
		if want(game.RandFor(s, i+1)) {
			return s
		}
	}
	panic(fmt.Sprintf("no seed for index %d", i))
}

// faces reports whether the stream's next die indices are exactly these.
func faces(idx ...int) func(r *game.Rand) bool {
	return func(r *game.Rand) bool {
		for _, want := range idx {
			if r.IntN(len(dieFaces)) != want {
				return false
			}
		}
		return true
	}
}

func viewJSON(tb testing.TB, m *match, v game.Viewer) string {
	tb.Helper()
	b, err := json.Marshal(m.View(v))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

package couriers

import (
	"strconv"
	"strings"

	"topsecret/internal/game"
)

// letters name the suitcases of a colour (S1 "marquées A, B, C et D").
const letters = "ABCD"

// seatOf is the seat playing colour c, or -1 when nobody does.
func (m *match) seatOf(c Colour) int {
	for s, sc := range m.colours {
		if sc == c {
			return s
		}
	}
	return -1
}

// agentSeat is the seat owning agent a.
func agentSeat(a int) int { return a / AgentsPerColour }

// caseSeat is the seat whose colour suitcase c has.
func caseSeat(c int) int { return c / SuitcasesPerColour }

// agentIDs and caseIDs are every possible agent and suitcase id, by
// colour: views name dozens of them per frame.
var agentIDs, caseIDs = func() (a, c [colourCount][]string) {
	for col := range Colour(colourCount) {
		for k := range AgentsPerColour {
			a[col] = append(a[col], col.String()+"-"+strconv.Itoa(k+1))
		}
		for l := range SuitcasesPerColour {
			c[col] = append(c[col], col.String()+"-"+letters[l:l+1])
		}
	}
	return a, c
}()

// agentID is an agent's id, e.g. "red-1" (§2).
func (m *match) agentID(a int) string {
	return agentIDs[m.colours[agentSeat(a)]][a%AgentsPerColour]
}

// caseID is a suitcase's id, e.g. "red-A" (§2).
func (m *match) caseID(c int) string {
	return caseIDs[m.colours[caseSeat(c)]][c%SuitcasesPerColour]
}

// agentByID finds an agent of a colour in play by id.
func (m *match) agentByID(id string) (int, bool) {
	col, rest, ok := splitID(id)
	if !ok {
		return -1, false
	}
	s := m.seatOf(col)
	k, err := strconv.Atoi(rest)
	if s < 0 || err != nil || k < 1 || k > AgentsPerColour || rest != strconv.Itoa(k) {
		return -1, false
	}
	return s*AgentsPerColour + k - 1, true
}

// caseByID finds a suitcase of a colour in play by id.
func (m *match) caseByID(id string) (int, bool) {
	col, rest, ok := splitID(id)
	if !ok {
		return -1, false
	}
	s := m.seatOf(col)
	l := strings.Index(letters, rest)
	if s < 0 || len(rest) != 1 || l < 0 {
		return -1, false
	}
	return s*SuitcasesPerColour + l, true
}

func splitID(id string) (Colour, string, bool) {
	name, rest, ok := strings.Cut(id, "-")
	if !ok {
		return -1, "", false
	}
	col, ok := colourByName(name)
	return col, rest, ok
}

// Catalogue terms, nested in events as game.T arguments. Agents, suitcases
// and bases have one id per colour, so most terms carry no arguments.

func cityTermID(id string) string { return "couriers.city." + id }

// placeTerm names a city or a base ("couriers.base.start_red").
func placeTerm(n node) game.Msg {
	if world.isBase(n) {
		return game.M("couriers.base." + world.id(n))
	}
	return game.M(cityTermID(world.id(n)))
}

// agentTerm is "red agent 3": one id per colour, the agent's number as "num".
func (m *match) agentTerm(a int) game.Msg {
	return game.M("couriers.agent."+m.colours[agentSeat(a)].String(), game.N("num", a%AgentsPerColour+1))
}

// caseTerm is "red suitcase A": one id per suitcase.
func (m *match) caseTerm(c int) game.Msg { return game.M("couriers.suitcase." + m.caseID(c)) }

func clueTerm(c Clue) game.Msg { return game.M("couriers.clue." + strings.ToLower(c.String())) }

// Named arguments for events.

func term(name string, t game.Msg) game.Arg {
	return game.Arg{Name: name, Kind: game.ArgTerm, Terms: []game.Msg{t}}
}

func (m *match) agentArg(a int) game.Arg { return term("agent", m.agentTerm(a)) }

func (m *match) caseArg(c int) game.Arg { return term("suitcase", m.caseTerm(c)) }

func placeArg(n node) game.Arg { return term("place", placeTerm(n)) }

func who(s int) game.Arg { return game.P("who", game.Seat(s)) }

package couriers

import (
	"strconv"

	"topsecret/internal/game"
)

// Clue is a clue card: the secrets in the suitcase it lies under (§2).
type Clue int

// The four clue cards of a colour; own suitcases hold 9 secrets in all.
const (
	// ClueBomb holds no secret; delivering it costs half your agents (R20, R21).
	ClueBomb Clue = 0
	// ClueOne holds one state secret.
	ClueOne Clue = 1
	// ClueThree holds three.
	ClueThree Clue = 3
	// ClueFive holds five.
	ClueFive Clue = 5
)

// String is the clue's code in actions and views: "5", "3", "1" or "BOMB".
func (c Clue) String() string {
	if c == ClueBomb {
		return "BOMB"
	}
	return strconv.Itoa(int(c))
}

// Secrets is what the clue adds to its deliverer's secrets (BOMB = 0).
func (c Clue) Secrets() int { return int(c) }

func parseClue(s string) (Clue, bool) {
	for _, c := range []Clue{ClueFive, ClueThree, ClueOne, ClueBomb} {
		if c.String() == s {
			return c, true
		}
	}
	return 0, false
}

// op handles a suitcase at one index of a path: drop first, then pick up (§6.2).
type op struct {
	at     int
	drop   bool
	pickup int // suitcase index, -1 for none
}

// stop is a waypoint of a move by destination, with its op.
type stop struct {
	city   node
	drop   bool
	pickup int
}

// badOp is the refusal of any suitcase handling §6.2 forbids (R8).
func badOp() error { return game.Illegal("R8", "couriers.refuse.bad_suitcase_op") }

// handling is a scratch copy of the suitcases and what one agent carries,
// so a move's ops can be checked in order without touching the match.
type handling struct {
	cases   []suitcase
	carries int
}

func (m *match) handling(a int) handling {
	return handling{cases: append([]suitcase(nil), m.cases...), carries: m.agents[a].carries}
}

// do performs one op at city n, or refuses it: a drop needs a carried
// suitcase, a pick-up a suitcase lying in n and free hands after the drop.
func (h *handling) do(n node, drop bool, pickup int) error {
	if !world.isCity(n) || (!drop && pickup < 0) {
		return badOp()
	}
	if drop {
		if h.carries < 0 {
			return badOp()
		}
		h.cases[h.carries].at, h.cases[h.carries].carrier = n, -1
		h.carries = -1
	}
	if pickup >= 0 {
		if h.carries >= 0 || h.cases[pickup].at != n {
			return badOp()
		}
		h.cases[pickup].at = noNode
		h.carries = pickup
	}
	return nil
}

// dropCase puts down what agent a carries where it stands.
func (m *match) dropCase(a int) {
	c := m.agents[a].carries
	if c < 0 {
		return
	}
	m.cases[c].at, m.cases[c].carrier = m.agents[a].at, -1
	m.agents[a].carries = -1
	m.say(kindSuitcase, "couriers.event.drop", m.agentArg(a), m.caseArg(c), placeArg(m.agents[a].at))
}

// pickCase lets agent a take suitcase c lying where it stands.
func (m *match) pickCase(a, c int) {
	m.cases[c].at, m.cases[c].carrier = noNode, a
	m.agents[a].carries = c
	m.say(kindSuitcase, "couriers.event.pickup", m.agentArg(a), m.caseArg(c), placeArg(m.agents[a].at))
}

// handleCmd is ActSuitcase: a moved agent handles a suitcase where it stands (R8).
type handleCmd struct {
	agent  int
	drop   bool
	pickup int
}

func (m *match) decodeHandle(a game.Action) (command, error) {
	d, err := decodeAs(a, Handle{})
	if err != nil {
		return nil, err
	}
	ag, ok := m.agentByID(d.Agent)
	if !ok {
		return nil, game.Malformed("suitcase: no agent %q", d.Agent)
	}
	c := handleCmd{agent: ag, drop: d.Drop, pickup: -1}
	if d.Pickup != "" {
		if c.pickup, ok = m.caseByID(d.Pickup); !ok {
			return nil, game.Malformed("suitcase: no suitcase %q", d.Pickup)
		}
	}
	return c, nil
}

func (c handleCmd) check(m *match, s int) error {
	if err := m.expect(PhaseMove, s); err != nil {
		return err
	}
	if err := m.ownAgent(c.agent, s); err != nil {
		return err
	}
	if !m.moved[c.agent] {
		return badOp()
	}
	h := m.handling(c.agent)
	return h.do(m.agents[c.agent].at, c.drop, c.pickup)
}

func (c handleCmd) apply(m *match, _ int, _ *game.Rand) {
	if c.drop {
		m.dropCase(c.agent)
	}
	if c.pickup >= 0 {
		m.pickCase(c.agent, c.pickup)
	}
}

// ownAgent refuses an agent that is not seat s's or not in play.
func (m *match) ownAgent(a, s int) error {
	if agentSeat(a) != s || m.agents[a].at == noNode {
		return game.Illegal("§6", "couriers.refuse.not_your_agent")
	}
	return nil
}

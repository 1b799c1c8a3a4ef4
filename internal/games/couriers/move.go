package couriers

import (
	"topsecret/internal/game"
)

// moveCmd walks one agent (§6.1). A move by destination is resolved into a
// path by check; apply walks the resolved path.
type moveCmd struct {
	agent int
	to    node // noNode for a move by exact path
	stops []stop
	path  []node
	ops   []op
}

func (m *match) decodeMove(a game.Action) (command, error) {
	d, err := decodeAs(a, Move{})
	if err != nil {
		return nil, err
	}
	c := &moveCmd{to: noNode}
	var ok bool
	if c.agent, ok = m.agentByID(d.Agent); !ok {
		return nil, game.Malformed("move: no agent %q", d.Agent)
	}
	switch {
	case (d.To == "") == (len(d.Path) == 0):
		return nil, game.Malformed("move: name either to or path")
	case d.To != "" && len(d.Ops) > 0, d.To == "" && len(d.Via) > 0:
		return nil, game.Malformed("move: via goes with to, ops with path")
	}
	if d.To != "" {
		return c, m.decodeByDestination(c, d)
	}
	return c, m.decodeByPath(c, d)
}

func (m *match) decodeByDestination(c *moveCmd, d Move) error {
	var ok bool
	if c.to, ok = world.lookup(d.To); !ok {
		return game.Malformed("move: no place %q", d.To)
	}
	for _, v := range d.Via {
		n, ok := world.lookup(v.City)
		if !ok {
			return game.Malformed("move: no place %q", v.City)
		}
		p, err := m.pickupID(v.Pickup)
		if err != nil {
			return err
		}
		c.stops = append(c.stops, stop{city: n, drop: v.Drop, pickup: p})
	}
	return nil
}

func (m *match) decodeByPath(c *moveCmd, d Move) error {
	for _, id := range d.Path {
		n, ok := world.lookup(id)
		if !ok {
			return game.Malformed("move: no place %q", id)
		}
		c.path = append(c.path, n)
	}
	for _, o := range d.Ops {
		p, err := m.pickupID(o.Pickup)
		if err != nil {
			return err
		}
		c.ops = append(c.ops, op{at: o.At, drop: o.Drop, pickup: p})
	}
	return nil
}

// pickupID is the suitcase named by a pick-up, -1 for none.
func (m *match) pickupID(id string) (int, error) {
	if id == "" {
		return -1, nil
	}
	c, ok := m.caseByID(id)
	if !ok {
		return -1, game.Malformed("move: no suitcase %q", id)
	}
	return c, nil
}

func (c *moveCmd) check(m *match, s int) error {
	if err := m.expect(PhaseMove, s); err != nil {
		return err
	}
	if err := m.ownAgent(c.agent, s); err != nil {
		return err
	}
	o := m.occupancy()
	if c.to != noNode {
		if c.to == m.agents[c.agent].at && len(c.stops) == 0 {
			return game.Illegal("§6.1", "couriers.refuse.already_there")
		}
		p, ops, ok := m.route(c.agent, c.stops, c.to, o)
		if !ok {
			return game.Illegal("R11", "couriers.refuse.no_route", term("place", placeTerm(c.to)))
		}
		c.path, c.ops = p, ops
	}
	return m.validate(c.agent, c.path, c.ops, o)
}

// validate checks a move's path and ops in the order of §6.1.
func (m *match) validate(a int, path []node, ops []op, o occupancy) error {
	k := len(path)
	if k < 1 {
		return game.Illegal("§6.1", "couriers.refuse.no_steps")
	}
	prev := m.agents[a].at
	for _, n := range path {
		if !world.adjacent(prev, n) {
			return game.Illegal("§6.1", "couriers.refuse.not_adjacent", term("from", placeTerm(prev)), term("to", placeTerm(n)))
		}
		prev = n
	}
	if k > m.budget(a) {
		return game.Illegal("R5", "couriers.refuse.insufficient_steps", game.N("n", k))
	}
	s := agentSeat(a)
	for _, n := range path[:k-1] {
		if world.isBase(n) {
			return game.Illegal("R4", "couriers.refuse.base_not_passable")
		}
	}
	for _, n := range path[:k-1] {
		if o.enemy(n, s) {
			return game.Illegal("R11", "couriers.refuse.must_stop_at_enemy", placeArg(n))
		}
	}
	carries, opErr := m.simulateOps(a, path, ops, o)
	if err := m.endError(a, path[k-1], carries, o); err != nil {
		return err
	}
	return opErr
}

// simulateOps plays a move's ops on a scratch copy: indices strictly
// increasing within the path, each at a city, none at an enemy-held end
// (§6.1 item 7). It returns what the agent carries at the end.
func (m *match) simulateOps(a int, path []node, ops []op, o occupancy) (int, error) {
	h := m.handling(a)
	last := -1
	for _, p := range ops {
		if p.at <= last || p.at > len(path) {
			return h.carries, badOp()
		}
		n := m.agents[a].at
		if p.at > 0 {
			n = path[p.at-1]
		}
		if p.at == len(path) && o.enemy(n, agentSeat(a)) {
			return h.carries, badOp()
		}
		if err := h.do(n, p.drop, p.pickup); err != nil {
			return h.carries, err
		}
		last = p.at
	}
	return h.carries, nil
}

// endError says why agent a, carrying suitcase carries (or -1), may not
// end a move on d (§6.1 items 5–6), or nil.
func (m *match) endError(a int, d node, carries int, o occupancy) error {
	s := agentSeat(a)
	switch world.kind[d] {
	case startBase:
		return game.Illegal("R4", "couriers.refuse.start_base_exit_only")
	case arrivalBase:
		switch {
		case world.owner[d] != m.colours[s]:
			return game.Illegal("R4", "couriers.refuse.not_own_arrival")
		case carries < 0:
			return game.Illegal("R18", "couriers.refuse.no_suitcase")
		case !m.mayDeliver(s, carries):
			return game.Illegal("R19", "couriers.refuse.first_three_rule")
		}
		return nil
	}
	if o.enemy(d, s) {
		return nil
	}
	others := o.own(d, s)
	if m.agents[a].at == d {
		others--
	}
	if others > 1 {
		return game.Illegal("R6", "couriers.refuse.stack_limit")
	}
	return nil
}

func (c *moveCmd) apply(m *match, _ int, _ *game.Rand) {
	a := c.agent
	k := len(c.path)
	fromBonus := min(m.bonus[a], k)
	m.bonus[a] -= fromBonus
	m.pool -= k - fromBonus
	m.moved[a] = true
	m.trail = &trail{agent: a, path: append([]node{m.agents[a].at}, c.path...)}
	m.say(kindMove, "couriers.event.move", m.agentArg(a), placeArg(c.path[k-1]), game.N("n", k))
	for i := 0; i <= k; i++ {
		if i > 0 {
			m.agents[a].at = c.path[i-1]
		}
		for _, p := range c.ops {
			if p.at == i {
				m.doOp(a, p)
			}
		}
	}
	m.arrive(a)
}

// doOp performs a checked op where agent a stands.
func (m *match) doOp(a int, p op) {
	if p.drop {
		m.dropCase(a)
	}
	if p.pickup >= 0 {
		m.pickCase(a, p.pickup)
	}
}

// arrive settles a finished move: a fight in an enemy-held city (R11), a
// delivery in the own arrival base (§8.1), else the turn goes on.
func (m *match) arrive(a int) {
	d := m.agents[a].at
	if world.kind[d] == arrivalBase {
		m.deliver(a)
		return
	}
	if m.occupancy().enemy(d, agentSeat(a)) {
		m.startFight(a, d)
	}
}

// trail is the latest move's route, start included, for the board to animate.
type trail struct {
	agent int
	path  []node
}

package couriers

import (
	"slices"

	"topsecret/internal/game"
)

// tableView builds the public part of every view; v decides which clues
// and private event lines it may carry.
func (m *match) tableView(v game.Viewer) *TableView {
	t := &TableView{Phase: m.phase, Seats: m.n, Colours: m.SeatColours(), Turn: m.turn, Round: m.round,
		Active: m.active, Starter: m.starter, Roller: m.roller, Pool: m.pool, Undelivered: m.undelivered()}
	if m.phase == PhaseHide {
		t.Starter, t.Undelivered = -1, m.n*9
	}
	if m.roller >= 0 {
		d := m.dice
		t.Dice = &d
	}
	for a, b := range m.bonus {
		if b > 0 {
			if t.Bonus == nil {
				t.Bonus = map[string]int{}
			}
			t.Bonus[m.agentID(a)] = b
		}
		if m.moved[a] {
			t.Moved = append(t.Moved, m.agentID(a))
		}
	}
	t.Agents = m.agentViews()
	t.Suitcases = m.suitcaseViews(v)
	t.Players = m.playerViews()
	m.fightViews(t)
	if m.trail != nil {
		tv := &TrailView{Agent: m.agentID(m.trail.agent)}
		for _, n := range m.trail.path {
			tv.Path = append(tv.Path, world.id(n))
		}
		t.LastMove = tv
	}
	for _, round := range m.firstRolls {
		var rv []RollView
		for _, fr := range round {
			rv = append(rv, RollView{Seat: fr.seat, Dice: fr.dice})
		}
		t.FirstRolls = append(t.FirstRolls, rv)
	}
	if tm := m.Next().Timers; len(tm) > 0 {
		t.Deadline = tm[0].At
	}
	if m.end != nil {
		t.Over = &Outcome{Kind: m.end.kind, Winners: slices.Clone(m.end.winners), Summary: m.summary()}
	}
	return t
}

func (m *match) agentViews() []AgentView {
	out := make([]AgentView, len(m.agents))
	for a, ag := range m.agents {
		out[a] = AgentView{ID: m.agentID(a), At: world.id(ag.at)}
		if ag.carries >= 0 {
			out[a].Carries = m.caseID(ag.carries)
		}
	}
	return out
}

func (m *match) suitcaseViews(v game.Viewer) []SuitcaseView {
	if m.phase == PhaseHide && v.Kind != game.Omniscient {
		return []SuitcaseView{}
	}
	out := make([]SuitcaseView, len(m.cases))
	for c, sc := range m.cases {
		l := c % SuitcasesPerColour
		out[c] = SuitcaseView{ID: m.caseID(c), Colour: m.colours[caseSeat(c)].String(), Letter: letters[l : l+1],
			At: world.id(sc.at)}
		if sc.carrier >= 0 {
			out[c].Carrier = m.agentID(sc.carrier)
		}
		if sc.deliveredBy >= 0 {
			by := sc.deliveredBy
			out[c].DeliveredBy = &by
		}
		if m.mayRead(v, c) {
			out[c].Clue = m.players[caseSeat(c)].clues[l].String()
		}
	}
	return out
}

func (m *match) playerViews() []PlayerView {
	out := make([]PlayerView, m.n)
	for s, p := range m.players {
		pv := PlayerView{Seat: s, Colour: m.colours[s].String(), Hidden: p.hidden, Secrets: p.secrets,
			Agents: m.inPlay(s), Hand: slices.Clone(p.hand), Discard: slices.Clone(p.discard),
			Deliveries: []string{}, Chosen: p.sealed >= 0}
		for _, c := range p.deliveries {
			pv.Deliveries = append(pv.Deliveries, m.caseID(c))
		}
		out[s] = pv
	}
	return out
}

// fightViews fills the running fight, its loot, the latest reveal and the bomb count.
func (m *match) fightViews(t *TableView) {
	if f := m.fight; f != nil {
		fv := &FightView{City: world.id(f.city), Aggressor: m.agentID(f.aggressor), Defenders: []string{}}
		for _, d := range f.defenders {
			fv.Defenders = append(fv.Defenders, m.agentID(d))
		}
		t.Fight = fv
	}
	if l := m.loot; l != nil {
		t.Loot = &LootView{Suitcase: m.caseID(l.suitcase), Winner: m.agentID(l.winner)}
	}
	if r := m.lastFight; r != nil {
		winner := r.defender
		if r.aggressorWon {
			winner = r.aggressor
		}
		t.LastFight = &RevealView{Seq: r.seq, City: world.id(r.city), Aggressor: m.agentID(r.aggressor),
			Defender: m.agentID(r.defender), Cards: r.cards, Winner: m.agentID(winner), LoserHome: r.loserHome}
	}
	t.BombVictims = m.bombLeft
}

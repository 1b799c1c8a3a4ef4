package couriersboard

import (
	"encoding/json"
	"sort"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
)

// moveForm is my turn's move picker: one radio per agent that can move
// (agents standing together alike are one choice), one radio per place
// any of them can reach, marked with the agents that reach it. Choosing an
// agent shows its destinations (CSS); choosing one draws the route the
// move walks, read out of the agent's route tree (the board's script);
// Go sends the engine's move by destination: {"agent", "to"}, the legal
// template with its field filled.
type moveForm struct {
	Movers  []mover
	Targets []target
	Picks   []pick
	// Steps words a route's length, "1 step|2 steps|…", up to the longest
	// any mover can walk: the script shows it beside the chosen city.
	Steps string
}

// mover is one agent I may move, standing for N alike.
type mover struct {
	Agent   string // the agent the move names
	Input   string // its radio's id, "cz-a3": targets it reaches carry "r3"
	Class   string // "a3", on its tap target on the map
	Where   string // its place, in words
	N       int    // agents alike standing with it
	Carry   caseMark
	Bonus   int
	Checked bool
	Tree    string // its shortest-route tree (couriers.SeatView.Routes)
}

// target is a tap target over a destination.
type target struct {
	Node    string // where it sits: its place's class
	Value   string // the place id sent as "to"
	Name    string
	Class   string // "r1 r3": the movers that reach it
	Side    string // "cz-lw"/"cz-le" by the map's west or east edge: its name label grows inwards
	Foe     bool   // enemy-held: the move stops there and starts a fight (R11)
	Deliver bool   // my arrival base: the move delivers (§8.1)
	Case    bool   // a suitcase lies there: stop to take it
	First   bool   // the group's first radio, which carries "required"
}

// pick is a tap target over my agents on the map: it chooses the mover.
type pick struct {
	Node  string // where it sits: its place's class
	Class string // the mover's class, to ring it when chosen
	For   string // the mover's radio id
}

// newMoveForm builds the picker from the legal move templates, one per
// agent with steps (house ruling H4).
func (m *phone) newMoveForm(moves []game.Move) *moveForm {
	f := &moveForm{}
	type key struct {
		at, carries string
		bonus       int
	}
	group := map[key]int{}
	reach := map[string][]string{} // mover's agent → destinations
	for _, mv := range moves {
		var d couriers.Move
		if json.Unmarshal(mv.Data, &d) != nil || d.Agent == "" {
			continue
		}
		a := m.agents[d.Agent]
		k := key{a.At, a.Carries, m.T.Bonus[d.Agent]}
		if i, ok := group[k]; ok {
			f.Movers[i].N++
			continue
		}
		group[k] = len(f.Movers)
		f.Movers = append(f.Movers, m.mover(d.Agent))
		reach[d.Agent] = stringsOf(mv.Fields["to"])
	}
	m.checkMover(f)
	byPlace := map[string]*target{}
	for _, mv := range f.Movers {
		for _, to := range reach[mv.Agent] {
			t := byPlace[to]
			if t == nil {
				if _, ok := places[to]; !ok {
					continue
				}
				t = &target{Node: nodeClass(to), Side: labelSide(to), Value: to, Name: m.placeName(to), Foe: m.enemyAt(to), Deliver: to == arrivalOf[m.V.Colour],
					Case: m.caseAt(to)}
				byPlace[to] = t
			}
			t.Class = strings.TrimSpace(t.Class + " r" + numberOf(mv.Agent))
		}
	}
	for _, t := range byPlace {
		f.Targets = append(f.Targets, *t)
	}
	sort.Slice(f.Targets, func(i, j int) bool { return places[f.Targets[i].Value].Index < places[f.Targets[j].Value].Index })
	if len(f.Targets) > 0 {
		f.Targets[0].First = true
	}
	seen := map[string]bool{}
	for _, mv := range f.Movers {
		at := m.agents[mv.Agent].At
		if seen[at] {
			continue
		}
		seen[at] = true
		f.Picks = append(f.Picks, pick{Node: nodeClass(at), Class: mv.Class, For: mv.Input})
	}
	f.Steps = m.stepWords(f.Movers)
	return f
}

// stepWords are a route's lengths in words, from 1 to the most steps any
// mover has: a route is never longer.
func (m *phone) stepWords(movers []mover) string {
	most := 0
	for _, mv := range movers {
		most = max(most, m.T.Pool+mv.Bonus)
	}
	words := make([]string, most)
	for i := range words {
		words[i] = m.t("couriers.ui.route.steps", game.N("n", i+1))
	}
	return strings.Join(words, "|")
}

// hintRounds is how long the move picker explains itself: the first laps
// of the turn order, while players learn it.
const hintRounds = 2

// unnamed is a suitcase drawn beside words that name it already.
func unnamed(c caseMark) caseMark {
	c.Title = ""
	return c
}

// mover describes agent id as a choice.
func (m *phone) mover(id string) mover {
	a := m.agents[id]
	where := m.placeName(a.At)
	if a.At == startOf[m.V.Colour] {
		where = m.t("couriers.ui.where.start")
	}
	mv := mover{Agent: id, Input: "cz-a" + numberOf(id), Class: "a" + numberOf(id), Where: where, N: 1,
		Bonus: m.T.Bonus[id], Tree: m.V.Routes[id]}
	if s, ok := m.cases[a.Carries]; ok {
		mv.Carry = m.caseMark(s, point{})
	}
	return mv
}

// checkMover pre-selects the agent that moved last, so it can walk on,
// else the first: one tap less in the common case.
func (m *phone) checkMover(f *moveForm) {
	if len(f.Movers) == 0 {
		return
	}
	i := 0
	if lm := m.T.LastMove; lm != nil {
		for k, mv := range f.Movers {
			if mv.Agent == lm.Agent {
				i = k
			}
		}
	}
	f.Movers[i].Checked = true
}

// caseAt reports whether a suitcase lies on place id.
func (m *phone) caseAt(id string) bool {
	for _, s := range m.T.Suitcases {
		if s.At == id {
			return true
		}
	}
	return false
}

// enemyAt reports whether another colour's agent stands on place id.
func (m *phone) enemyAt(id string) bool {
	for _, a := range m.T.Agents {
		if a.At == id && colourOf(a.ID) != m.V.Colour {
			return true
		}
	}
	return false
}

// bonusTotal is every bonus step still to walk this turn (R16).
func (b *base) bonusTotal() int {
	n := 0
	for _, v := range b.T.Bonus {
		n += v
	}
	return n
}

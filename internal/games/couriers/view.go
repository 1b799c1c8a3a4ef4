package couriers

import (
	"topsecret/internal/game"
)

// AgentView is one agent: At is a city or base id, absent once eliminated.
type AgentView struct {
	ID      string `json:"id"`
	At      string `json:"at,omitempty"`
	Carries string `json:"carries,omitempty"` // suitcase id
}

// SuitcaseView is one suitcase: lying At a city, carried by Carrier, or
// delivered. Clue shows only to whoever may read it (§9): the owner, and
// everyone once it is delivered or the game is over.
type SuitcaseView struct {
	ID          string `json:"id"`
	Colour      string `json:"colour"`
	Letter      string `json:"letter"`
	At          string `json:"at,omitempty"`
	Carrier     string `json:"carrier,omitempty"`
	DeliveredBy *int   `json:"delivered_by,omitempty"`
	Clue        string `json:"clue,omitempty"`
}

// PlayerView is what everyone may see of a player (§9): hands and discards
// are public, since every played card is shown.
type PlayerView struct {
	Seat       int      `json:"seat"`
	Colour     string   `json:"colour"`
	Hidden     bool     `json:"hidden"` // has hidden the suitcases (setup)
	Secrets    int      `json:"secrets"`
	Agents     int      `json:"agents"` // in play
	Hand       []int    `json:"hand"`
	Discard    []int    `json:"discard"`
	Deliveries []string `json:"deliveries"` // suitcase ids, in order
	Chosen     bool     `json:"chosen,omitempty"`
}

// FightView is the running combat: Defenders are those still to fight,
// the current one first once the order is chosen.
type FightView struct {
	City      string   `json:"city"`
	Aggressor string   `json:"aggressor"`
	Defenders []string `json:"defenders"`
}

// RevealView is the latest fight's two cards, shown together (R12).
type RevealView struct {
	Seq       int    `json:"seq"`
	City      string `json:"city"`
	Aggressor string `json:"aggressor"`
	Defender  string `json:"defender"`
	Cards     [2]int `json:"cards"` // aggressor's, defender's
	Winner    string `json:"winner"`
	LoserHome bool   `json:"loser_home,omitempty"` // lost with a 0 and went home (R14)
}

// LootView is a dropped suitcase the winner may take (R15).
type LootView struct {
	Suitcase string `json:"suitcase"`
	Winner   string `json:"winner"`
}

// TrailView is the latest move's route, start included.
type TrailView struct {
	Agent string   `json:"agent"`
	Path  []string `json:"path"`
}

// RollView is one throw of the first-player roll (R26).
type RollView struct {
	Seat int    `json:"seat"`
	Dice [2]int `json:"dice"`
}

// Outcome is the end of the match.
type Outcome struct {
	Kind    string   `json:"kind"` // win or exhaustion
	Winners []int    `json:"winners"`
	Summary game.Msg `json:"summary"`
}

// TableView is the table screen and every spectator: public facts only (§9).
type TableView struct {
	Phase   Phase    `json:"phase"`
	Seats   int      `json:"seats"`
	Colours []string `json:"colours"`
	Turn    int      `json:"turn"` // player turns so far
	Round   int      `json:"round"`
	Active  int      `json:"active"` // -1 while hiding
	Starter int      `json:"starter"`
	// Dice are the latest roll, by seat Roller; Pool the steps left this turn.
	Dice        *[2]int        `json:"dice,omitempty"`
	Roller      int            `json:"roller"`
	Pool        int            `json:"pool"`
	Bonus       map[string]int `json:"bonus,omitempty"` // agent → bonus steps (R16)
	Moved       []string       `json:"moved,omitempty"` // agents that moved this turn (R8)
	Agents      []AgentView    `json:"agents"`
	Suitcases   []SuitcaseView `json:"suitcases"`
	Players     []PlayerView   `json:"players"`
	Fight       *FightView     `json:"fight,omitempty"`
	LastFight   *RevealView    `json:"last_fight,omitempty"`
	Loot        *LootView      `json:"loot,omitempty"`
	BombVictims int            `json:"bomb_victims,omitempty"` // agents still to pick (R20)
	LastMove    *TrailView     `json:"last_move,omitempty"`
	FirstRolls  [][]RollView   `json:"first_rolls,omitempty"`
	Undelivered int            `json:"undelivered"` // U of R23
	Deadline    int64          `json:"deadline,omitempty"`
	Over        *Outcome       `json:"over,omitempty"`
}

// SeatView is one player's phone: the table's facts plus that seat's secrets (§10).
type SeatView struct {
	TableView
	Me     int    `json:"me"`
	Colour string `json:"colour"`
	// Clues are my clue cards by letter, once hidden.
	Clues map[string]string `json:"clues,omitempty"`
	// Placement is where I put my suitcases, until everyone has hidden.
	Placement map[string]string `json:"placement,omitempty"`
	// Sealed is my face-down combat card in the running fight.
	Sealed *int `json:"sealed,omitempty"`
	// Reach lists, on my turn, each agent's plain destinations (for highlighting).
	Reach map[string][]string `json:"reach,omitempty"`
	// Routes is, for each agent in Reach, its shortest-route tree: the
	// route a move by destination walks, for every destination at once
	// (see RouteTo).
	Routes map[string]string `json:"routes,omitempty"`
}

// OmniscientView is everything, for replays of finished matches.
type OmniscientView struct {
	TableView
	Clues      map[string]string `json:"clues"`                // suitcase → clue, for every hidden setup
	Placements map[string]string `json:"placements,omitempty"` // suitcase → city, before the reveal
	Sealed     []*int            `json:"sealed"`               // per seat
}

// View returns what v may see.
func (m *match) View(v game.Viewer) any {
	switch v.Kind {
	case game.Player:
		if v.Seat < 0 || int(v.Seat) >= m.n {
			return m.tableView(v)
		}
		return m.seatView(int(v.Seat))
	case game.Omniscient:
		return m.omniscientView()
	}
	return m.tableView(v)
}

// mayRead reports whether viewer v may read suitcase c's clue.
func (m *match) mayRead(v game.Viewer, c int) bool {
	switch {
	case v.Kind == game.Omniscient, m.phase == PhaseOver, m.cases[c].deliveredBy >= 0:
		return m.players[caseSeat(c)].hidden
	case v.Kind == game.Player:
		return int(v.Seat) == caseSeat(c) && m.players[caseSeat(c)].hidden
	}
	return false
}

func (m *match) seatView(s int) *SeatView {
	v := game.SeatViewer(game.Seat(s))
	sv := &SeatView{TableView: *m.tableView(v), Me: s, Colour: m.colours[s].String()}
	p := &m.players[s]
	if p.hidden {
		sv.Clues = map[string]string{}
		for l, c := range p.clues {
			sv.Clues[letters[l:l+1]] = c.String()
		}
		if m.phase == PhaseHide {
			sv.Placement = map[string]string{}
			for l, n := range p.place {
				sv.Placement[letters[l:l+1]] = world.id(n)
			}
		}
	}
	if p.sealed >= 0 {
		x := p.sealed
		sv.Sealed = &x
	}
	if m.phase == PhaseMove && s == m.active {
		sv.Reach, sv.Routes = m.reachView(s)
	}
	return sv
}

// reachView is every agent's plain destinations and its route tree, by agent id.
func (m *match) reachView(s int) (reach map[string][]string, routes map[string]string) {
	reach, routes = map[string][]string{}, map[string]string{}
	o := m.occupancy()
	for a := s * AgentsPerColour; a < (s+1)*AgentsPerColour; a++ {
		id := m.agentID(a)
		for _, d := range m.reach(a, o) {
			reach[id] = append(reach[id], world.id(d))
		}
		if len(reach[id]) > 0 {
			routes[id] = m.routeTree(a, o)
		}
	}
	return reach, routes
}

func (m *match) omniscientView() *OmniscientView {
	v := game.OmniscientViewer()
	ov := &OmniscientView{TableView: *m.tableView(v), Clues: map[string]string{}, Sealed: make([]*int, m.n)}
	for c := range m.cases {
		p := &m.players[caseSeat(c)]
		if p.hidden {
			ov.Clues[m.caseID(c)] = p.clues[c%SuitcasesPerColour].String()
			if m.phase == PhaseHide {
				if ov.Placements == nil {
					ov.Placements = map[string]string{}
				}
				ov.Placements[m.caseID(c)] = world.id(p.place[c%SuitcasesPerColour])
			}
		}
	}
	for s, p := range m.players {
		if p.sealed >= 0 {
			x := p.sealed
			ov.Sealed[s] = &x
		}
	}
	return ov
}

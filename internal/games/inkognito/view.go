package inkognito

import (
	"topsecret/internal/game"
)

// AgentInfo is what everyone sees of an agent: seat, colour and the
// location cards left this cycle (§6).
type AgentInfo struct {
	Seat       int      `json:"seat"`
	Colour     string   `json:"colour"`
	Fictitious bool     `json:"fictitious,omitempty"`
	Hand       []string `json:"hand"`
	Played     string   `json:"played,omitempty"` // this round's card
}

// AmbInfo is the Ambassador as the table sees it.
type AmbInfo struct {
	Seat int    `json:"seat"` // the 5p player's seat, or -1 (a deck)
	Card string `json:"card,omitempty"`
	// Deck is the 3p/4p deck's size; Hand the 5p cards not yet revealed
	// this cycle (the sealed one among them).
	Deck      int      `json:"deck,omitempty"`
	Hand      []string `json:"hand,omitempty"`
	Committed bool     `json:"committed,omitempty"`
}

// CardInfo is a location card face up on a site this cycle.
type CardInfo struct {
	By         int  `json:"by"` // agent seat (3 = FICT in 3p) or the Ambassador's seat (-1 = deck)
	Ambassador bool `json:"ambassador,omitempty"`
	Round      int  `json:"round"`
	Current    bool `json:"current,omitempty"` // played this round
}

// SiteInfo is a site and the cards played there this cycle.
type SiteInfo struct {
	ID string `json:"id"`
	// Name is the site's display name, a catalogue term.
	Name  game.Msg   `json:"name"`
	Cards []CardInfo `json:"cards"`
}

// MeetingInfo is a meeting as everyone sees it: where, who, and who still
// has to act — never what was submitted (§6).
type MeetingInfo struct {
	Site       string   `json:"site"`
	Kind       MeetKind `json:"kind"`
	Agents     []int    `json:"agents"`
	Ambassador bool     `json:"ambassador,omitempty"`
	Awaiting   []int    `json:"awaiting"`
	Submitted  []int    `json:"submitted"`
}

// RequestInfo is a public request (requester → target) and whether the
// target has answered; never the card.
type RequestInfo struct {
	Requester int  `json:"requester"`
	Target    int  `json:"target"`
	Answered  bool `json:"answered"`
}

// DialInfo is the resolved call (R13).
type DialInfo struct {
	By      int    `json:"by"`
	Number  string `json:"number"`
	Correct bool   `json:"correct"`
	// Digits says the digits were right; a 4p call with a non-ally is
	// then still wrong (R12).
	Digits bool `json:"digits"`
}

// BlackInfo is an agent's pair of black cards, public at GAME_END.
type BlackInfo struct {
	Seat     int    `json:"seat"`
	Identity string `json:"identity"`
	Fragment string `json:"fragment"`
}

// Outcome is the GAME_END section: the call, all black cards and the number.
type Outcome struct {
	Winners []int       `json:"winners"`
	Points  []int       `json:"points"`
	Summary game.Msg    `json:"summary"`
	Number  string      `json:"number"`
	Black   []BlackInfo `json:"black"`
}

// TableView is the table screen and every spectator: public facts only (§6).
type TableView struct {
	Phase   Phase  `json:"phase"`
	Players int    `json:"players"`
	Helper  string `json:"helper"`
	Cycle   int    `json:"cycle"`
	Round   int    `json:"round"`      // within the cycle, 1–5
	Rounds  int    `json:"game_round"` // overall round number
	Start   int    `json:"start"`      // this round's start seat
	// TurnOrder is this round's agents in turn order; Turn the agent to play, or -1.
	TurnOrder  []int         `json:"turn_order"`
	Turn       int           `json:"turn"`
	Agents     []AgentInfo   `json:"agents"`
	Ambassador AmbInfo       `json:"ambassador"`
	Sites      []SiteInfo    `json:"sites"`
	Meetings   []MeetingInfo `json:"meetings"`
	Requests   []RequestInfo `json:"requests"`
	Awaiting   []int         `json:"awaiting"`
	Dial       *DialInfo     `json:"dial,omitempty"`
	Over       *Outcome      `json:"over,omitempty"`
	// Timer is the running time limit (H17), if any.
	Timer *TimerInfo `json:"timer,omitempty"`
}

// View returns what v may see: a *SeatView for a seated player, an
// *OmniscientView for the all-seeing replay, else a *TableView.
func (m *match) View(v game.Viewer) any {
	switch v.Kind {
	case game.Player:
		if v.Seat >= 0 && int(v.Seat) < m.n {
			sv := m.seatView(int(v.Seat))
			return &sv
		}
	case game.Omniscient:
		ov := m.omniscientView()
		return &ov
	}
	tv := m.tableView()
	return &tv
}

// tableView is what the table sees, built once per state: every seat's
// view holds it too. Nobody writes to a view, so the seats share its lists.
func (m *match) tableView() TableView {
	return m.public.Of(m.buildTableView)
}

func (m *match) buildTableView() TableView {
	v := TableView{Phase: m.phase, Players: m.n, Helper: m.opts.Helper, Cycle: m.cycle(), Round: m.cycleRound(),
		Rounds: m.round, Start: m.agents[m.startIndex()], Turn: -1, Agents: []AgentInfo{},
		Sites: []SiteInfo{}, Meetings: []MeetingInfo{}, Requests: []RequestInfo{},
		Awaiting: append([]int{}, m.awaited()...), Timer: m.timer()}
	t := m.turnOrder()
	v.TurnOrder = t[:]
	if m.phase == PhasePlay {
		v.Turn = m.current()
	}
	for i, a := range m.agents {
		ai := AgentInfo{Seat: a, Colour: colours[i], Fictitious: m.isFict(a), Hand: siteStrings(m.hands[a])}
		if m.plays[a] != noSite {
			ai.Played = m.plays[a].String()
		}
		v.Agents = append(v.Agents, ai)
	}
	v.Ambassador = m.ambInfo()
	for s := Rialto; s <= Arsenale; s++ {
		si := SiteInfo{ID: s.String(), Name: game.M(s.Term()), Cards: []CardInfo{}}
		for _, p := range m.table[s] {
			si.Cards = append(si.Cards, CardInfo{By: p.who, Ambassador: p.amb, Round: p.round,
				Current: p.round == m.cycleRound()})
		}
		v.Sites = append(v.Sites, si)
	}
	for _, mt := range m.meetings {
		v.Meetings = append(v.Meetings, m.meetingInfo(mt))
	}
	for _, q := range m.requests {
		v.Requests = append(v.Requests, RequestInfo{Requester: q.requester, Target: q.target, Answered: q.done})
	}
	if d := m.dial; d != nil {
		v.Dial = &DialInfo{By: d.by, Number: d.number, Correct: d.correct, Digits: d.digits}
		v.Over = m.outcome()
	}
	return v
}

// ambInfo is the Ambassador's public side: the deck size (3p/4p) or the
// cards not yet revealed this cycle (5p), never the sealed card.
func (m *match) ambInfo() AmbInfo {
	a := AmbInfo{Seat: m.amb}
	if m.ambCard != noSite {
		a.Card = m.ambCard.String()
	}
	if m.n < 5 {
		a.Deck = len(m.deck)
		return a
	}
	h := m.hands[m.amb]
	if m.commit != noSite {
		h |= 1 << m.commit
		a.Committed = true
	}
	a.Hand = siteStrings(h)
	return a
}

func (m *match) meetingInfo(mt meeting) MeetingInfo {
	mi := MeetingInfo{Site: mt.site.String(), Kind: mt.kind, Agents: append([]int{}, mt.agents...),
		Ambassador: mt.kind == MeetAmb || mt.kind == MeetInterview, Awaiting: []int{}, Submitted: []int{}}
	if m.phase != PhaseAct {
		return mi
	}
	for _, a := range m.meetingActors(mt) {
		if m.subs[a] == nil {
			mi.Awaiting = append(mi.Awaiting, a)
		} else {
			mi.Submitted = append(mi.Submitted, a)
		}
	}
	return mi
}

func (m *match) outcome() *Outcome {
	res, _ := m.Result()
	o := &Outcome{Winners: []int{}, Points: res.Points, Summary: res.Summary, Number: m.trueNumber(), Black: m.blackInfo()}
	for _, w := range res.Winners {
		o.Winners = append(o.Winners, int(w))
	}
	return o
}

func (m *match) blackInfo() []BlackInfo {
	var out []BlackInfo
	for _, a := range m.agents {
		out = append(out, BlackInfo{Seat: a, Identity: m.black[a].ID.String(), Fragment: m.black[a].Frag.String()})
	}
	return out
}

func siteStrings(hand uint8) []string {
	out := []string{}
	for _, s := range sitesOf(hand) {
		out = append(out, s.String())
	}
	return out
}

package wink

import (
	"topsecret/internal/game"
)

// PlaceInfo names a meeting place.
type PlaceInfo struct {
	Code string `json:"code"` // CAF, MET, KIO or FOU
	// Name is the place as a catalogue term (wink.place.*), for people.
	Name game.Msg `json:"name"`
}

// PlayerInfo is what everyone may see of a player (§5).
type PlayerInfo struct {
	Seat   int    `json:"seat"`
	Colour string `json:"colour"`
	Chips  int    `json:"chips"`
	Score  int    `json:"score"`
	// Epoch is agentEpoch: accusations and claims must quote it (R11).
	Epoch int `json:"epoch"`
	// LocationEpoch counts the location cards that left the hand (visible at a table).
	LocationEpoch int  `json:"location_epoch"`
	HasAgent      bool `json:"has_agent"`
	HasLocation   bool `json:"has_location"`
	Suitcase      bool `json:"suitcase"`
}

// ClaimInfo is a pending claim: the face-up card and the named place (never the match flag).
type ClaimInfo struct {
	Claimant int       `json:"claimant"`
	Contact  int       `json:"contact"`
	Card     string    `json:"card"` // colour of the face-up agent card
	Location PlaceInfo `json:"location"`
}

// TimerInfo is the running phase timer.
type TimerInfo struct {
	Kind string `json:"kind"` // "deal", "turn" or "claim"
	At   int64  `json:"at"`   // deadline, Unix ms
}

// Standing is one seat's final place.
type Standing struct {
	Seat  int `json:"seat"`
	Score int `json:"score"`
	Rank  int `json:"rank"` // 1 = winner; ties share a rank
}

// Outcome is the game-over section of a view.
type Outcome struct {
	Winners []int      `json:"winners"`
	Ranking []Standing `json:"ranking"`
	// Summary is the result in one line (wink.result.win or .tie).
	Summary game.Msg `json:"summary"`
	// Reason is why the game ended (wink.result.reason.*).
	Reason game.Msg `json:"reason"`
}

// TableView is the table screen and every spectator: public facts only (§5, §8.1).
type TableView struct {
	Phase      Phase        `json:"phase"`
	Mode       string       `json:"mode"`
	HoldToPeek bool         `json:"hold_to_peek"`
	Locations  []PlaceInfo  `json:"locations"`
	Seats      int          `json:"seats"`
	Start      int          `json:"start"`
	Suitcase   int          `json:"suitcase"`
	Step       int          `json:"step"`
	Players    []PlayerInfo `json:"players"`

	AgentDeck       int `json:"agent_deck"`
	AgentDiscard    int `json:"agent_discard"`
	LocationDeck    int `json:"location_deck"`
	LocationDiscard int `json:"location_discard"`
	Removed         int `json:"removed"`
	// StallPassesLeft counts the passes until the no-stall end once the
	// agent deck is empty (R7); 0 while cards remain.
	StallPassesLeft int `json:"stall_passes_left,omitempty"`

	Claim  *ClaimInfo `json:"claim,omitempty"`
	Timer  *TimerInfo `json:"timer,omitempty"`
	Over   *Outcome   `json:"over,omitempty"`
	Reveal *Reveal    `json:"reveal,omitempty"`
}

// AgentInfo is my agent card, shown as my contact.
type AgentInfo struct {
	Colour  string `json:"colour"`
	Contact int    `json:"contact"`
}

// Gaze is the eye-line of the player I am watching (remote mode).
type Gaze struct {
	Seat    int `json:"seat"`
	Looking int `json:"looking"` // their effective focus, -1 nobody or moving
}

// EyesView is my remote-mode eyes: focus, cooldowns and what I saw (§8.3).
type EyesView struct {
	Focus            int   `json:"focus"` // -1 nobody
	FocusEffectiveAt int64 `json:"focus_effective_at"`
	Moving           bool  `json:"moving"`
	WinkReadyAt      int64 `json:"wink_ready_at"`
	SignalReadyAt    int64 `json:"signal_ready_at"`
	LastSignalAt     int64 `json:"last_signal_at"` // 0 before my first glance
	WinkAnimMs       int   `json:"wink_anim_ms"`
	// Winked says I already winked at my contact with my current card, so a
	// claim is allowed (R15). It is my own knowledge, not the wink log.
	Winked    bool       `json:"winked"`
	Watching  *Gaze      `json:"watching,omitempty"`
	Sightings []Sighting `json:"sightings"`
}

// QueuedAccusation is one of my accusations waiting for a claim to resolve.
type QueuedAccusation struct {
	Winker int `json:"winker"`
	Target int `json:"target"`
}

// SeatView is one player's phone: the table's facts plus that seat's secrets.
type SeatView struct {
	TableView
	Me       int        `json:"me"`
	Colour   string     `json:"colour"`
	Agent    *AgentInfo `json:"agent,omitempty"`
	Location *PlaceInfo `json:"location,omitempty"`
	MyTurn   bool       `json:"my_turn"`
	// Answer is the contact's single button during a claim: "reveal" or "not_me" (R14).
	Answer string             `json:"answer,omitempty"`
	Queued []QueuedAccusation `json:"queued,omitempty"`
	Eyes   *EyesView          `json:"eyes,omitempty"`
}

// View returns what v may see: a *SeatView for a seated player, an
// *OmniscientView for the all-seeing replay, else a *TableView.
func (m *match) View(v game.Viewer) any {
	switch v.Kind {
	case game.Player:
		if v.Seat < 0 || int(v.Seat) >= m.n {
			t := m.tableView()
			return &t
		}
		s := m.seatView(int(v.Seat))
		return &s
	case game.Omniscient:
		return &OmniscientView{TableView: m.buildTableView(true)}
	}
	t := m.tableView()
	return &t
}

func places() []PlaceInfo {
	out := make([]PlaceInfo, 0, 4)
	for l := Cafe; l <= Fountain; l++ {
		out = append(out, PlaceInfo{Code: l.Code(), Name: l.Term()})
	}
	return out
}

// tableView is what the table sees, built once per state: every seat's
// view holds it too, and building it again for each was a third of
// building a seat's view. Nobody writes to a view, so the seats share its
// lists.
func (m *match) tableView() TableView {
	return m.public.Of(func() TableView { return m.buildTableView(false) })
}

// buildTableView builds what the table sees, or with omniscient every card.
func (m *match) buildTableView(omniscient bool) TableView {
	v := TableView{
		Phase: m.phase, Mode: m.opts.Mode, HoldToPeek: m.opts.HoldToPeek, Locations: places(),
		Seats: m.n, Start: m.start, Suitcase: m.suitcase, Step: m.step,
		AgentDeck: len(m.agentDeck), AgentDiscard: len(m.agentDiscard),
		LocationDeck: len(m.locDeck), LocationDiscard: len(m.locDiscard), Removed: len(m.removed),
		// Room for all up front: grown one by one, this list was one of
		// the largest allocations of a loaded server's views.
		Players: make([]PlayerInfo, 0, len(m.players)),
	}
	if len(m.agentDeck) == 0 && m.phase != PhaseOver {
		v.StallPassesLeft = m.n - m.stall
	}
	for i, p := range m.players {
		v.Players = append(v.Players, PlayerInfo{Seat: i, Colour: Colour(i).String(), Chips: p.chips,
			Score: len(p.pile), Epoch: p.epoch, LocationEpoch: p.locEpoch,
			HasAgent: p.agent != noColour, HasLocation: p.loc != noLocation,
			Suitcase: i == m.suitcase && m.phase != PhaseOver})
	}
	if c := m.claim; c != nil {
		v.Claim = &ClaimInfo{Claimant: c.claimant, Contact: c.contact, Card: c.card.String(),
			Location: PlaceInfo{Code: c.loc.Code(), Name: c.loc.Term()}}
	}
	v.Timer = m.timerInfo()
	if m.phase == PhaseOver {
		v.Over = m.outcome()
	}
	if m.phase == PhaseOver || omniscient {
		v.Reveal = m.reveal(omniscient)
	}
	return v
}

func (m *match) timerInfo() *TimerInfo {
	for _, t := range m.Next().Timers {
		switch t.Fires.Type {
		case ActDealTimeout:
			return &TimerInfo{Kind: "deal", At: t.At}
		case ActTurnTimeout:
			return &TimerInfo{Kind: "turn", At: t.At}
		case ActClaimTimeout:
			return &TimerInfo{Kind: "claim", At: t.At}
		}
	}
	return nil
}

func (m *match) seatView(s int) SeatView {
	p := &m.players[s]
	v := SeatView{TableView: m.tableView(), Me: s, Colour: Colour(s).String()}
	if p.agent != noColour {
		v.Agent = &AgentInfo{Colour: p.agent.String(), Contact: int(p.agent)}
	}
	if p.loc != noLocation {
		v.Location = &PlaceInfo{Code: p.loc.Code(), Name: p.loc.Term()}
	}
	switch m.phase {
	case PhaseDeal, PhaseTurn:
		v.MyTurn = m.suitcase == s
	case PhaseClaim:
		if m.claim.contact == s {
			v.MyTurn = true
			v.Answer = "not_me"
			if m.claim.match {
				v.Answer = "reveal"
			}
		}
	}
	for _, q := range m.queue {
		if q.accuser == s {
			v.Queued = append(v.Queued, QueuedAccusation{Winker: q.winker, Target: q.target})
		}
	}
	if m.remote() && m.phase != PhaseOver {
		v.Eyes = m.eyesView(s)
	}
	return v
}

func (m *match) eyesView(s int) *EyesView {
	p := &m.players[s]
	e := &EyesView{Focus: p.focus, FocusEffectiveAt: p.focusAt, Moving: !p.arrived,
		WinkReadyAt:   max(p.lastWink+int64(m.opts.WinkCooldownMs), 0),
		SignalReadyAt: max(p.lastSignal+int64(m.opts.SignalCooldownMs), 0),
		LastSignalAt:  max(p.lastSignal, 0),
		WinkAnimMs:    m.opts.WinkAnimMs, Sightings: append([]Sighting{}, p.sightings...)}
	e.Winked = p.agent != noColour && m.winked(s, int(p.agent), p.epoch)
	if q := p.effective(m.clock.Now); q >= 0 {
		e.Watching = &Gaze{Seat: q, Looking: m.players[q].effective(m.clock.Now)}
	}
	return e
}

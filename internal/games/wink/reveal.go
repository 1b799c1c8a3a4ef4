package wink

// Hand is a player's two cards, shown only to their owner or after the end.
type Hand struct {
	Seat     int    `json:"seat"`
	Agent    string `json:"agent,omitempty"`    // colour
	Location string `json:"location,omitempty"` // code
}

// Pile is a score pile's contents.
type Pile struct {
	Seat      int      `json:"seat"`
	Agents    []string `json:"agents"`    // colours
	Locations []string `json:"locations"` // codes
}

// Reveal is the full disclosure at GAME_OVER (hands, piles, removed cards) and,
// for the omniscient replay viewer only, the decks, discards and a pending claim's answer.
type Reveal struct {
	Hands           []Hand   `json:"hands"`
	Piles           []Pile   `json:"piles"`
	Removed         []string `json:"removed"`
	AgentDeck       []string `json:"agent_deck,omitempty"`
	AgentDiscard    []string `json:"agent_discard,omitempty"`
	LocationDeck    []string `json:"location_deck,omitempty"`
	LocationDiscard []string `json:"location_discard,omitempty"`
	ClaimMatch      *bool    `json:"claim_match,omitempty"`
}

// OmniscientView is the all-seeing replay's view: the table's facts with
// the full reveal at every step, game over or not: hands, score piles,
// removed cards, the decks and discards in order and a pending claim's
// answer (H16).
type OmniscientView struct {
	TableView
}

// reveal opens the files: hands, piles and removed cards for everyone at the
// end, and for the omniscient viewer also the decks, discards and the
// pending claim's answer.
func (m *match) reveal(omniscient bool) *Reveal {
	r := &Reveal{Removed: colours(m.removed)}
	for i, p := range m.players {
		h := Hand{Seat: i}
		if p.agent != noColour {
			h.Agent = p.agent.String()
		}
		h.Location = p.loc.Code()
		r.Hands = append(r.Hands, h)
		pl := Pile{Seat: i, Agents: []string{}, Locations: []string{}}
		for _, c := range p.pile {
			if c.kind == agentCard {
				pl.Agents = append(pl.Agents, Colour(c.val).String())
			} else {
				pl.Locations = append(pl.Locations, Location(c.val).Code())
			}
		}
		r.Piles = append(r.Piles, pl)
	}
	if omniscient {
		r.AgentDeck, r.AgentDiscard = colours(m.agentDeck), colours(m.agentDiscard)
		r.LocationDeck, r.LocationDiscard = codes(m.locDeck), codes(m.locDiscard)
		if m.claim != nil {
			match := m.claim.match
			r.ClaimMatch = &match
		}
	}
	return r
}

func colours(cs []Colour) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

func codes(ls []Location) []string {
	out := make([]string, 0, len(ls))
	for _, l := range ls {
		out = append(out, l.Code())
	}
	return out
}

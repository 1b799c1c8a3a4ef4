package embassy

import (
	"topsecret/internal/game"
)

// PlayerView is what everyone may see of a player (§10): pieces, and which
// slots of the code holder are occupied, never what they hold.
type PlayerView struct {
	Seat   int    `json:"seat"`
	Colour string `json:"colour"`
	// Spy and Bodyguard are location ids: "row,col", or an embassy letter for a spy inside.
	Spy       string `json:"spy"`
	Bodyguard string `json:"bodyguard"`
	// Slots says which of slots 1–4 hold a card.
	Slots [Slots]bool `json:"slots"`
	// Hand says a card lies on the "?" slot (an acquisition under way).
	Hand bool `json:"hand,omitempty"`
	// Target: the active player may challenge this player now (R15, R20).
	Target bool `json:"target,omitempty"`
	// Cards are the holder's slots face up, only once the game is over.
	Cards []string `json:"cards,omitempty"`
}

// RollView is the latest roll.
type RollView struct {
	Seat int `json:"seat"`
	A    int `json:"a"`
	B    int `json:"b"`
}

// ChallengeView is a challenge under way (§7.4).
type ChallengeView struct {
	By     int `json:"by"`
	Target int `json:"target"`
}

// AcquireView is a card on someone's "?" slot, face down for all but its holder.
type AcquireView struct {
	Seat     int  `json:"seat"`
	Optional bool `json:"optional"` // a penalty card, which may be declined (R18)
}

// RevealView is a card shown to everyone after a guess, until Until (R3, R17, R18).
type RevealView struct {
	Seq     int    `json:"seq"`
	Correct bool   `json:"correct"`
	By      int    `json:"by"`
	Seat    int    `json:"seat"`
	Slot    int    `json:"slot"`
	Secret  string `json:"secret"`
	Until   int64  `json:"until"`
	// Spot is where the card lies face up: "seat/slot" after a wrong guess,
	// the challenger's "seat/?" after a right one; empty once it has moved
	// on, face down, and whatever took its place is face down too.
	Spot string `json:"spot,omitempty"`
}

// TransferView is a card changing place in the latest action, face down:
// spots are embassy letters, "seat/slot" or "seat/?" (§10).
type TransferView struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// ApproachView lists where a challenge move may end next to one target (R20).
type ApproachView struct {
	Target int      `json:"target"`
	To     []string `json:"to"`
}

// TimerView is the running time limit as a deadline.
type TimerView struct {
	Kind string `json:"kind"` // "turn" or "choice"
	At   int64  `json:"at"`   // Unix ms
}

// Outcome is the end of the game (R25).
type Outcome struct {
	Winner  int      `json:"winner"`
	Secret  string   `json:"secret"`
	Summary game.Msg `json:"summary"`
}

// TableView is the table screen and every spectator: public facts only (§10).
type TableView struct {
	Phase    Phase        `json:"phase"`
	Seats    int          `json:"seats"`
	Turn     int          `json:"turn"`
	Round    int          `json:"round"`
	Active   int          `json:"active"`
	Awaiting int          `json:"awaiting"`
	InPlay   []string     `json:"in_play"`
	Roll     *RollView    `json:"roll,omitempty"`
	NoCards  bool         `json:"no_cards,omitempty"`
	Players  []PlayerView `json:"players"`
	// Cards are the embassies with a face-down card on their black square.
	Cards []string `json:"cards"`
	// Destinations are the active spy's legal destinations for the roll.
	Destinations []string       `json:"destinations,omitempty"`
	Approaches   []ApproachView `json:"approaches,omitempty"`
	// Blockers are the seats whose bodyguards the stuck player may swap with (R23).
	Blockers  []int          `json:"blockers,omitempty"`
	Challenge *ChallengeView `json:"challenge,omitempty"`
	Acquire   *AcquireView   `json:"acquire,omitempty"`
	Reveal    *RevealView    `json:"reveal,omitempty"`
	Transfers []TransferView `json:"transfers,omitempty"`
	Timer     *TimerView     `json:"timer,omitempty"`
	// Seq counts the public events so far: a moment's animation plays
	// once per number.
	Seq  int      `json:"seq"`
	Over *Outcome `json:"over,omitempty"`
}

// SeatView is one player's phone: the table's facts plus the player's own
// code holder, which the player may look at any time (the mirror strip).
type SeatView struct {
	TableView
	Me     int    `json:"me"`
	Colour string `json:"colour"`
	// Holder is my slots 1–4 face up, "" for an empty slot.
	Holder [Slots]string `json:"holder"`
	// Hand is the card on my "?" slot while I acquire it.
	Hand string `json:"hand,omitempty"`
}

// OmniscientView is everything, for replays of finished matches.
type OmniscientView struct {
	TableView
	// Holders are every seat's slots 1–4 by card id ("ATOM-2"), "" for empty.
	Holders [][Slots]string `json:"holders"`
	// Hand is the card on the acquirer's "?" slot.
	Hand string `json:"hand,omitempty"`
	// Embassies is the card id on each embassy A–P, "" for vacant.
	Embassies [numEmbassies]string `json:"embassies"`
}

// View returns what v may see.
func (m *match) View(v game.Viewer) any {
	switch v.Kind {
	case game.Player:
		if v.Seat >= 0 && int(v.Seat) < m.n {
			sv := m.seatView(int(v.Seat))
			return &sv
		}
	case game.Omniscient:
		return m.omniscientView()
	}
	tv := m.tableView()
	return &tv
}

// seatView is seat s's phone.
func (m *match) seatView(s int) SeatView {
	v := SeatView{TableView: m.tableView(), Me: s, Colour: Colours[m.players[s].colour], Holder: m.ownHolder(s)}
	v.Hand = m.ownHand(s)
	return v
}

// ownHolder is seat s's slots face up, for s's eyes only.
func (m *match) ownHolder(s int) [Slots]string {
	var out [Slots]string
	for i, c := range m.players[s].slots {
		out[i] = c.secretName()
	}
	return out
}

// ownHand is the card on seat s's "?" slot, for s's eyes only.
func (m *match) ownHand(s int) string {
	if m.acq.who == s {
		return m.acq.card.secretName()
	}
	return ""
}

func (m *match) omniscientView() *OmniscientView {
	v := &OmniscientView{TableView: m.tableView(), Hand: m.acq.card.String()}
	for _, p := range m.players {
		var h [Slots]string
		for i, c := range p.slots {
			h[i] = c.String()
		}
		v.Holders = append(v.Holders, h)
	}
	for e, c := range m.onEmbassy {
		v.Embassies[e] = c.String()
	}
	return v
}

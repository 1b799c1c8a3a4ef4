package vault

import (
	"topsecret/internal/game"
)

// CardInfo is a face-up card (or one of your own). Colour is cosmetic (R3).
type CardInfo struct {
	ID     int    `json:"id"`
	Code   string `json:"code"` // TE, MO, AG, D10 … D30
	Value  int    `json:"value,omitempty"`
	Colour string `json:"colour"`
}

// PlayerInfo is what everyone may see of a player (§5).
type PlayerInfo struct {
	Seat      int    `json:"seat"`
	Colour    string `json:"colour"`
	Hand      int    `json:"hand"` // hand size only
	Committed bool   `json:"committed"`
	// Stake is the face-up stake zone, bottom first (≤ 2 cards, R24).
	Stake []CardInfo `json:"stake"`
	// Action is a revealed mole or terrorist lying in the action slot.
	Action      *CardInfo `json:"action,omitempty"`
	X1          int       `json:"x1"` // cards in x1 (count only, R17)
	X2          int       `json:"x2"` // pairs in x2 (count only, R17)
	MissedBooms int       `json:"missed_booms"`
	Penalty     int       `json:"penalty"` // 50 × missed booms
	Touched     bool      `json:"touched"` // the stake zone changed this trick
	Boomed      bool      `json:"boomed"`  // shouted Boom this trick
	MoleDone    bool      `json:"mole_done"`
	Decider     bool      `json:"decider"` // may bank or keep this trick (R12)
	Decided     bool      `json:"decided"` // has decided; the choice stays hidden
}

// Tile is a card the moles may name this trick (R6).
type Tile struct {
	Seat    int      `json:"seat"` // owner
	Card    CardInfo `json:"card"`
	TakenBy int      `json:"taken_by"` // seat whose mole got it, -1 while in place
}

// PlayedCard is a seat's card in a reveal or a blast.
type PlayedCard struct {
	Seat int      `json:"seat"`
	Card CardInfo `json:"card"`
}

// RevealMoment is the latest trick's simultaneous reveal; Seq is its event number.
type RevealMoment struct {
	Seq   int          `json:"seq"`
	Trick int          `json:"trick"`
	Cards []PlayedCard `json:"cards"`
}

// BoomPress is a terrorist's player shouting Boom.
type BoomPress struct {
	Seq  int `json:"seq"`
	Seat int `json:"seat"`
}

// BlastMoment is the blast at the end of a Boom window.
type BlastMoment struct {
	Seq    int          `json:"seq"`
	Missed []int        `json:"missed"` // seats that forgot to shout (−50 each)
	Burned []PlayedCard `json:"burned"`
}

// StealMoment is one mole's attempt, in the order the server processed it (R7).
type StealMoment struct {
	Seq    int       `json:"seq"`
	Mole   int       `json:"mole"`
	Result string    `json:"result"` // stole, missed, passed, timeout, nothing
	From   int       `json:"from"`   // victim, -1 without a target
	Card   *CardInfo `json:"card,omitempty"`
}

// BankMoment is cards going face-down into a safe.
type BankMoment struct {
	Seq   int        `json:"seq"`
	Seat  int        `json:"seat"`
	Cards []CardInfo `json:"cards"`
	Side  string     `json:"side"` // x1 or x2
	Auto  bool       `json:"auto"` // forced (R13, R16) rather than chosen
}

// TimerInfo is the running window as a deadline.
type TimerInfo struct {
	Kind string `json:"kind"` // select, boom, steal or secure
	At   int64  `json:"at"`   // Unix ms
}

// PairView is one x2 pair and its points (R15).
type PairView struct {
	Cards  []CardInfo `json:"cards"`
	Points int        `json:"points"`
}

// SafeView is a safe opened: shown to its owner always, to all at the deal's end (R17).
type SafeView struct {
	Seat        int        `json:"seat"`
	X1          []CardInfo `json:"x1"`
	X2          []PairView `json:"x2"`
	X1Points    int        `json:"x1_points"`
	X2Points    int        `json:"x2_points"`
	MissedBooms int        `json:"missed_booms"`
	Penalty     int        `json:"penalty"`
	Score       int        `json:"score"`
}

// Standing is one seat's place at the deal's end.
type Standing struct {
	Seat  int `json:"seat"`
	Score int `json:"score"`
	Rank  int `json:"rank"` // 1 = master spy; ties share a rank (R18)
}

// Outcome is the deal-end section of a view.
type Outcome struct {
	Winners []int      `json:"winners"`
	Ranking []Standing `json:"ranking"`
	Summary game.Msg   `json:"summary"`
}

// TableView is the table screen and every spectator: public facts only (§5, §8.2).
type TableView struct {
	Phase   Phase        `json:"phase"`
	Seats   int          `json:"seats"`
	Trick   int          `json:"trick"`
	Tricks  int          `json:"tricks"`
	Step    int          `json:"step"`
	Players []PlayerInfo `json:"players"`
	// Discard is the pile's size; DiscardTop its top card (R23).
	Discard    int       `json:"discard"`
	DiscardTop *CardInfo `json:"discard_top,omitempty"`
	// BoomButton is true on every phone during the Boom window (R11).
	BoomButton bool `json:"boom_button"`
	// Eligible are the cards the moles may name this trick (R6).
	Eligible []Tile        `json:"eligible,omitempty"`
	Reveal   *RevealMoment `json:"reveal,omitempty"`
	Booms    []BoomPress   `json:"booms,omitempty"`
	Blast    *BlastMoment  `json:"blast,omitempty"`
	Steals   []StealMoment `json:"steals,omitempty"`
	Banks    []BankMoment  `json:"banks,omitempty"`
	Timer    *TimerInfo    `json:"timer,omitempty"`
	Over     *Outcome      `json:"over,omitempty"`
	// Safes are every safe opened: at the deal's end (R17), or for the omniscient viewer.
	Safes []SafeView `json:"safes,omitempty"`
}

// SeatView is one player's phone: the table's facts plus that seat's secrets (§8.1).
type SeatView struct {
	TableView
	Me        int        `json:"me"`
	Colour    string     `json:"colour"`
	Hand      []CardInfo `json:"hand"` // sorted TE, MO, AG, D by value
	Committed *CardInfo  `json:"committed,omitempty"`
	Stake     []CardInfo `json:"stake"`
	Safe      SafeView   `json:"safe"` // own x1, x2 and running score
	// MustBoom: I revealed a terrorist and have not shouted yet.
	MustBoom bool `json:"must_boom"`
	// Targets are the tiles my mole may name (I revealed a mole and have not acted).
	Targets []Tile `json:"targets,omitempty"`
	// Decide: I must bank or keep; Decision is my hidden choice once made.
	Decide   bool        `json:"decide"`
	Decision string      `json:"decision,omitempty"`
	Moves    []game.Move `json:"moves"`
}

// OmniscientView is everything, for replays of finished matches.
type OmniscientView struct {
	TableView
	Hands     [][]CardInfo `json:"hands"`
	Commits   []*CardInfo  `json:"commits"`
	Decisions []string     `json:"decisions"`
	Reserve   []CardInfo   `json:"reserve"`
}

// View returns what v may see: a *SeatView for a seated player, an
// *OmniscientView for the all-seeing replay, else a *TableView.
func (m *match) View(v game.Viewer) any {
	switch v.Kind {
	case game.Player:
		if v.Seat < 0 || int(v.Seat) >= m.n {
			tv := m.tableView()
			return &tv
		}
		sv := m.seatView(int(v.Seat))
		return &sv
	case game.Omniscient:
		ov := m.omniscientView()
		return &ov
	}
	tv := m.tableView()
	return &tv
}

func info(c card) CardInfo {
	return CardInfo{ID: int(c), Code: c.String(), Value: c.rank().Value(), Colour: c.colour()}
}

func infoPtr(c card) *CardInfo {
	if c == noCard {
		return nil
	}
	ci := info(c)
	return &ci
}

func infos(cs []card) []CardInfo {
	out := make([]CardInfo, 0, len(cs))
	for _, c := range cs {
		out = append(out, info(c))
	}
	return out
}

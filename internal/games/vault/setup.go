package vault

import (
	"fmt"

	"topsecret/internal/game"
)

// Player counts (§3.1).
const (
	// MinPlayers is the fewest players the deck supports.
	MinPlayers = 2
	// MaxPlayers is the most: there are six colour sets.
	MaxPlayers = 6
)

// MissedBoomPenalty is what forgetting to shout Boom costs (R11).
const MissedBoomPenalty = 50

// Rules is the vault game; its zero value is ready to use.
type Rules struct{}

// Info describes the game to the lobby.
func (Rules) Info() game.Info {
	return game.Info{
		Slug:       "vault",
		Name:       "vault.info.name",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Blurb:      "vault.info.blurb",
		Series:     game.Series{Target: 1200, Unit: "points"}, MatchName: "deal",
		Options: optionsInfo(),
	}
}

// Phase is where a trick stands (§4.1).
type Phase string

// Phases of a deal.
const (
	// PhaseSelect waits for every player to commit one card face-down (S1, R4).
	PhaseSelect Phase = "select"
	// PhaseBoom is the Boom window after a terrorist was revealed; the blast follows (S3a).
	PhaseBoom Phase = "boom"
	// PhaseSteal is the moles' window when moles but no terrorist were revealed (S3b).
	PhaseSteal Phase = "steal"
	// PhaseSecure waits for the deciders to bank or keep their lone card (S4, R12).
	PhaseSecure Phase = "secure"
	// PhaseDealEnd is the end of the deal: safes are opened and scored (§6).
	PhaseDealEnd Phase = "deal_end"
)

// Secure decisions (R12).
const (
	undecided = iota
	bank
	keep
)

// player is one seat's cards and its flags for the running trick.
type player struct {
	hand   []card    // sorted; hidden from others
	commit card      // face-down commit, noCard when none
	stake  []card    // stake zone, bottom first, ≤ 2 (R24)
	slot   card      // action slot (a revealed MO or TE), noCard when empty
	x1     []card    // safe, single value
	x2     [][2]card // safe, pairs at double value
	missed int       // missedBooms

	touched  bool // a card entered or left the stake zone this trick
	boomed   bool // pressed BOOM this trick
	acted    bool // the mole made its one attempt (R7)
	decider  bool // may bank or keep this trick (R12)
	decision int  // undecided, bank or keep; hidden until the window closes
}

// tile is a card eligible for the moles: revealed this trick by owner (R6).
type tile struct {
	owner int
	card  card
	by    int // seat whose mole took it, -1 while in place
}

// match is a deal of vault in progress; it implements game.State.
type match struct {
	opts    Options
	n       int
	phase   Phase
	trick   int // 1-based
	tricks  int // hand size = tricks per deal
	step    int // +1 at every phase change; timers carry it
	phaseAt int64
	clock   game.Clock

	players  []player
	discard  []card // face-up, last is the top card (R23)
	reserve  []card // unused cards, never seen (§5)
	eligible []tile

	moments moments
	// news is what the deal or the action in hand says; eventSeq counts
	// the public events, numbering the moments.
	news     game.News
	eventSeq int

	// public is the table's view of this state, built once for the table
	// and every seat, whose views hold it; Apply and clone drop it.
	public game.Kept[TableView]
}

// New deals a match (§3.3): hands per §3.2, empty zones and safes, SELECT(1)
// starting at s.Started. The deal needs no randomness: every hand is fixed.
func (Rules) New(s game.Setup) (game.State, error) {
	if s.Seats < MinPlayers || s.Seats > MaxPlayers {
		return nil, fmt.Errorf("vault: %d players; the game needs %d–%d (§3.1)", s.Seats, MinPlayers, MaxPlayers)
	}
	o, err := parseOptions(s.Options)
	if err != nil {
		return nil, fmt.Errorf("vault: %w", err)
	}
	m := newMatch(o, s.Seats)
	hands, reserve := deal(s.Seats)
	for i := range m.players {
		m.players[i].hand = hands[i]
	}
	m.reserve = reserve
	m.tricks = len(hands[0])
	m.clock.Now, m.phaseAt = s.Started, s.Started
	m.log(kindDeal, "vault.event.deal", game.N("n", m.tricks))
	return m, nil
}

// newMatch is an n-seat match in SELECT(1) with empty hands, zones and safes.
func newMatch(o Options, n int) *match {
	m := &match{opts: o, n: n, phase: PhaseSelect, trick: 1, step: 1, players: make([]player, n)}
	for i := range m.players {
		m.players[i] = player{commit: noCard, slot: noCard, stake: []card{}}
	}
	return m
}

// enter starts phase p at time t; timers armed before go stale.
func (m *match) enter(p Phase, t int64) {
	m.phase = p
	m.step++
	m.phaseAt = t
}

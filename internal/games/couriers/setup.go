package couriers

import (
	"fmt"

	"topsecret/internal/game"
)

// Player counts (§4).
const (
	// MinPlayers is the fewest players: a diagonal pair of colours (R25).
	MinPlayers = 2
	// MaxPlayers is the most: one per colour.
	MaxPlayers = 4
)

// Component counts per colour (§2).
const (
	// AgentsPerColour is how many secret agents each player has.
	AgentsPerColour = 7
	// SuitcasesPerColour is how many suitcases (A–D) each player hides.
	SuitcasesPerColour = 4
	// WinningSecrets ends the game at once when a player's secrets reach it (R22).
	WinningSecrets = 10
)

// Rules is the couriers game; its zero value is ready to use.
type Rules struct{}

// Info describes the game to the lobby.
func (Rules) Info() game.Info {
	return game.Info{
		Slug:       "couriers",
		Name:       "couriers.info.name",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Blurb:      "couriers.info.blurb",
		Series:     game.Series{Unit: "wins"},
		MatchName:  "game",
		Options:    optionsInfo(),
	}
}

// Phase is where a match stands (§5).
type Phase string

// Phases of a match (§5's state machine).
const (
	// PhaseHide waits for every player to hide clues and place suitcases in secret (R9, R10).
	PhaseHide Phase = "hide"
	// PhaseRoll waits for the active player to roll the two dice (R2).
	PhaseRoll Phase = "roll"
	// PhaseMove lets the active player spend steps, handle suitcases and end the turn (§6.1).
	PhaseMove Phase = "move"
	// PhaseOrder waits for the aggressor's owner to pick which of two defenders fights first (R13).
	PhaseOrder Phase = "order"
	// PhaseCards waits for both combatants' face-down combat cards (R12).
	PhaseCards Phase = "cards"
	// PhaseLoot waits for the fight's winner to take or leave the loser's suitcase (R15).
	PhaseLoot Phase = "loot"
	// PhaseBomb waits for the active player to pick the agents a bomb eliminates (R20).
	PhaseBomb Phase = "bomb"
	// PhaseOver is the end: a win (R22) or exhaustion (R23).
	PhaseOver Phase = "over"
)

// player is one seat's cards, secrets and setup.
type player struct {
	hidden     bool                     // has hidden clues and placed suitcases
	clues      [SuitcasesPerColour]Clue // by letter; secret (§9)
	place      [SuitcasesPerColour]node // chosen cities, secret until everyone has hidden
	hand       []int                    // combat cards not discarded, sealed one included; sorted
	discard    []int                    // in the order played (public)
	sealed     int                      // card chosen for the running fight, -1 for none (secret)
	secrets    int
	deliveries []int // suitcases delivered, in order
}

// agent is one secret agent: where it stands and what it carries.
type agent struct {
	at      node // noNode once eliminated
	carries int  // suitcase index, -1 for none
}

// suitcase is one diplomatic suitcase: on a city, carried, or delivered.
type suitcase struct {
	at          node // city it lies in; noNode when carried, delivered or not yet placed
	carrier     int  // agent index, -1 for none
	deliveredBy int  // seat, -1 while in play
}

// match is a game of couriers in progress; it implements game.State.
type match struct {
	opts    Options
	n       int
	colours []Colour // per seat
	phase   Phase
	turn    int   // player turns begun; 0 while hiding
	round   int   // laps of the turn order; 0 while hiding
	step    int   // +1 at every applied action; timers carry it
	since   int64 // game time of the last action: timers count from it
	clock   game.Clock
	starter int // seat that won the first-player roll (R26)
	active  int // seat whose turn it is; -1 while hiding

	players []player
	agents  []agent    // seat*7 + k
	cases   []suitcase // seat*4 + letter

	dice     [2]int // the latest roll, by roller (-1 before the first)
	roller   int
	pool     int    // dice steps left this turn
	bonus    []int  // per agent: bonus steps won this turn (R16)
	moved    []bool // per agent: moved or attacked this turn (R8)
	fight    *fight
	loot     *loot
	bombLeft int // victims still to choose (R20)

	tally      tally         // counts for selfplay reports
	firstRolls [][]firstRoll // rounds of the first-player roll (R26)
	lastFight  *fightRecord
	trail      *trail
	end        *ending
	// news is what the deal or the action in hand says; eventSeq counts
	// the public events, numbering the latest fight's reveal.
	news     game.News
	eventSeq int
}

// New starts a match in the secret setup: nobody has hidden anything, every
// agent waits in its start base with the full hand of combat cards (§4).
// Nothing is random yet: the first-player roll follows the last hiding.
func (Rules) New(s game.Setup) (game.State, error) {
	if s.Seats < MinPlayers || s.Seats > MaxPlayers {
		return nil, fmt.Errorf("couriers: %d players; the game needs %d–%d (§4)", s.Seats, MinPlayers, MaxPlayers)
	}
	o, err := parseOptions(s.Options)
	if err != nil {
		return nil, fmt.Errorf("couriers: %w", err)
	}
	m := newMatch(o, s.Seats)
	m.clock.Now, m.since = s.Started, s.Started
	m.say(kindSetup, "couriers.event.setup", game.N("n", s.Seats))
	return m, nil
}

// newMatch is an n-seat match in PhaseHide.
func newMatch(o Options, n int) *match {
	m := &match{opts: o, n: n, colours: seatColours(n, o.ColourShift), phase: PhaseHide, active: -1, roller: -1, step: 1}
	m.players = make([]player, n)
	for i := range m.players {
		m.players[i] = player{hand: fullHand(), discard: []int{}, sealed: -1}
	}
	m.agents = make([]agent, n*AgentsPerColour)
	for i := range m.agents {
		m.agents[i] = agent{at: world.start[m.colours[i/AgentsPerColour]], carries: -1}
	}
	m.cases = make([]suitcase, n*SuitcasesPerColour)
	for i := range m.cases {
		m.cases[i] = suitcase{at: noNode, carrier: -1, deliveredBy: -1}
	}
	m.bonus = make([]int, len(m.agents))
	m.moved = make([]bool, len(m.agents))
	return m
}

// SeatColours names each seat's colour (game.Colourer).
func (m *match) SeatColours() []string {
	out := make([]string, m.n)
	for i, c := range m.colours {
		out[i] = c.String()
	}
	return out
}

// Turn numbers the turns from 1: the secret setup is turn 1, the first
// player's turn is turn 2 (game.Turner).
func (m *match) Turn() int { return m.turn + 1 }

// Round numbers the laps of the turn order from 1; the setup belongs to the first (game.Rounder).
func (m *match) Round() int { return max(m.round, 1) }

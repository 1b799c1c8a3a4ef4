package wink

import (
	"fmt"

	"topsecret/internal/game"
)

// Player counts (R1).
const (
	// MinPlayers is the fewest players: below 4 every wink has one possible observer.
	MinPlayers = 4
	// MaxPlayers is the most players: 8 agent boards and 24 chips.
	MaxPlayers = 8
)

// Rules is the wink game; its zero value is ready to use.
type Rules struct{}

// Info describes the game to the lobby.
func (Rules) Info() game.Info {
	return game.Info{
		Slug:       "wink",
		Name:       "wink.info.name",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Blurb:      "wink.info.blurb",
		Series:     game.Series{Unit: "wins"},
		Options:    optionsInfo(),
	}
}

// Phase is where a match stands (§4.2).
type Phase string

// Phases of a match.
const (
	// PhaseDeal is round 1: the suitcase holder takes a first agent and location card (R5).
	PhaseDeal Phase = "deal"
	// PhaseTurn is a normal turn: the holder claims, swaps or passes (R3).
	PhaseTurn Phase = "turn"
	// PhaseClaim waits for the contact of a face-up claim to answer (R14).
	PhaseClaim Phase = "claim"
	// PhaseOver is the end: nothing more is accepted (§6).
	PhaseOver Phase = "over"
)

// never is a time long before any match, for "has not winked yet".
const never int64 = -1 << 60

// player is one seat's cards, chips and (remote mode) eyes.
type player struct {
	agent    Colour
	loc      Location
	chips    int
	pile     []card
	epoch    int // agentEpoch: +1 whenever the agent card leaves the hand
	locEpoch int // +1 whenever the location card leaves the hand (public: it is seen)

	// Remote Eyes (§8.3).
	focus      int   // seat looked at, -1 none
	focusAt    int64 // when the focus becomes effective
	focusNo    int   // number of SetFocus so far; focus timers carry it
	arrived    bool  // the focus timer fired (or time passed focusAt)
	lastWink   int64
	lastSignal int64
	sightings  []Sighting
	sightSeq   int
}

// claim is a pending CLAIM(p, t, L, match).
type claim struct {
	claimant int
	contact  int
	card     Colour
	loc      Location
	match    bool
}

// accusation is a queued Accuse (R12) from accuser: x winked at y.
type accusation struct {
	accuser, winker, target, epoch int
}

// wink is one entry of the server-only wink log (§8.3).
type wink struct {
	from, to, epoch int
	at              int64
}

// match is a game of wink in progress; it implements game.State.
type match struct {
	opts     Options
	n        int
	phase    Phase
	start    int
	suitcase int
	step     int   // +1 at every phase change; phase timers carry it
	turn     int   // +1 whenever the suitcase moves on (deal draws included), from 1
	phaseAt  int64 // time the current phase began
	clock    game.Clock

	players      []player
	agentDeck    []Colour // top first
	agentDiscard []Colour
	removed      []Colour
	locDeck      []Location // top first
	locDiscard   []Location

	claim *claim
	queue []accusation
	stall int // consecutive passes while the agent deck is empty (R7 no stall)
	winks []wink

	// news is what the deal or the action in hand says.
	news   game.News
	reason game.Msg // why the game ended (a wink.result.reason.* message)

	// shuffle is the seam every shuffle goes through; tests replace it.
	shuffle func(r *game.Rand, n int, swap func(i, j int))

	// public is the table's view of this state, built once for the table
	// and every seat, whose views hold it; Apply and clone drop it.
	public game.Kept[TableView]
}

// New deals a match: it builds and shuffles the decks, removes k×N agent
// cards unseen and enters DEAL(start) (§3.4).
func (Rules) New(s game.Setup) (game.State, error) {
	if s.Seats < MinPlayers || s.Seats > MaxPlayers {
		return nil, fmt.Errorf("wink: %d players; the game needs %d–%d (R1)", s.Seats, MinPlayers, MaxPlayers)
	}
	o, err := parseOptions(s.Options)
	if err != nil {
		return nil, fmt.Errorf("wink: %w", err)
	}
	if o.StartPlayer >= s.Seats {
		return nil, fmt.Errorf("wink: start player %d is not a seat of %d players", o.StartPlayer, s.Seats)
	}
	r := game.RandFor(s.Seed, 0)
	m := newMatch(o, s.Seats)
	for c := 0; c < s.Seats; c++ {
		for range agentsPerColour {
			m.agentDeck = append(m.agentDeck, Colour(c))
		}
	}
	for l := Cafe; l <= Fountain; l++ {
		for range locationsPerPlace {
			m.locDeck = append(m.locDeck, l)
		}
	}
	m.shuffleAgents(r, m.agentDeck)
	m.shuffleLocations(r, m.locDeck)
	k := o.AgentCardsRemovedPerPlayer * s.Seats
	m.removed = append([]Colour(nil), m.agentDeck[:k]...)
	m.agentDeck = append([]Colour(nil), m.agentDeck[k:]...)
	m.start = o.StartPlayer
	if m.start < 0 {
		m.start = r.IntN(s.Seats)
	}
	m.suitcase = m.start
	m.phase = PhaseDeal
	m.clock.Now, m.phaseAt = s.Started, s.Started
	m.turn = 1
	m.log(kindDeal, "wink.event.deal", seatArg("who", m.start))
	return m, nil
}

// newMatch is an empty match of n players with fresh chips and epochs.
func newMatch(o Options, n int) *match {
	m := &match{opts: o, n: n, players: make([]player, n)}
	for i := range m.players {
		m.players[i] = player{agent: noColour, loc: noLocation, chips: startChips,
			focus: -1, arrived: true, lastWink: never, lastSignal: never}
	}
	return m
}

func (m *match) doShuffle(r *game.Rand, n int, swap func(i, j int)) {
	if m.shuffle != nil {
		m.shuffle(r, n, swap)
		return
	}
	r.Shuffle(n, swap)
}

func (m *match) shuffleAgents(r *game.Rand, d []Colour) {
	m.doShuffle(r, len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

func (m *match) shuffleLocations(r *game.Rand, d []Location) {
	m.doShuffle(r, len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// next is the seat to the left (clockwise) of s.
func (m *match) next(s int) int { return (s + 1) % m.n }

// remote reports whether the match plays the Remote Eyes variant.
func (m *match) remote() bool { return m.opts.Mode == ModeRemote }

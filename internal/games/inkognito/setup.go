package inkognito

import (
	"fmt"
	"slices"

	"topsecret/internal/game"
)

// Player counts (§4.2).
const (
	// MinPlayers is 3: the fourth agent is then fictitious (R17).
	MinPlayers = 3
	// MaxPlayers is 5: the fifth player is the Ambassador (R21).
	MaxPlayers = 5
)

// Fict is the fictitious agent's seat id in 3p (seat 3, between seat 2 and seat 0, R17).
const Fict = 3

// AmbDeck is the Ambassador's id when it is a deck, not a player (3p/4p):
// it appears as a meeting's or a column's counterpart.
const AmbDeck = -1

// Colours of the agent sets, given to the agents in rotation order; the 5p
// Ambassador plays the black set (§2).
var colours = [4]string{"blue", "yellow", "green", "pink"}

// ambColour is the 5p Ambassador's colour: the black set (§2).
const ambColour = "black"

// Rules is the Inkognito game; its zero value is ready to use.
type Rules struct{}

// Info describes the game to the lobby.
func (Rules) Info() game.Info {
	return game.Info{
		Slug:       "inkognito",
		Name:       "inkognito.info.name",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Blurb:      "inkognito.info.blurb",
		Series:     game.Series{Target: 3, Unit: "points"}, MatchName: "game",
		Options: optionsInfo(),
	}
}

// Bot returns the game's computer player.
func (Rules) Bot() game.Bot { return Bot{} }

// Phase is where a game stands (§5.2); the engine's own steps (reveal,
// detect, dial check, deliver, round and cycle end) happen inside Apply.
type Phase string

// Phases of a game.
const (
	// PhaseCommit waits for the 5p Ambassador's sealed card (AMB_COMMIT).
	PhaseCommit Phase = "commit"
	// PhasePlay waits for the agent whose turn it is to play a location (PLAY(i)).
	PhasePlay Phase = "play"
	// PhaseAct waits for the sealed meeting actions of every participant (ACT, R4).
	PhaseAct Phase = "act"
	// PhaseBlack waits for requested agents to choose a black card (BLACK_CHOICE).
	PhaseBlack Phase = "black_choice"
	// PhaseOver is GAME_END: a dial was resolved.
	PhaseOver Phase = "over"
)

// placed is one location card on a site this cycle.
type placed struct {
	who   int // agent seat id, or the Ambassador (AmbDeck or the 5p seat)
	amb   bool
	round int // round within the cycle, 1–5
}

// match is one game in progress; it implements game.State.
type match struct {
	opts   Options
	n      int
	agents [4]int // agent seat ids in rotation order (3p: 3 is FICT)
	amb    int    // 5p Ambassador seat; AmbDeck otherwise
	black  [5]Black
	start0 int // index into agents of round 1's start seat

	phase Phase
	round int // overall round, 1…
	turn  int // PLAY(i): index in this round's turn order

	// Time limits (H17): the game time of the last action, the number of
	// the waiting point and when it began.
	clock   game.Clock
	stageAt int64
	step    int

	hands   [5]uint8 // cycle location hands by seat id (5p: the Ambassador's too)
	deck    []Site   // 3p/4p Ambassador deck, top first
	commit  Site     // 5p sealed card
	plays   [5]Site  // this round's cards by seat id
	ambCard Site     // this round's Ambassador card
	table   [numSites][]placed

	meetings []meeting
	subs     [5]*command
	requests []request
	pairs    [5][5]uint64 // pairs[shower][recipient], R3
	blacks   [5][5]uint8  // blacks[owner][viewer]: bit k = black card k shown/seen, R7/R8/R18
	sheets   [5][]Column
	dial     *dialRecord
	points   [5]int

	// news is what the deal or the action in hand says.
	news game.News

	// Seams for tests; nil means the *game.Rand.
	shuffle func(r *game.Rand, n int, swap func(i, j int))
	pick    func(r *game.Rand, n int) int

	// public is the table's view of this state, built once for the table
	// and every seat, whose views hold it; Apply and clone drop it.
	public game.Kept[TableView]
}

// New deals a game: the 5p Ambassador or the start seat, the black identity
// and number cards, the first cycle, and any automatic first plays (§4.1).
func (Rules) New(s game.Setup) (game.State, error) {
	if s.Seats < MinPlayers || s.Seats > MaxPlayers {
		return nil, fmt.Errorf("inkognito: %d players; the game needs %d–%d (§4.2)", s.Seats, MinPlayers, MaxPlayers)
	}
	o, err := parseOptions(s.Options)
	if err != nil {
		return nil, fmt.Errorf("inkognito: %w", err)
	}
	if s.Seats == 5 && o.StartSeat >= 0 {
		return nil, fmt.Errorf("inkognito: with 5 players the agent left of the Ambassador starts (R14); leave startSeat at -1")
	}
	if s.Seats < 5 && o.Ambassador >= 0 {
		return nil, fmt.Errorf("inkognito: only the 5-player game has an Ambassador player (R21)")
	}
	r := game.RandFor(s.Seed, 0)
	m := newMatch(o, s.Seats)
	m.clock.Now, m.stageAt = s.Started, s.Started
	if m.n == 5 {
		amb := o.Ambassador
		if amb < 0 {
			amb = r.IntN(5)
		}
		m.setAmbassador(amb)
	} else {
		m.start0 = o.StartSeat
		if m.start0 < 0 {
			m.start0 = r.IntN(4)
		}
	}
	var ids, frags [4]int
	for i := range 4 {
		ids[i], frags[i] = i, i
	}
	m.doShuffle(r, 4, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	m.doShuffle(r, 4, func(i, j int) { frags[i], frags[j] = frags[j], frags[i] })
	for i, a := range m.agents {
		m.black[a] = Black{ID: Identity(ids[i]), Frag: Fragment(frags[i])}
	}
	m.startGame(r)
	return m, nil
}

// newMatch is an undealt n-player game: agents 0–3 (3p: 3 is FICT), no
// Ambassador player, start seat 0.
func newMatch(o Options, n int) *match {
	m := &match{opts: o, n: n, amb: AmbDeck, agents: [4]int{0, 1, 2, 3}, commit: noSite, ambCard: noSite}
	for i := range m.plays {
		m.plays[i] = noSite
	}
	return m
}

// setAmbassador makes seat a the 5p Ambassador; the agents are the other
// seats clockwise from a's left, so the first start seat is agents[0] (R14).
func (m *match) setAmbassador(a int) {
	m.amb = a
	for i := range 4 {
		m.agents[i] = (a + 1 + i) % 5
	}
	m.start0 = 0
}

// startGame opens cycle 1, round 1 (after the deal).
func (m *match) startGame(r *game.Rand) {
	m.round = 1
	m.log("inkognito.event.starts", m.subject("who", m.agents[m.start0]))
	m.startCycle(r)
	m.startRound(r)
}

func (m *match) doShuffle(r *game.Rand, n int, swap func(i, j int)) {
	if m.shuffle != nil {
		m.shuffle(r, n, swap)
		return
	}
	r.Shuffle(n, swap)
}

func (m *match) intN(r *game.Rand, n int) int {
	if m.pick != nil {
		return m.pick(r, n)
	}
	return r.IntN(n)
}

// isFict reports whether seat id a is the fictitious agent (3p).
func (m *match) isFict(a int) bool { return m.n == 3 && a == Fict }

// isAgent reports whether a is one of the four agents' seat ids.
func (m *match) isAgent(a int) bool { return slices.Contains(m.agents[:], a) }

// isPlayer reports whether a is a seated player.
func (m *match) isPlayer(a int) bool { return a >= 0 && a < m.n }

// slot is a's index in the agent rotation, or -1.
func (m *match) slot(a int) int { return slices.Index(m.agents[:], a) }

// cycle and cycleRound locate the current round: cycle 1…, round 1–5 (§5.1).
func (m *match) cycle() int      { return (m.round-1)/numSites + 1 }
func (m *match) cycleRound() int { return (m.round-1)%numSites + 1 }

// startIndex is this round's start seat's index in agents (R14).
func (m *match) startIndex() int { return (m.start0 + m.round - 1) % 4 }

// turnOrder is this round's agent seats clockwise from the start seat.
func (m *match) turnOrder() [4]int {
	var out [4]int
	for i := range 4 {
		out[i] = m.agents[(m.startIndex()+i)%4]
	}
	return out
}

// playOrder is the round's order for dial precedence (R6): 3p/4p the agents
// then the Ambassador; 5p the Ambassador first.
func (m *match) playOrder() []int {
	t := m.turnOrder()
	if m.n == 5 {
		return append([]int{m.amb}, t[:]...)
	}
	return append(t[:], AmbDeck)
}

// trueNumber is the number of the deal (R9).
func (m *match) trueNumber() string {
	var frag [4]Fragment
	for _, a := range m.agents {
		frag[m.black[a].ID] = m.black[a].Frag
	}
	return Number(frag)
}

// allied reports whether agents a and b are allies (4p teams, §3).
func (m *match) allied(a, b int) bool {
	return a != b && m.black[a].ID.Ally() == m.black[b].ID
}

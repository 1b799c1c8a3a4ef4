package embassy

import (
	"fmt"

	"topsecret/internal/game"
)

// Player counts (§4).
const (
	// MinPlayers is the fewest players: two spies on opposite corners.
	MinPlayers = 2
	// MaxPlayers is the most: one per colour.
	MaxPlayers = 4
)

// Rules is the embassy game; its zero value is ready to use.
type Rules struct{}

// Info describes the game to the lobby.
func (Rules) Info() game.Info {
	return game.Info{
		Slug:       "embassy",
		Name:       "embassy.info.name",
		MinPlayers: MinPlayers,
		MaxPlayers: MaxPlayers,
		Blurb:      "embassy.info.blurb",
		Series:     game.Series{Unit: "wins"},
		MatchName:  "game",
		Options:    optionsInfo(),
	}
}

// Phase is where a turn stands (§8).
type Phase string

// Phases of the turn state machine (§8).
const (
	// PhaseRoll waits for the active player to roll the dice.
	PhaseRoll Phase = "roll"
	// PhaseMove waits for a move to one of the legal destinations (R7).
	PhaseMove Phase = "move"
	// PhaseChallenge waits for the doubles roller to pick a target (R15).
	PhaseChallenge Phase = "challenge"
	// PhaseGuess waits for the challenger to name a slot and a secret (R16).
	PhaseGuess Phase = "guess"
	// PhasePenalty waits for the wrongly challenged player to pick a card unseen (R18).
	PhasePenalty Phase = "penalty"
	// PhaseKeep waits for the penalty taker to keep or decline the card (R18).
	PhaseKeep Phase = "keep"
	// PhaseSlot waits for the acquirer to put the card in an empty slot (R13).
	PhaseSlot Phase = "slot"
	// PhaseFifth waits for the acquirer of a fifth card to swap or reject it (R14).
	PhaseFifth Phase = "fifth"
	// PhasePlace waits for a card to be laid face down on a vacant embassy (R14).
	PhasePlace Phase = "place"
	// PhaseImmobile is a turn without a roll: the spy cannot move at all (R21).
	PhaseImmobile Phase = "immobile"
	// PhaseBlocked is a turn whose roll allows no move (R22).
	PhaseBlocked Phase = "blocked"
	// PhaseOver is the end: someone holds four identical secrets (R25).
	PhaseOver Phase = "over"
)

// player is one seat's colour, pieces and code holder.
type player struct {
	colour int
	spy    loc
	guard  loc
	slots  [Slots]card
}

// acquisition is a card in someone's hand on its way to a slot or an embassy (§6).
type acquisition struct {
	who      int  // acquirer, -1 when none
	card     card // the card on "?"
	optional bool // a penalty card may be declined (R18)
}

// match is a game of embassy in progress; it implements game.State.
type match struct {
	opts    Options
	n       int
	players []player
	// onEmbassy is the card lying face down on each embassy, noCard when vacant.
	onEmbassy [numEmbassies]card
	sets      [4]bool // sets in play (R26)

	phase  Phase
	active int
	first  int
	turn   int // 1-based, +1 at every turn start
	round  int // 1-based, +1 when the first player's turn comes round
	step   int // +1 at every waiting point; timers carry it
	stepAt int64
	clock  game.Clock

	roll    *dice
	noCards bool  // no card on any embassy when the active player rolled (R20)
	dests   []loc // the roll's legal destinations (sorted)
	// destIDs are the views' destinations, built once when they change;
	// views and clones share them read-only, and they are replaced, never
	// changed in place.
	destIDs  []string
	within   []loc // no-cards mode: free squares 1..total steps away (sorted)
	blockers []int // seats whose bodyguards block the active spy (R23)
	target   int   // challenged seat, -1 outside a challenge
	acq      acquisition
	winner   int

	reveal    *reveal
	transfers []transfer
	// news is what the deal or the action in hand says; eventSeq counts
	// the public events, numbering the views' moments.
	news     game.News
	eventSeq int
	recall   []memory
	stats    stats

	// public is the table's view of this state, built once for the table
	// and every seat, whose views hold it; Apply and clone drop it.
	public game.Kept[TableView]
}

// dice is the latest roll.
type dice struct {
	seat int
	a, b int
}

// total is the number of steps the roll gives.
func (d dice) total() int { return d.a + d.b }

// doubles reports whether both dice show the same (R15).
func (d dice) doubles() bool { return d.a == d.b }

// coloursFor is the colour of each seat: opposite corners for two (R27),
// the first three colours for three, all four for four.
func coloursFor(n int) []int {
	switch n {
	case 2:
		return []int{0, 2}
	case 3:
		return []int{0, 1, 2}
	}
	return []int{0, 1, 2, 3}
}

// New sets up a match (§4): the deal and the first-player rolls draw from
// stream 0 in that order.
func (Rules) New(s game.Setup) (game.State, error) {
	if s.Seats < MinPlayers || s.Seats > MaxPlayers {
		return nil, fmt.Errorf("embassy: %d players; the game needs %d–%d (§4)", s.Seats, MinPlayers, MaxPlayers)
	}
	o, err := game.ParseOptions(s.Options, DefaultOptions(), optionsInfo())
	if err != nil {
		return nil, fmt.Errorf("embassy: %w", err)
	}
	r := game.RandFor(s.Seed, 0)
	m := newMatch(o, coloursFor(s.Seats), deal(s.Seats, r))
	m.clock.Now, m.stepAt = s.Started, s.Started
	m.first = m.rollForFirst(r)
	m.round = 1
	m.startTurn(m.first, s.Started)
	return m, nil
}

// newMatch is a match before its first turn: pieces at home, holders empty.
func newMatch(o Options, colours []int, on [numEmbassies]card) *match {
	n := len(colours)
	m := &match{opts: o, n: n, players: make([]player, n), onEmbassy: on, sets: inPlay(n),
		target: -1, winner: -1, acq: acquisition{who: -1, card: noCard}, recall: make([]memory, n)}
	for i, c := range colours {
		home := theBoard.homes[c]
		m.players[i] = player{colour: c, spy: home, guard: home, slots: [Slots]card{noCard, noCard, noCard, noCard}}
		m.recall[i] = newMemory()
	}
	return m
}

// rollForFirst rolls 2d6 for each player in turn order; the highest
// starts, tied players roll again in the same order (§4.5).
func (m *match) rollForFirst(r *game.Rand) int {
	rolling := make([]int, m.n)
	for i := range rolling {
		rolling[i] = i
	}
	for {
		best, top := -1, []int(nil)
		for _, s := range rolling {
			t := r.Die(6) + r.Die(6)
			m.log(kindStart, game.M("embassy.event.first_roll", game.P("who", game.Seat(s)), game.N("n", t)))
			switch {
			case t > best:
				best, top = t, []int{s}
			case t == best:
				top = append(top, s)
			}
		}
		if len(top) == 1 {
			m.log(kindStart, game.M("embassy.event.starts", game.P("who", game.Seat(top[0]))))
			return top[0]
		}
		rolling = top
	}
}

// home is seat s's start square.
func (m *match) home(s int) loc { return theBoard.homes[m.players[s].colour] }

// SeatColours names each seat's colour, public (game.Colourer).
func (m *match) SeatColours() []string {
	out := make([]string, m.n)
	for i, p := range m.players {
		out[i] = Colours[p.colour]
	}
	return out
}

// Turn numbers the turns from 1 (game.Turner).
func (m *match) Turn() int { return m.turn }

// Round numbers the rounds from 1; a round starts at the first player's turn (game.Rounder).
func (m *match) Round() int { return m.round }

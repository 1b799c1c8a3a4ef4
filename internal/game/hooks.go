package game

import "encoding/json"

// The optional hooks a game may implement besides Rules and State, each
// named for who calls it. A game package asserts the ones it implements
// (var _ game.Cloner = (*match)(nil)), so a renamed method fails to compile
// rather than silently turning a feature off.

// Bot is a computer player. The room seats it, selfplay plays whole matches
// with it, and the harness's bot play uses it.
type Bot interface {
	// Act picks seat s's next action from what that seat may see, or
	// reports false when it has nothing to do now. now is the server time
	// the action would be stamped with.
	Act(st State, s Seat, now int64, r *Rand) (Action, bool)
}

// Seater is implemented by a game's match: how many seats it has.
type Seater interface {
	State
	Seats() int
}

// Seated is a bot's first look: st as its game's match type M and seat s
// as an index of it, or false when st is another game's or s holds none
// of its seats (System, a seat past the last).
func Seated[M Seater](st State, s Seat) (M, int, bool) {
	m, ok := st.(M)
	if !ok || s < 0 || int(s) >= m.Seats() {
		var zero M
		return zero, 0, false
	}
	return m, int(s), true
}

// BotPlayer is implemented by Rules whose game can seat computer players.
type BotPlayer interface {
	Bot() Bot
}

// BotFor returns the game's bot, or false when it has none.
func BotFor(r Rules) (Bot, bool) {
	if bp, ok := r.(BotPlayer); ok {
		return bp.Bot(), true
	}
	return nil, false
}

// Sequel is implemented by states whose series carries on into the next
// match: a start seat or a role that rotates game after game (inkognito's
// R14, R21). The room merges the returned options over the lobby's options
// when it deals the rematch.
type Sequel interface {
	Sequel() json.RawMessage
}

// Invariant is implemented by states that can check their own conservation
// laws (cards, agents, suitcases). The harness and selfplay call it after
// every action; an error is a bug in the engine, never a player's mistake.
type Invariant interface {
	Invariant() error
}

// Twinner is implemented by states that can make a twin differing only in
// what seat s alone may see (for System: in what nobody may see). The
// harness's and selfplay's leak check asserts that every other viewer sees
// the twin exactly as it sees the original.
type Twinner interface {
	Twin(s Seat, r *Rand) State
}

// Cloner is implemented by states that can copy themselves deeply; the copy
// evolves exactly like the original under the same actions. Replay
// timelines keep a snapshot every few dozen steps with it, so a seek never
// replays a long match from the deal.
type Cloner interface {
	Clone() State
}

// Turner is implemented by states that number their turns, from 1. Replay
// timelines mark a turn start where the number changes; without it, where
// the awaited seats change.
type Turner interface {
	Turn() int
}

// Rounder is implemented by states that number their rounds (a deal, a
// trick, a lap), from 1. Replay timelines mark a round start where the
// number changes; without it, when the first awaited seat is awaited again.
type Rounder interface {
	Round() int
}

// Reporter is implemented by states with counts worth adding up over many
// matches (how often bots dial correctly); selfplay sums them.
type Reporter interface {
	Report() map[string]int
}

// Colourer is implemented by states whose seats wear colours: one colour
// name per seat, public. The room sends them with the match's players, so
// the page around a board (lobby list, standings) matches the board.
type Colourer interface {
	SeatColours() []string
}

// Boarder is implemented by Rules whose game is played on a fixed board.
// Board is its geometry (places, links, squares), the same for every
// match and free of anything hidden, for a client that draws the board
// itself: views name its places by the ids it gives.
type Boarder interface {
	Board() any
}

// Strength is how well a room's computer players play, chosen by its host.
// It is an input to a bot's choice, never to the rules: what a bot chooses
// is logged as an ordinary action, so replays do not depend on it.
type Strength string

// The strengths a host may choose.
const (
	// Beginner bots play loosely and slowly, and miss some of what they could catch.
	Beginner Strength = "beginner"
	// Regular bots play well, with some variety; the default.
	Regular Strength = "regular"
	// Sharp bots make their best play, and make it quickly.
	Sharp Strength = "sharp"
)

// Strengths lists the strengths weakest first.
var Strengths = []Strength{Beginner, Regular, Sharp}

// ParseStrength reads a strength by name; "" is Regular.
func ParseStrength(s string) (Strength, bool) {
	if s == "" {
		return Regular, true
	}
	for _, x := range Strengths {
		if string(x) == s {
			return x, true
		}
	}
	return Regular, false
}

// Graded is implemented by bots that play differently at each strength;
// Grade returns the bot playing at s. A bot without it plays the same at
// every strength, and only its reaction time changes.
type Graded interface {
	Grade(s Strength) Bot
}

// BotAt returns the game's bot playing at strength s, or false when the
// game has none.
func BotAt(r Rules, s Strength) (Bot, bool) {
	b, ok := BotFor(r)
	if !ok {
		return nil, false
	}
	if g, ok := b.(Graded); ok {
		return g.Grade(s), true
	}
	return b, true
}

// Think is how much thought a person gives an action. The room waits a
// human reaction time before a bot acts, longer the more thought.
type Think int

// How much thought an action takes.
const (
	// Reflex is a reaction to something just seen: pressing BOOM, grabbing
	// a card, catching a wink, answering a claim.
	Reflex Think = iota
	// Decision is an ordinary choice: pass or swap, bank or keep.
	Decision
	// Ponder is a considered decision: which card of a hand to commit,
	// which clue to show, where to go.
	Ponder
)

// Pace is how a person would time one action.
type Pace struct {
	Think Think `json:"think"`
	// By is when the action stops being worth sending, in Unix ms: the
	// close of its window. 0 means no limit.
	By int64 `json:"by,omitempty"`
}

// Pacer is implemented by bots that know how a person would pace each of
// their actions. Without it, the room treats an action as a Decision that
// must land before the earliest running timer of a seat it awaits.
type Pacer interface {
	Pace(st State, a Action) Pace
}

// PaceOf is how a person would time a, bot's own Pacer if it has one.
func PaceOf(b Bot, st State, a Action) Pace {
	if p, ok := b.(Pacer); ok {
		return p.Pace(st, a)
	}
	p := Pace{Think: Decision}
	next := st.Next()
	awaited := false
	for _, s := range next.Seats {
		awaited = awaited || s == a.Seat
	}
	if !awaited {
		return p
	}
	for _, t := range next.Timers {
		if p.By == 0 || t.At < p.By {
			p.By = t.At
		}
	}
	return p
}

// Highlight is one feat of a finished match worth a line in the night's
// recap: vault's biggest deal, the most winks caught, the fastest
// couriers win. The recap shows, for each Kind, the feat of the night's
// matches with the highest Value.
type Highlight struct {
	// Kind names the feat, "<slug>.<feat>"; feats of one kind compare.
	Kind string `json:"kind"`
	// Value ranks feats of one Kind, the highest first: a count, points,
	// or minus the turns a win took.
	Value int `json:"value"`
	// Seats are who did it, seats of this match.
	Seats []Seat `json:"seats"`
	// Msg says the feat in the game's words; its seat arguments name
	// seats of this match.
	Msg Msg `json:"msg"`
}

// Highlighter is implemented by states that can tell, once the match is
// over, its feats worth recalling at the end of the night. What is
// remarkable is the game's knowledge, so the platform asks rather than
// reads the game's views; it computes only what every game shares (the
// longest match, the closest finish).
type Highlighter interface {
	Highlights() []Highlight
}

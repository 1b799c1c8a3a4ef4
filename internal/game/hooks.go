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

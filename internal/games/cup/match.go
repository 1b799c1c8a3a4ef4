package cup

import (
	"encoding/json"

	"topsecret/internal/game"
)

// The actions (R2, R3, R5).
const (
	// ActHide is the hider's {"n": 1…9}.
	ActHide = "hide"
	// ActGuess is the guesser's {"n": 1…9}.
	ActGuess = "guess"
	// ActTimeout is the referee's {"step": k}: the awaited seat's time ran out.
	ActTimeout = "timeout"
)

// pick is the data of a hide or a guess.
type pick struct {
	N int `json:"n"`
}

// timeout is a timer's data: the step it was armed at, so a timer armed
// before the seat acted is refused as stale.
type timeout struct {
	Step int `json:"step"`
}

// Lifted is one finished round: what was under the cup, what was guessed
// (0 for a guess lost to the timer) and who scored.
type Lifted struct {
	Round   int       `json:"round"`
	Under   int       `json:"number"`
	Guesses []int     `json:"guesses"`
	Winner  game.Seat `json:"winner"`
}

// match is a match in progress.
type match struct {
	opts  Options
	round int // 1-based; past opts.Rounds when the match is over
	// under is the number under the cup this round, 0 until hidden.
	under   int
	guesses []int // this round's guesses so far
	points  [2]int
	lifted  []Lifted
	// step counts the moments a seat is awaited, for the timers (R5).
	step int
	// since is when the awaited seat's turn began, Unix ms.
	since  int64
	public game.Kept[TableView]
}

func (m *match) over() bool         { return m.round > m.opts.Rounds }
func (m *match) hider() game.Seat   { return game.Seat((m.round - 1) % 2) }
func (m *match) guesser() game.Seat { return 1 - m.hider() }
func (m *match) hiding() bool       { return m.under == 0 }
func (m *match) awaited() game.Seat {
	if m.hiding() {
		return m.hider()
	}
	return m.guesser()
}

// Legal lists seat s's moves: a number to hide or to guess.
func (m *match) Legal(s game.Seat) []game.Move {
	if m.over() || s != m.awaited() {
		return nil
	}
	nums := make([]any, 0, Highest-Lowest+1)
	for n := Lowest; n <= Highest; n++ {
		nums = append(nums, n)
	}
	if m.hiding() {
		return []game.Move{{Type: ActHide, Fields: map[string][]any{"n": nums}, Label: game.M("cup.move.hide")}}
	}
	return []game.Move{{Type: ActGuess, Fields: map[string][]any{"n": nums}, Label: game.M("cup.move.guess")}}
}

func mustData(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

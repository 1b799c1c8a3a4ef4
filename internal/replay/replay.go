// Package replay rebuilds any step of a finished match from its log.
//
// A Timeline folds a match's log through game.StepEvents, the same path
// restart recovery takes, once when it is built: it remembers each step's
// events, who was awaited and where turns and rounds begin, but never a
// view. Views are computed on demand for any step and any viewer by moving
// a cursor state through the log. Games whose state can copy itself (the
// optional game.Cloner) also get periodic in-memory snapshots, so a backward
// seek replays at most SnapshotEvery actions.
package replay

import (
	"fmt"
	"slices"
	"sync"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// SnapshotEvery is the distance between snapshots for a Cloner state.
const SnapshotEvery = 64

// StepInfo is what happened at one step, for every viewer alike. Step 0 is
// the deal; step i (1…N) is the state after log action i-1.
type StepInfo struct {
	Index int `json:"index"`
	// Action is nil at step 0.
	Action *game.Action `json:"action,omitempty"`
	// At is the action's server time (the deal time at step 0), Unix ms.
	At int64 `json:"at"`
	// Events are what the action caused, as messages with their audiences.
	Events []game.Event `json:"-"`
	// Waiting are the seats the match awaits after this step.
	Waiting []game.Seat `json:"waiting"`
	// Turn and Round number the turn and round this step belongs to: the
	// game's own numbers (game.Turner, game.Rounder), as its board shows
	// them; for a game without them, counted from 1 (0 before the first).
	Turn  int `json:"turn"`
	Round int `json:"round"`
	// TurnStart and RoundStart mark the first step of a turn or round.
	TurnStart  bool `json:"turn_start,omitempty"`
	RoundStart bool `json:"round_start,omitempty"`
}

// Timeline is a finished (or verified) match rebuilt step by step. It is
// safe for concurrent use.
type Timeline struct {
	match  store.Match
	rules  game.Rules
	names  []string
	log    []game.Action
	steps  []StepInfo
	result *game.Result

	mu    sync.Mutex
	cur   game.State // the cursor, at step curAt
	curAt int
	snaps map[int]game.State // step → snapshot, only for Cloner states
	// moves are the labels of the moves quiet steps made, found when a
	// step is first described (see Describe).
	moves map[int]game.Msg
}

// New rebuilds m from its log with its game's rules, handed down by the
// caller. It fails if the rules are another game's or an action does not
// replay, naming the action's position.
func New(rules game.Rules, m store.Match, log []store.ActionRecord) (*Timeline, error) {
	if rules == nil || rules.Info().Slug != m.Setup.Game {
		return nil, fmt.Errorf("replay: game %q is not available", m.Setup.Game)
	}
	t := &Timeline{match: m, rules: rules, names: names(m), log: make([]game.Action, len(log))}
	for i, r := range log {
		if r.Index != i {
			return nil, fmt.Errorf("replay: log position %d holds action %d", i, r.Index)
		}
		t.log[i] = r.Action
	}
	if err := t.build(); err != nil {
		return nil, err
	}
	return t, nil
}

func names(m store.Match) []string {
	out := make([]string, max(len(m.Seats), m.Setup.Seats))
	for i := range out {
		out[i] = fmt.Sprintf("Seat %d", i+1)
		if i < len(m.Seats) && m.Seats[i].Name != "" {
			out[i] = m.Seats[i].Name
		}
	}
	return out
}

// build folds the whole log once, recording each step's facts.
func (t *Timeline) build() error {
	st, err := t.rules.New(t.match.Setup)
	if err != nil {
		return fmt.Errorf("replay: deal: %w", err)
	}
	_, cloner := st.(game.Cloner)
	if cloner {
		t.snaps = map[int]game.State{}
	}
	var b bounds
	t.steps = make([]StepInfo, 0, len(t.log)+1)
	t.steps = append(t.steps, b.mark(st, StepInfo{Index: 0, At: t.match.Setup.Started, Events: game.Opening(st)}, t.match.Setup.Seats))
	for i, a := range t.log {
		if cloner && i%SnapshotEvery == 0 {
			t.snaps[i] = st.(game.Cloner).Clone()
		}
		if _, over := st.Result(); over {
			return fmt.Errorf("replay: action %d (%s by seat %d): %w", i, a.Type, a.Seat, game.Over())
		}
		evs, err := game.StepEvents(st, t.match.Setup.Seed, i, a)
		if err != nil {
			return t.named(err)
		}
		s := StepInfo{Index: i + 1, Action: &t.log[i], At: a.At, Events: evs}
		t.steps = append(t.steps, b.mark(st, s, t.match.Setup.Seats))
	}
	if res, over := st.Result(); over {
		t.result = &res
	}
	t.cur, t.curAt = st, len(t.log)
	return nil
}

// named wraps a refusal for people to read.
func (t *Timeline) named(err error) error {
	return &namedError{msg: "replay: " + err.Error(), err: err}
}

type namedError struct {
	msg string
	err error
}

func (e *namedError) Error() string { return e.msg }
func (e *namedError) Unwrap() error { return e.err }

// bounds derives turn and round numbers as the log is folded.
type bounds struct {
	turn, round      int
	lastTurn         int // the state's own turn number, when it has one
	lastRound        int
	waiting          []game.Seat
	first            game.Seat // the first awaited seat of the match
	seen             map[game.Seat]bool
	haveFirst, seen0 bool
}

func (b *bounds) mark(st game.State, s StepInfo, seats int) StepInfo {
	s.Waiting = st.Next().Seats
	if s.Waiting == nil {
		s.Waiting = []game.Seat{}
	}
	// A game that numbers its turns and rounds is quoted, not counted:
	// one action may pass more than one round (or none), and the replay's
	// numbers must be the ones its board shows.
	if tn, ok := st.(game.Turner); ok {
		if n := tn.Turn(); n != b.lastTurn || !b.seen0 {
			b.lastTurn, s.TurnStart = n, true
		}
		b.turn = tn.Turn()
	} else if len(s.Waiting) > 0 && !slices.Equal(s.Waiting, b.waiting) {
		s.TurnStart = true
		b.turn++
	}
	if rn, ok := st.(game.Rounder); ok {
		if n := rn.Round(); n != b.lastRound || !b.seen0 {
			b.lastRound, s.RoundStart = n, true
		}
		b.round = rn.Round()
	} else if s.TurnStart {
		s.RoundStart = b.genericRound(s.Waiting[0], seats)
	}
	b.seen0 = true
	if len(s.Waiting) > 0 {
		b.waiting = s.Waiting
	}
	s.Turn, s.Round = b.turn, b.round
	return s
}

// genericRound reports whether a turn held by holder starts a new round:
// the match's first holder again, once every seat has been awaited.
func (b *bounds) genericRound(holder game.Seat, seats int) bool {
	if !b.haveFirst {
		b.haveFirst, b.first, b.seen = true, holder, map[game.Seat]bool{holder: true}
		b.round++
		return true
	}
	if holder == b.first && len(b.seen) >= seats {
		b.seen = map[game.Seat]bool{holder: true}
		b.round++
		return true
	}
	b.seen[holder] = true
	return false
}

// Len is the number of steps: the deal plus one per action.
func (t *Timeline) Len() int { return len(t.steps) }

// Match is the match record the timeline was built from.
func (t *Timeline) Match() store.Match { return t.match }

// Names are the seats' names, index = seat.
func (t *Timeline) Names() []string { return slices.Clone(t.names) }

// Result is the replayed outcome; false if the log ends before the match does.
func (t *Timeline) Result() (game.Result, bool) {
	if t.result == nil {
		return game.Result{}, false
	}
	return *t.result, true
}

// Info returns step i's facts. i is clamped to 0…Len()-1.
func (t *Timeline) Info(i int) StepInfo { return t.steps[t.clamp(i)] }

// Clamp limits i to a valid step.
func (t *Timeline) clamp(i int) int { return min(max(i, 0), len(t.steps)-1) }

// Turns lists the steps where a turn begins, in order.
func (t *Timeline) Turns() []int { return t.starts(func(s StepInfo) bool { return s.TurnStart }) }

// Rounds lists the steps where a round begins, in order.
func (t *Timeline) Rounds() []int { return t.starts(func(s StepInfo) bool { return s.RoundStart }) }

func (t *Timeline) starts(ok func(StepInfo) bool) []int {
	var out []int
	for _, s := range t.steps {
		if ok(s) {
			out = append(out, s.Index)
		}
	}
	return out
}

// Line is one event of a step as a viewer may read it. To names whose
// private notice it was, for the all-seeing view only.
type Line struct {
	Msg game.Msg
	To  []game.Seat
}

// Events returns step i's events that v may read.
func (t *Timeline) Events(i int, v game.Viewer) []Line {
	var out []Line
	for _, e := range t.steps[t.clamp(i)].Events {
		if !e.For(v) {
			continue
		}
		l := Line{Msg: e.Msg}
		if v.Kind == game.Omniscient && !e.Public() {
			// A private notice speaks to its reader ("You played…"); the
			// all-seeing view says whose it was.
			l.To = e.To
		}
		out = append(out, l)
	}
	return out
}

// Describe says what happened at step i as v saw it: the events v could
// read, or, when the action caused none, the move it made in the game's
// own words: the label its phone's button showed, worded for each reader
// like any message.
func (t *Timeline) Describe(i int, v game.Viewer) []Line {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.describe(t.clamp(i), v)
}

// describe is Describe for a clamped i. Caller holds t.mu; it may move the
// cursor to step i-1 to find a quiet step's move.
func (t *Timeline) describe(i int, v game.Viewer) []Line {
	s := t.steps[i]
	if s.Action == nil {
		return []Line{{Msg: game.M("game.replay.dealt")}}
	}
	if lines := t.Events(i, v); len(lines) > 0 {
		return lines
	}
	a := s.Action
	if a.Seat == game.System {
		if v.Kind == game.Omniscient {
			return []Line{{Msg: game.M("game.replay.referee_moved")}}
		}
		return []Line{{Msg: game.M("game.replay.nothing_seen")}}
	}
	mine := v.Kind == game.Player && v.Seat == a.Seat
	if v.Kind != game.Omniscient && !mine {
		return []Line{{Msg: game.M("game.replay.nothing_seen")}}
	}
	move := t.moveAt(i)
	switch {
	case mine && move.IsZero():
		return []Line{{Msg: game.M("game.replay.you_moved")}}
	case mine:
		return []Line{{Msg: game.M("game.replay.you_did", game.TM("action", move))}}
	case move.IsZero():
		return []Line{{Msg: game.M("game.replay.seat_moved", game.P("who", a.Seat))}}
	default:
		return []Line{{Msg: game.M("game.replay.seat_did", game.P("who", a.Seat), game.TM("action", move))}}
	}
}

// moveAt is the label of the move step i's action made, from the state
// before it; found once, when first asked, so building a timeline does
// not list every position's moves. Caller holds t.mu.
func (t *Timeline) moveAt(i int) game.Msg {
	if m, ok := t.moves[i]; ok {
		return m
	}
	var m game.Msg
	if st, err := t.seek(i - 1); err == nil {
		m = moveLabel(st, *t.steps[i].Action)
	}
	if t.moves == nil {
		t.moves = map[int]game.Msg{}
	}
	t.moves[i] = m
	return m
}

// Highlights are the feats the finished match's game declares
// (game.Highlighter), for the night's recap: none when its game declares
// none, or when the log stops before the rules ended the match (the host
// ended it).
func (t *Timeline) Highlights() ([]game.Highlight, error) {
	if t.result == nil {
		return nil, nil
	}
	st, err := t.Step(t.Len() - 1)
	if err != nil {
		return nil, err
	}
	if h, ok := st.(game.Highlighter); ok {
		return h.Highlights(), nil
	}
	return nil, nil
}

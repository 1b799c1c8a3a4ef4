package inkognito

import (
	"math/bits"
	"slices"

	"topsecret/internal/game"
)

// Bot plays a seat from that seat's view only: its own black cards, the
// public table and its clue sheet. It keeps every deal consistent with its
// sheet (the helper's worlds, whatever the helper option), steers its
// location cards towards meetings that teach it most, shows the pairs that
// tell the recipient least, asks for the black card that splits its
// hypotheses best, and dials only when a single number is left (and, in
// 4p, only with its certain ally). Strength sets how much its random
// stream sways those choices (docs/games/inkognito.md).
type Bot struct {
	// Strength is how well it plays; "" is game.Regular.
	Strength game.Strength
}

// Grade returns the bot playing at strength s.
func (b Bot) Grade(s game.Strength) game.Bot { return Bot{Strength: s} }

// sway is how far a bot's random stream may lift a choice's score, per
// strength and kind of choice: for a sharp bot a tie-break, for a regular
// one a change of plan among close choices, for a beginner most of the
// choice. Scores: a site's meeting value (bits of what it may teach), a
// pair's cells the recipient already knew (×8), a request's expected
// worlds removed.
var sway = map[game.Strength]struct{ site, pair, request float64 }{
	game.Sharp:    {site: 0.1, pair: 8, request: 0.1},
	game.Regular:  {site: 0.6, pair: 12, request: 1},
	game.Beginner: {site: 4, pair: 40, request: 30},
}

// Pace says how a person would time a: a location card is a decision, a
// meeting action is weighed over the clue sheet, a black card is a
// decision; each must land before the running time limit.
func (Bot) Pace(st game.State, a game.Action) game.Pace {
	p := game.Pace{Think: game.Ponder}
	switch a.Type {
	case ActPlay, ActCommit, ActChooseBlack, ActContinue:
		p.Think = game.Decision
	}
	if m, ok := st.(*match); ok {
		if tm := m.timer(); tm != nil {
			p.By = tm.At
		}
	}
	return p
}

// Act picks seat's next action, or reports false when it has nothing to do.
func (bot Bot) Act(st game.State, seat game.Seat, now int64, r *game.Rand) (game.Action, bool) {
	m, _, ok := game.Seated[*match](st, seat)
	if !ok {
		return game.Action{}, false
	}
	v := m.seatView(int(seat))
	if v.Task == nil || v.Task.Done {
		return game.Action{}, false
	}
	b := newBrain(&v, r)
	b.level, _ = game.ParseStrength(string(bot.Strength))
	a := b.decide()
	a.Seat, a.At = seat, now
	if st.Check(a) == nil {
		return a, true
	}
	for _, mv := range st.Legal(seat) { // a fallback that should never be needed
		if len(mv.Fields) == 0 {
			return game.Action{Seat: seat, Type: mv.Type, Data: mv.Data, At: now}, true
		}
	}
	return game.Action{}, false
}

// brain is one decision: the seat's view and its hypotheses.
type brain struct {
	v      *SeatView
	r      *game.Rand
	level  game.Strength
	k      knowledge
	worlds []world
	nums   []string
}

func newBrain(v *SeatView, r *game.Rand) *brain {
	b := &brain{v: v, r: r, k: knowledgeOf(&v.Sheet)}
	b.worlds = b.k.worlds()
	b.nums = numbersOf(b.worlds)
	return b
}

func act(typ string, data any) game.Action {
	a := game.Action{Type: typ}
	if data != nil {
		a.Data = mustJSON(data)
	}
	return a
}

// decide follows the task.
func (b *brain) decide() game.Action {
	t := b.v.Task
	if t.CanDial && b.ready(t) {
		return b.dial()
	}
	switch t.Kind {
	case TaskPlay, TaskCommit:
		typ := ActPlay
		if t.Kind == TaskCommit {
			typ = ActCommit
		}
		return act(typ, SiteData{Site: b.chooseSite(t.Sites, t.Kind == TaskCommit).String()})
	case TaskExchange, TaskInterview:
		return b.show(t)
	case TaskPeek:
		if len(t.Black) == 0 {
			return act(ActSkip, nil)
		}
		return act(ActPeek, KindData{Kind: b.bestKind(Fict, t.Black)})
	case TaskAmbMeet:
		return b.request(t)
	case TaskAmbassador:
		return act(ActContinue, nil)
	case TaskChoose:
		return act(ActChooseBlack, KindData{Kind: b.answerKind(t)})
	}
	return game.Action{}
}

// certain reports a single candidate number.
func (b *brain) certain() bool { return len(b.nums) == 1 }

// slotOf is seat a's agent slot on the sheet, or -1.
func (b *brain) slotOf(a int) int { return slices.Index(b.k.seats[:], a) }

// allySure reports that seat a is my ally in every world (4p).
func (b *brain) allySure(a int) bool {
	if b.k.me < 0 || b.slotOf(a) < 0 {
		return false
	}
	s, ok := allyOf(b.k.me, b.worlds)
	return ok && s == b.slotOf(a)
}

// ready says a call now would be certain: one number, and in 4p the
// counterpart is surely the ally (R12).
func (b *brain) ready(t *Task) bool {
	if !b.certain() {
		return false
	}
	if b.v.Players != 4 {
		return true
	}
	return len(t.With) == 1 && b.allySure(t.With[0])
}

func (b *brain) dial() game.Action {
	w := b.worlds[0]
	var frag [4]string
	for u := range 4 {
		frag[w.id[u]] = Fragment(w.frag[u]).String()
	}
	return act(ActDial, DialData{F: frag[0], B: frag[1], Z: frag[2], X: frag[3]})
}

// show picks what to show in an exchange or interview: a black card to a
// certain 4p ally, otherwise the pair that leaves the recipient the most
// possibilities about me, or a pass.
func (b *brain) show(t *Task) game.Action {
	to := t.With[0]
	if b.v.Players == 4 && t.Kind == TaskExchange && len(t.Black) > 0 && b.allySure(to) {
		return act(ActShowBlack, KindData{Kind: t.Black[0]})
	}
	if len(t.Pairs) == 0 {
		return act(ActPass, nil)
	}
	known := b.theirModel(to)
	best, bestScore := 0, -1.0
	for i, p := range t.Pairs {
		f0, _ := parseFace(p[0])
		f1, _ := parseFace(p[1])
		score := float64(bits.OnesCount16(uint16(known&pairCells(f0, f1)))*8) + b.whim(sway[b.level].pair)
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	p := t.Pairs[best]
	return act(ActShowPair, PairData{Cards: []string{p[0], p[1]}})
}

// theirModel is what `to` can know of my cells from what I showed them.
func (b *brain) theirModel(to int) cells {
	known := allCells
	for _, s := range b.v.Sheet.Shown {
		if s.To != to {
			continue
		}
		for _, p := range s.Pairs {
			f0, _ := parseFace(p[0])
			f1, _ := parseFace(p[1])
			known &= pairCells(f0, f1)
		}
		for _, f := range s.Black {
			fc, _ := parseFace(f)
			known &= faceCells(fc)
		}
	}
	return known
}

// whim is a random lift of a choice's score, in [0, most).
func (b *brain) whim(most float64) float64 { return most * float64(b.r.IntN(1000)) / 1000 }

// answerKind shows a certain ally anything, and anyone else the card that
// tells them least about me; a beginner shows one at random.
func (b *brain) answerKind(t *Task) string {
	if len(t.Black) == 1 || b.v.Black == nil || (b.v.Players == 4 && b.allySure(t.With[0])) {
		return t.Black[0]
	}
	if b.level == game.Beginner {
		return t.Black[b.r.IntN(len(t.Black))]
	}
	known := b.theirModel(t.With[0])
	best, bestN := t.Black[0], -1
	for _, ks := range t.Black {
		f := b.v.Black.Identity
		if ks == KindNumber.String() {
			f = b.v.Black.Fragment
		}
		fc, _ := parseFace(f)
		if n := bits.OnesCount16(uint16(known & faceCells(fc))); n > bestN {
			best, bestN = ks, n
		}
	}
	return best
}

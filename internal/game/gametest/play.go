package gametest

import (
	"encoding/json"
	"fmt"
	"testing"

	"topsecret/internal/game"
)

// Chooser picks the next action of a simulated match at time now, or reports
// false to let time pass. It may propose illegal actions; they are skipped.
type Chooser func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool)

// Start is the simulated clock's first reading (Unix ms).
const Start int64 = 1_700_000_000_000

// Fill turns a legal move into an action for seat s, choosing a random value
// for each open field.
func Fill(m game.Move, s game.Seat, now int64, r *game.Rand) game.Action {
	a := game.Action{Seat: s, Type: m.Type, At: now, Data: m.Data}
	if len(m.Fields) == 0 {
		return a
	}
	data := map[string]any{}
	if len(m.Data) > 0 {
		if err := json.Unmarshal(m.Data, &data); err != nil {
			panic(fmt.Sprintf("gametest: move data %s: %v", m.Data, err))
		}
	}
	for _, k := range sortedKeys(m.Fields) {
		vals := m.Fields[k]
		if len(vals) > 0 {
			data[k] = vals[r.IntN(len(vals))]
		}
	}
	b, _ := json.Marshal(data)
	a.Data = b
	return a
}

func sortedKeys(m map[string][]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// RandomMoves is a Chooser that plays a random legal move of a random seat,
// preferring the awaited seats half of the time.
func RandomMoves(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	seat := game.Seat(r.IntN(n))
	if w := st.Next().Seats; len(w) > 0 && r.IntN(2) == 0 {
		seat = w[r.IntN(len(w))]
	}
	moves := st.Legal(seat)
	if len(moves) == 0 {
		return game.Action{}, false
	}
	return Fill(moves[r.IntN(len(moves))], seat, now, r), true
}

// BotMoves is a Chooser that asks bot for every seat, starting at a random
// one, and plays the first action offered.
func BotMoves(bot game.Bot) Chooser {
	return func(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
		first := r.IntN(n)
		for i := range n {
			if a, ok := bot.Act(st, game.Seat((first+i)%n), now, r); ok {
				return a, true
			}
		}
		return game.Action{}, false
	}
}

// Options tune RandomPlay.
type Options struct {
	// MaxSteps bounds the log; a match still running then fails the test.
	MaxSteps int
	// LeakEvery runs the leak check every that many steps (1 = every step, 0 = 1).
	LeakEvery int
	// ReplayEvery runs a full Replay every that many steps (0 = only at the end);
	// a shadow state replayed action by action is compared at every step.
	ReplayEvery int
}

// RandomPlay plays setup to the end with pick, firing due timers like the
// room, and after every step asserts that replaying the log gives the same
// views for every viewer, that no view leaks another seat's secrets, that
// the state's invariant holds and that every ready-to-send legal move passes
// Check. Per step, views are compared as values (reflect.DeepEqual); the
// final Replay is compared as JSON. It returns the log.
func RandomPlay(tb testing.TB, rules game.Rules, setup game.Setup, maxSteps int, pick Chooser) []game.Action {
	tb.Helper()
	return Play(tb, rules, setup, pick, Options{MaxSteps: maxSteps})
}

// Play is RandomPlay with options.
func Play(tb testing.TB, rules game.Rules, setup game.Setup, pick Chooser, o Options) []game.Action {
	tb.Helper()
	st, err := rules.New(setup)
	if err != nil {
		tb.Fatalf("new: %v", err)
	}
	shadow, _ := rules.New(setup)
	n := setup.Seats
	r := game.RandFor(setup.Seed, 1<<40)
	now := Start
	var log []game.Action
	idle := 0
	for {
		if _, over := st.Result(); over {
			break
		}
		if len(log) >= o.MaxSteps {
			tb.Fatalf("no result after %d actions", len(log))
		}
		a, ok := nextAction(tb, st, n, &now, r, pick)
		if !ok {
			if idle++; idle > 100000 {
				tb.Fatalf("stalled after %d actions: nobody can act and no timer runs", len(log))
			}
			continue
		}
		idle = 0
		what := fmt.Sprintf("action %d (%s by seat %d, %s)", len(log), a.Type, a.Seat, a.Data)
		st.Apply(a, game.RandFor(setup.Seed, len(log)+1))
		if err := game.Step(shadow, setup.Seed, len(log), a); err != nil {
			tb.Fatalf("%s: shadow replay refused: %v", what, err)
		}
		log = append(log, a)
		views := viewValues(st, n)
		sameValues(tb, what+": replay", shadow, st, n, views)
		CheckInvariant(tb, st, what)
		if o.LeakEvery <= 1 || len(log)%o.LeakEvery == 0 {
			checkLeaks(tb, st, n, r, what, views)
		}
		checkLegal(tb, st, n, now, what)
		if len(log)%16 == 0 {
			Views(tb, st, n) // every view must render as JSON
		}
		if o.ReplayEvery > 0 && len(log)%o.ReplayEvery == 0 {
			checkReplay(tb, rules, setup, log, st)
		}
		now += int64(r.IntN(400))
	}
	checkReplay(tb, rules, setup, log, st)
	return log
}

// nextAction fires a due timer, or asks pick, or moves the clock on.
func nextAction(tb testing.TB, st game.State, n int, now *int64, r *game.Rand, pick Chooser) (game.Action, bool) {
	tb.Helper()
	timers := st.Next().Timers
	var due *game.Timer
	for i := range timers {
		if due == nil || timers[i].At < due.At {
			due = &timers[i]
		}
	}
	if due != nil && due.At <= *now {
		a := due.Fires
		a.At = *now
		if err := st.Check(a); err != nil {
			tb.Fatalf("due timer %s refused: %v", a.Type, err)
		}
		return a, true
	}
	for range 8 {
		a, ok := pick(st, n, *now, r)
		if !ok {
			break
		}
		if err := st.Check(a); err != nil {
			MustRuleError(tb, err)
			continue
		}
		return a, true
	}
	step := int64(200 + r.IntN(800))
	if due != nil && due.At-*now < step {
		step = due.At - *now
	}
	*now += step
	return game.Action{}, false
}

// checkLegal asserts that every ready-to-send legal move passes Check.
func checkLegal(tb testing.TB, st game.State, n int, now int64, what string) {
	tb.Helper()
	for s := range n {
		for _, m := range st.Legal(game.Seat(s)) {
			if len(m.Fields) > 0 {
				continue
			}
			a := game.Action{Seat: game.Seat(s), Type: m.Type, Data: m.Data, At: now}
			if err := st.Check(a); err != nil {
				tb.Fatalf("%s: legal move %s %s of seat %d refused: %v", what, m.Type, m.Data, s, err)
			}
		}
	}
}

// checkReplay asserts that Replay of the log gives st's views.
func checkReplay(tb testing.TB, rules game.Rules, setup game.Setup, log []game.Action, st game.State) {
	tb.Helper()
	re, err := game.Replay(rules, setup, log)
	if err != nil {
		tb.Fatalf("replay: %v", err)
	}
	SameViews(tb, fmt.Sprintf("replay of %d actions", len(log)), Views(tb, re, setup.Seats), Views(tb, st, setup.Seats))
	omni := game.OmniscientViewer()
	SameViews(tb, "omniscient replay", map[string]json.RawMessage{"o": ViewJSON(tb, re, omni)},
		map[string]json.RawMessage{"o": ViewJSON(tb, st, omni)})
}

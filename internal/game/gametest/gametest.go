// Package gametest is the test harness every game package uses: scenarios,
// random play with replay, leak and invariant checks, golden replays and
// fuzzing of Check.
package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/viewjson"
)

// Viewers lists the viewers of an n-seat match: each seat, then the table.
func Viewers(n int) []game.Viewer {
	vs := make([]game.Viewer, 0, n+1)
	for s := range n {
		vs = append(vs, game.SeatViewer(game.Seat(s)))
	}
	return append(vs, game.TableViewer())
}

// Name is a viewer's key in view maps and golden files: "seat0"…, "table", "omniscient".
func Name(v game.Viewer) string {
	switch v.Kind {
	case game.Player:
		return fmt.Sprintf("seat%d", v.Seat)
	case game.Omniscient:
		return "omniscient"
	}
	return "table"
}

// ViewJSON renders v's view of st, and checks that package viewjson, which
// the server encodes frames with, writes the same bytes as encoding/json.
func ViewJSON(tb testing.TB, st game.State, v game.Viewer) []byte {
	tb.Helper()
	view := st.View(v)
	b, err := json.Marshal(view)
	if err != nil {
		tb.Fatalf("view for %s: %v", Name(v), err)
	}
	if fast, err := viewjson.Marshal(view); err != nil || !bytes.Equal(fast, b) {
		tb.Fatalf("view for %s: viewjson wrote (err %v)\n%s\nencoding/json\n%s", Name(v), err, fast, b)
	}
	return b
}

// Views renders every viewer's view of an n-seat match, keyed by Name.
func Views(tb testing.TB, st game.State, n int) map[string]json.RawMessage {
	tb.Helper()
	out := make(map[string]json.RawMessage, n+1)
	for _, v := range Viewers(n) {
		out[Name(v)] = ViewJSON(tb, st, v)
	}
	return out
}

// SameViews fails when two view maps differ, naming the first viewer that does.
func SameViews(tb testing.TB, what string, got, want map[string]json.RawMessage) {
	tb.Helper()
	for k, w := range want {
		if !bytes.Equal(got[k], w) {
			tb.Fatalf("%s: view %s differs:\n got %s\nwant %s", what, k, got[k], w)
		}
	}
	if len(got) != len(want) {
		tb.Fatalf("%s: %d views, want %d", what, len(got), len(want))
	}
}

// MustRuleError fails unless err is a *game.RuleError, and returns it.
func MustRuleError(tb testing.TB, err error) *game.RuleError {
	tb.Helper()
	var re *game.RuleError
	if !errors.As(err, &re) {
		tb.Fatalf("error %v (%T) is not a *game.RuleError", err, err)
	}
	return re
}

// CheckInvariant runs st's Invariant if it has one.
func CheckInvariant(tb testing.TB, st game.State, what string) {
	tb.Helper()
	if inv, ok := st.(game.Invariant); ok {
		if err := inv.Invariant(); err != nil {
			tb.Fatalf("%s: invariant: %v", what, err)
		}
	}
}

// CheckLeaks asserts, for states that are Twinners, that no viewer's view
// depends on what only another seat (or nobody) may see.
func CheckLeaks(tb testing.TB, st game.State, n int, r *game.Rand, what string) {
	tb.Helper()
	checkLeaks(tb, st, n, r, what, nil)
}

// checkLeaks is CheckLeaks with st's view values already built (or nil).
// Views are compared with reflect.DeepEqual, which for the plain data of
// view structs implies equal JSON, and rendered only to report a failure.
func checkLeaks(tb testing.TB, st game.State, n int, r *game.Rand, what string, base []any) {
	tb.Helper()
	tw, ok := st.(game.Twinner)
	if !ok {
		return
	}
	if base == nil {
		base = viewValues(st, n)
	}
	vs := Viewers(n)
	for s := game.System; int(s) < n; s++ {
		twin := tw.Twin(s, r)
		for i, v := range vs {
			if v.Kind == game.Player && v.Seat == s {
				continue
			}
			if got := twin.View(v); !reflect.DeepEqual(got, base[i]) {
				tb.Fatalf("%s: leak: %s's view changes with what only seat %d may see:\n got %s\nwant %s",
					what, Name(v), s, ViewJSON(tb, twin, v), ViewJSON(tb, st, v))
			}
		}
	}
}

// viewValues builds every viewer's view value, in Viewers order.
func viewValues(st game.State, n int) []any {
	vs := Viewers(n)
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = st.View(v)
	}
	return out
}

// sameValues fails when two states' views differ for some viewer.
func sameValues(tb testing.TB, what string, got, want game.State, n int, wantViews []any) {
	tb.Helper()
	for i, v := range Viewers(n) {
		if !reflect.DeepEqual(got.View(v), wantViews[i]) {
			tb.Fatalf("%s: view %s differs:\n got %s\nwant %s", what, Name(v), ViewJSON(tb, got, v), ViewJSON(tb, want, v))
		}
	}
}

// Step is one step of a scenario.
type Step struct {
	// Name describes the step in failure messages.
	Name   string
	Action game.Action
	// Rule, when set, means the action must be refused citing this ruling;
	// every view must then be unchanged.
	Rule string
	// Code, when set, is the refusal's expected error code.
	Code string
	// Msg, when set, is the refusal's expected message id: several
	// refusals may cite one ruling.
	Msg string
	// Then runs after the step to assert the outcome.
	Then func(tb testing.TB, st game.State)
}

// Scenario runs steps on st (an n-seat match) as the room would: Check, then
// Apply with the stream RandFor(seed, index+1). A refused step must cite the
// expected ruling and leave every view unchanged. After every step the leak
// check runs (for Twinners). What st says is kept for Said.
func Scenario(tb testing.TB, st game.State, n int, seed game.Seed, steps ...Step) {
	tb.Helper()
	ears := hear(st)
	index := 0
	for i, s := range steps {
		what := fmt.Sprintf("step %d (%s %s by seat %d)", i, s.Name, s.Action.Type, s.Action.Seat)
		before := Views(tb, st, n)
		err := st.Check(s.Action)
		switch {
		case s.Rule != "" || s.Code != "":
			if err == nil {
				tb.Fatalf("%s: accepted, want refusal %s", what, s.Rule)
			}
			re := MustRuleError(tb, err)
			if re.Rule != s.Rule || (s.Code != "" && re.Code != s.Code) || (s.Msg != "" && re.Msg.ID != s.Msg) {
				tb.Fatalf("%s: refused with %s/%s (%s), want %s/%s (%s)", what, re.Code, re.Rule, re.Msg.ID, s.Code, s.Rule, s.Msg)
			}
			SameViews(tb, what+" after refusal", Views(tb, st, n), before)
		case err != nil:
			tb.Fatalf("%s: refused: %v", what, err)
		default:
			ears.add(st.Apply(s.Action, game.RandFor(seed, index+1)))
			index++
		}
		CheckLeaks(tb, st, n, game.RandFor(seed, 1<<41+i), what)
		if s.Then != nil {
			s.Then(tb, st)
		}
	}
}

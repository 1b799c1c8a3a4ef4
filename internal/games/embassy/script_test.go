package embassy

import (
	"fmt"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// script is a scenario's steps with the dice its rolls must show; run finds
// a seed whose streams roll them, so every step goes through Check and
// Apply exactly as the room would.
type script struct {
	steps    []gametest.Step
	rolls    map[int][2]int
	accepted int
}

func newScript() *script { return &script{rolls: map[int][2]int{}} }

// then is an assertion on the match after a step.
type then func(tb testing.TB, m *match)

func joined(checks []then) func(testing.TB, game.State) {
	return func(tb testing.TB, st game.State) {
		tb.Helper()
		for _, c := range checks {
			c(tb, st.(*match))
		}
	}
}

// ok adds an accepted step.
func (sc *script) ok(name string, a game.Action, checks ...then) *script {
	if a.At == 0 {
		a.At = gametest.Start + int64(1000*(len(sc.steps)+1))
	}
	sc.steps = append(sc.steps, gametest.Step{Name: name, Action: a, Then: joined(checks)})
	sc.accepted++
	return sc
}

// roll adds seat s's roll, which must show a and b.
func (sc *script) roll(s, a, b int, checks ...then) *script {
	sc.rolls[sc.accepted] = [2]int{a, b}
	return sc.ok(fmt.Sprintf("roll %d+%d", a, b), act(s, ActRoll, nil), checks...)
}

// refused adds a step Check must refuse citing rule, changing no view.
func (sc *script) refused(name, rule string, a game.Action) *script {
	a.At = gametest.Start + int64(1000*(len(sc.steps)+1))
	sc.steps = append(sc.steps, gametest.Step{Name: name, Action: a, Rule: rule})
	return sc
}

// over adds a step refused because the game has ended.
func (sc *script) over(name string, a game.Action) *script {
	sc.steps = append(sc.steps, gametest.Step{Name: name, Action: a, Code: game.CodeOver})
	return sc
}

// run plays the script on m.
func (sc *script) run(t testing.TB, m *match) {
	t.Helper()
	gametest.Scenario(t, m, m.n, seedRolling(sc.rolls), sc.steps...)
}

// seedRolling finds a seed whose action streams roll the wanted dice at
// the wanted log positions (a die draw is the first use of the stream).
func seedRolling(rolls map[int][2]int) game.Seed {
	for i := 0; i < 1<<22; i++ {
		seed := game.Seed{byte(i), byte(i >> 8), byte(i >> 16), 0xE5}
		good := true
		for at, want := range rolls {
			r := game.RandFor(seed, at+1)
			if r.Die(6) != want[0] || r.Die(6) != want[1] {
				good = false
				break
			}
		}
		if good {
			return seed
		}
	}
	panic("no seed rolls the wanted dice")
}

func act(s int, typ string, data any) game.Action {
	a := game.Action{Seat: game.Seat(s), Type: typ}
	if data != nil {
		a.Data = mustJSON(data)
	}
	return a
}

func move(s int, to string) game.Action    { return act(s, ActMove, Destination{To: to}) }
func challenge(s, q int) game.Action       { return act(s, ActChallenge, Target{Target: q}) }
func bodyguard(s, q int) game.Action       { return act(s, ActBodyguard, Target{Target: q}) }
func penalty(s, n int) game.Action         { return act(s, ActPenalty, SlotChoice{Slot: n}) }
func slot(s, n int) game.Action            { return act(s, ActSlot, SlotChoice{Slot: n}) }
func swap(s, n int) game.Action            { return act(s, ActSwap, SlotChoice{Slot: n}) }
func place(s int, e string) game.Action    { return act(s, ActPlace, Placement{Embassy: e}) }
func guess(s, n int, x string) game.Action { return act(s, ActGuess, Guess{Slot: n, Secret: x}) }
func approachTo(s int, to string, q int) game.Action {
	return act(s, ActChallengeMove, Approach{To: to, Target: q})
}

// Assertions.

func phaseIs(p Phase) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.phase != p {
			tb.Fatalf("phase %s, want %s", m.phase, p)
		}
	}
}

func activeIs(s int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.active != s {
			tb.Fatalf("active seat %d, want %d", m.active, s)
		}
	}
}

func spyIs(s int, id string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].spy.String(); got != id {
			tb.Fatalf("seat %d's spy on %s, want %s", s, got, id)
		}
	}
}

func guardIs(s int, id string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].guard.String(); got != id {
			tb.Fatalf("seat %d's bodyguard on %s, want %s", s, got, id)
		}
	}
}

// holderIs checks seat s's slots 1–4 by set name ("" = empty).
func holderIs(s int, names ...string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.ownHolder(s); !slices.Equal(got[:], names) {
			tb.Fatalf("seat %d holds %q, want %q", s, got, names)
		}
	}
}

// embassyHolds checks the set on embassy e ("" = vacant).
func embassyHolds(e, name string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		i, _ := parseEmbassy(e)
		if got := m.onEmbassy[i].secretName(); got != name {
			tb.Fatalf("embassy %s holds %q, want %q", e, got, name)
		}
	}
}

func handIs(s int, name string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.ownHand(s); got != name {
			tb.Fatalf("seat %d's ? card is %q, want %q", s, got, name)
		}
	}
}

func check(f func(tb testing.TB, m *match)) then { return f }

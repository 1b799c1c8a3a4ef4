package wink

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Seats and colours of fixture F (§9).
const (
	julia, tom, jan, marie = 0, 1, 2, 3
	G, B, P, R             = Colour(0), Colour(1), Colour(2), Colour(3)
)

// fixture builds the spec's fixture F directly (tests only; production
// states come from New and the log): table mode, N=4, start Julia, after the
// deal, TURN(Tom), hands Julia {A:P, L:FOU}, Tom {A:G, L:KIO}, Jan {A:R,
// L:CAF}, Marie {A:B, L:MET}. Each change adjusts it.
func fixture(changes ...func(*match)) *match {
	o := DefaultOptions()
	o.StartPlayer = julia
	m := newMatch(o, 4)
	hands := []struct {
		a Colour
		l Location
	}{{P, Fountain}, {G, Kiosk}, {R, Cafe}, {B, Metro}}
	for i, h := range hands {
		m.players[i].agent, m.players[i].loc = h.a, h.l
	}
	m.start, m.suitcase, m.phase, m.step = julia, tom, PhaseTurn, 4
	m.agentDeck = []Colour{R, B, G, P, R, B}
	m.locDeck = []Location{Cafe, Metro, Kiosk, Fountain}
	for _, c := range changes {
		c(m)
	}
	return m
}

func turn(s int) func(*match)               { return func(m *match) { m.suitcase = s } }
func agents(cs ...Colour) func(*match)      { return func(m *match) { m.agentDeck = cs } }
func locations(ls ...Location) func(*match) { return func(m *match) { m.locDeck = ls } }
func remote(m *match)                       { m.opts.Mode = ModeRemote }
func holds(s int, a Colour, l Location) func(*match) {
	return func(m *match) {
		if a != noColour {
			m.players[s].agent = a
		}
		if l != noLocation {
			m.players[s].loc = l
		}
	}
}

// scores gives each seat a score pile of that many location cards.
func scores(ss ...int) func(*match) {
	return func(m *match) {
		for i, n := range ss {
			for range n {
				m.players[i].pile = append(m.players[i].pile, card{locationCard, int(Cafe)})
			}
		}
	}
}

// act is an action of seat s at time at with data d (nil for none).
func act(s int, typ string, d any, at int64) game.Action {
	a := game.Action{Seat: game.Seat(s), Type: typ, At: at}
	if d != nil {
		a.Data = mustJSON(d)
	}
	return a
}

// ok is a step that must be accepted.
func ok(name string, a game.Action, then ...func(testing.TB, *match)) gametest.Step {
	return gametest.Step{Name: name, Action: a, Then: thenAll(then)}
}

// refused is a step that must be refused citing rule.
func refused(name, rule string, a game.Action, then ...func(testing.TB, *match)) gametest.Step {
	return gametest.Step{Name: name, Action: a, Rule: rule, Then: thenAll(then)}
}

func thenAll(fs []func(testing.TB, *match)) func(testing.TB, game.State) {
	if len(fs) == 0 {
		return nil
	}
	return func(tb testing.TB, st game.State) {
		tb.Helper()
		m, ok := st.(*match)
		if !ok {
			tb.Fatalf("a %T in a wink scenario", st)
		}
		for _, f := range fs {
			f(tb, m)
		}
	}
}

// timeout is the System action of the running phase timer, fired at its deadline.
func timeout(m *match) game.Action {
	for _, t := range m.Next().Timers {
		if t.Fires.Type != ActFocusArrived {
			a := t.Fires
			a.At = t.At
			return a
		}
	}
	panic("no phase timer")
}

// --- assertions ---

func phase(p Phase, suitcase int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.phase != p || (p != PhaseOver && m.suitcase != suitcase) {
			tb.Fatalf("phase %s(%d), want %s(%d)", m.phase, m.suitcase, p, suitcase)
		}
	}
}

func hand(s int, a Colour, l Location) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if p := m.players[s]; p.agent != a || p.loc != l {
			tb.Fatalf("seat %d holds {%s, %s}, want {%s, %s}", s, p.agent, p.loc.Code(), a, l.Code())
		}
	}
}

func score(want ...int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		for i, w := range want {
			if got := len(m.players[i].pile); got != w {
				tb.Fatalf("score of seat %d = %d, want %d", i, got, w)
			}
		}
	}
}

func chips(s, want int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].chips; got != want {
			tb.Fatalf("chips of seat %d = %d, want %d", s, got, want)
		}
	}
}

func epoch(s, want int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].epoch; got != want {
			tb.Fatalf("epoch of seat %d = %d, want %d", s, got, want)
		}
	}
}

func check(f func(tb testing.TB, m *match)) func(testing.TB, *match) { return f }

// seatJSON is seat s's view as JSON.
func seatJSON(tb testing.TB, m *match, s int) string {
	tb.Helper()
	b, err := json.Marshal(m.View(game.SeatViewer(game.Seat(s))))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// said is what m said so far in its scenario.
func said(m *match) []game.Event { return gametest.Said(m) }

// notices counts the private notices of kind seat s was told.
func notices(m *match, s int, kind string) int {
	n := 0
	for _, e := range said(m) {
		if e.Kind == kind && !e.Public() && e.For(game.SeatViewer(game.Seat(s))) {
			n++
		}
	}
	return n
}

// lastEvent is the newest public event.
func lastEvent(m *match) game.Event {
	evs := said(m)
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Public() {
			return evs[i]
		}
	}
	return game.Event{}
}

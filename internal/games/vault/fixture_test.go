package vault

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Seats of the spec's scenarios (§9).
const anna, bram, carla, daan = 0, 1, 2, 3

// fixture builds an n-seat match in SELECT(1) at time 0 with the hands of
// §3.2, then applies changes (tests only; production states come from New
// and the log). Cards placed by the changes are taken from the reserve
// first, so hands stay full unless a change says otherwise.
func fixture(n int, changes ...func(*match)) *match {
	m := newMatch(DefaultOptions(), n)
	hands, reserve := deal(n)
	for i := range m.players {
		m.players[i].hand = hands[i]
	}
	m.reserve, m.tricks = reserve, len(hands[0])
	for _, c := range changes {
		c(m)
	}
	m.trick = min(m.tricks, m.tricks-len(m.players[0].hand)+1)
	if err := m.Invariant(); err != nil {
		panic("fixture: " + err.Error())
	}
	return m
}

// grab removes a card of rank r from the reserve, else the discard, else
// seat s's hand, else any hand, and returns it.
func grab(m *match, s int, r Rank) card {
	take := func(cs *[]card) (card, bool) {
		i := slices.IndexFunc(*cs, func(c card) bool { return c.rank() == r })
		if i < 0 {
			return noCard, false
		}
		c := (*cs)[i]
		*cs = slices.Delete(*cs, i, i+1)
		return c, true
	}
	if c, ok := take(&m.reserve); ok {
		return c
	}
	if c, ok := take(&m.discard); ok {
		return c
	}
	if c, ok := take(&m.players[s].hand); ok {
		return c
	}
	for i := range m.players {
		if c, ok := take(&m.players[i].hand); ok {
			return c
		}
	}
	panic(fmt.Sprintf("fixture: no %s left", r.Code()))
}

// staked puts "(old)" cards in seat s's stake zone, bottom first.
func staked(s int, rs ...Rank) func(*match) {
	return func(m *match) {
		for _, r := range rs {
			m.players[s].stake = append(m.players[s].stake, grab(m, s, r))
		}
	}
}

// holding replaces seat s's hand by cards of the given ranks.
func holding(s int, rs ...Rank) func(*match) {
	return func(m *match) {
		p := &m.players[s]
		m.reserve = append(m.reserve, p.hand...)
		p.hand = nil
		for _, r := range rs {
			p.hand = append(p.hand, grab(m, s, r))
		}
		sortCards(p.hand)
	}
}

// banked fills seat s's safe: x1 cards and x2 pairs.
func banked(s int, x1 []Rank, x2 ...[2]Rank) func(*match) {
	return func(m *match) {
		p := &m.players[s]
		for _, r := range x1 {
			p.x1 = append(p.x1, grab(m, s, r))
		}
		for _, pr := range x2 {
			p.x2 = append(p.x2, [2]card{grab(m, s, pr[0]), grab(m, s, pr[1])})
		}
	}
}

func missedBooms(s, k int) func(*match) { return func(m *match) { m.players[s].missed = k } }

// dealEnd empties every hand into the reserve and ends the deal; put it
// first so later changes can take the cards.
func dealEnd(m *match) {
	for i := range m.players {
		m.reserve = append(m.reserve, m.players[i].hand...)
		m.players[i].hand = nil
	}
	m.phase = PhaseDealEnd
}

// --- steps, built when they run so they can name the cards of the moment ---

// step builds one gametest step from the match as it stands.
type step func(m *match) gametest.Step

// run plays steps on m through gametest.Scenario, one at a time.
func run(tb testing.TB, m *match, steps ...step) {
	tb.Helper()
	for _, s := range steps {
		gametest.Scenario(tb, m, m.n, game.Seed{7}, s(m))
	}
}

type then = func(testing.TB, *match)

func thenAll(fs []then) func(testing.TB, game.State) {
	return func(tb testing.TB, st game.State) {
		tb.Helper()
		m := st.(*match)
		if err := m.Invariant(); err != nil {
			tb.Fatalf("invariant: %v", err)
		}
		for _, f := range fs {
			f(tb, m)
		}
	}
}

// ok is an action that must be accepted.
func ok(name string, a func(*match) game.Action, th ...then) step {
	return func(m *match) gametest.Step {
		return gametest.Step{Name: name, Action: a(m), Then: thenAll(th)}
	}
}

// refused is an action that must be refused citing rule, changing no view.
func refused(name, rule string, a func(*match) game.Action, th ...then) step {
	return func(m *match) gametest.Step {
		return gametest.Step{Name: name, Action: a(m), Rule: rule, Then: thenAll(th)}
	}
}

func act(s int, typ string, d any, at int64) game.Action {
	a := game.Action{Seat: game.Seat(s), Type: typ, At: at}
	if d != nil {
		a.Data = mustJSON(d)
	}
	return a
}

// inHand is the first card of rank r in seat s's hand.
func inHand(m *match, s int, r Rank) card {
	i := slices.IndexFunc(m.players[s].hand, func(c card) bool { return c.rank() == r })
	if i < 0 {
		panic(fmt.Sprintf("seat %d holds no %s", s, r.Code()))
	}
	return m.players[s].hand[i]
}

// commit is seat s committing its first card of rank r.
func commit(s int, r Rank, at int64) func(*match) game.Action {
	return func(m *match) game.Action { return act(s, ActCommit, Commit{Card: int(inHand(m, s, r))}, at) }
}

// rankOf parses a spec card code (TE, MO, AG, D10 … D30).
func rankOf(code string) Rank {
	for r := Terrorist; r <= D30; r++ {
		if r.Code() == code {
			return r
		}
	}
	panic("no card " + code)
}

// plays is every seat committing the given codes ("D25 MO AG …") in seat
// order at time at; the last commit reveals the trick, then th run.
func plays(at int64, cards string, th ...then) []step {
	var out []step
	fs := strings.Fields(cards)
	for s, code := range fs {
		var t []then
		if s == len(fs)-1 {
			t = th
		}
		out = append(out, ok(fmt.Sprintf("seat %d plays %s", s, code), commit(s, rankOf(code), at), t...))
	}
	return out
}

// top is the card on top of seat s's stake zone.
func top(m *match, s int) card { return m.players[s].stake[len(m.players[s].stake)-1] }

// stealTop is seat s's mole naming the top card of victim's zone.
func stealTop(s, victim int, at int64) func(*match) game.Action {
	return func(m *match) game.Action { return act(s, ActSteal, Steal{Card: int(top(m, victim))}, at) }
}

func noSteal(s int, at int64) func(*match) game.Action {
	return func(*match) game.Action { return act(s, ActNoSteal, nil, at) }
}

func boom(s int, at int64) func(*match) game.Action {
	return func(*match) game.Action { return act(s, ActBoom, nil, at) }
}

func secure(s int, choice string, at int64) func(*match) game.Action {
	return func(*match) game.Action { return act(s, ActSecure, Secure{Choice: choice}, at) }
}

// expire is the running timer's System action, fired at its deadline.
func expire(m *match) game.Action {
	ts := m.Next().Timers
	if len(ts) != 1 {
		panic("no timer runs")
	}
	a := ts[0].Fires
	a.At = ts[0].At
	return a
}

// --- assertions ---

func codes(cs []card) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.String())
	}
	return strings.Join(s, " ")
}

func zone(s int, want string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := codes(m.players[s].stake); got != want {
			tb.Fatalf("seat %d's zone [%s], want [%s]", s, got, want)
		}
	}
}

func x1(s int, want string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := codes(m.players[s].x1); got != want {
			tb.Fatalf("seat %d's x1 {%s}, want {%s}", s, got, want)
		}
	}
}

func x2(s int, want string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		var got []string
		for _, p := range m.players[s].x2 {
			got = append(got, fmt.Sprintf("(%s,%s)=%d", p[0], p[1], pairValue(p)))
		}
		if g := strings.Join(got, " "); g != want {
			tb.Fatalf("seat %d's x2 {%s}, want {%s}", s, g, want)
		}
	}
}

func phase(want Phase) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.phase != want {
			tb.Fatalf("phase %s, want %s", m.phase, want)
		}
	}
}

func deciders(want ...int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		var got []int
		for s, p := range m.players {
			if p.decider {
				got = append(got, s)
			}
		}
		if !slices.Equal(got, want) {
			tb.Fatalf("deciders %v, want %v", got, want)
		}
	}
}

func missed(s, want int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.players[s].missed; got != want {
			tb.Fatalf("seat %d missed %d Booms, want %d", s, got, want)
		}
	}
}

// discarded asserts the discard pile's cards, in order.
func discarded(want string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := codes(m.discard); got != want {
			tb.Fatalf("discard {%s}, want {%s}", got, want)
		}
	}
}

// said asserts that a public event has message id and, among its
// arguments, every one given (others are not compared).
func said(id string, args ...game.Arg) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		for _, e := range gametest.Said(m) {
			if e.Public() && e.Msg.ID == id && hasArgs(e.Msg, args) {
				return
			}
		}
		tb.Fatalf("no public event %s with %v", id, args)
	}
}

// hasArgs reports whether m carries every argument of args.
func hasArgs(m game.Msg, args []game.Arg) bool {
	for _, a := range args {
		if got, ok := m.Arg(a.Name); !ok || !reflect.DeepEqual(got, a) {
			return false
		}
	}
	return true
}

// term names a card argument of rank r, as the engine words it.
func term(name string, r Rank) game.Arg {
	t := r.Term()
	return game.TM(name, t)
}

func check(f then) then { return f }

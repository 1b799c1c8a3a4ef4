package inkognito

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Seats of fixture EX (§10) and of the 3p and 5p fixtures.
const (
	you, anne, mario, david = 0, 1, 2, 3
	ann, ben, cal           = 0, 1, 2
)

// Sites, short.
const (
	RI, SM, CD, AC, AR = Rialto, SanMarco, CaDoro, Accademia, Arsenale
)

// deal is one agent's black cards, written "B/11".
func deal(s string) Black {
	id, _ := parseFace(s[:1])
	fr, _ := parseFragment(s[2:])
	return Black{ID: Identity(id), Frag: fr}
}

// fixtureOf builds an n-player game directly (tests only): helper FULL, the
// given black cards by seat id (5p: the Ambassador's entry is ""), start
// slot, Ambassador decks per cycle (top first) and FICT's scripted cards.
type fixtureOf struct {
	n      int
	amb    int // 5p Ambassador seat
	black  []string
	start  int
	decks  [][]Site
	fict   []Site
	change []func(*match)
}

func (f fixtureOf) build() *match {
	m := newMatch(Options{Helper: HelperFull, StartSeat: -1, Ambassador: -1}, f.n)
	if f.n == 5 {
		m.setAmbassador(f.amb)
	}
	m.start0 = f.start
	for a, b := range f.black {
		if b != "" {
			m.black[a] = deal(b)
		}
	}
	decks := slices.Clone(f.decks)
	m.shuffle = func(_ *game.Rand, n int, swap func(i, j int)) {
		if len(decks) == 0 {
			return
		}
		arrange(decks[0], swap)
		decks = decks[1:]
	}
	fict := slices.Clone(f.fict)
	m.pick = func(_ *game.Rand, n int) int {
		s := fict[0]
		fict = fict[1:]
		return slices.Index(sitesOf(m.hands[Fict]), s)
	}
	for _, c := range f.change {
		c(m)
	}
	m.startGame(game.RandFor(game.Seed{}, 0))
	return m
}

// arrange permutes the fresh deck (sites in fixed order) into want by swaps.
func arrange(want []Site, swap func(i, j int)) {
	cur := []Site{RI, SM, CD, AC, AR}
	for i, s := range want {
		j := slices.Index(cur, s)
		swap(i, j)
		cur[i], cur[j] = cur[j], cur[i]
	}
}

// ex is fixture EX: 4p, You B/11, Anne F/52, Mario Z/29, David X/0, start
// You, cycle 1 deck SAN_MARCO, ARSENALE, ACCADEMIA, RIALTO, CA_DORO.
func ex(change ...func(*match)) *match {
	return fixtureOf{n: 4, black: []string{"B/11", "F/52", "Z/29", "X/0"},
		decks:  [][]Site{{SM, AR, AC, RI, CD}, {AR, SM, CD, AC, RI}},
		change: change}.build()
}

// exWith is EX with another start slot and cycle-1 deck.
func exWith(start int, deck []Site, change ...func(*match)) *match {
	return fixtureOf{n: 4, black: []string{"B/11", "F/52", "Z/29", "X/0"}, start: start,
		decks: [][]Site{deck}, change: change}.build()
}

// --- actions ---

func action(s int, typ string, d any) game.Action {
	a := game.Action{Seat: game.Seat(s), Type: typ, At: gametest.Start}
	if d != nil {
		a.Data = mustJSON(d)
	}
	return a
}

func play(s int, site Site) game.Action   { return action(s, ActPlay, SiteData{Site: site.String()}) }
func commit(s int, site Site) game.Action { return action(s, ActCommit, SiteData{Site: site.String()}) }
func pair(s int, a, b string) game.Action {
	return action(s, ActShowPair, PairData{Cards: []string{a, b}})
}
func black(s int, k string) game.Action  { return action(s, ActShowBlack, KindData{Kind: k}) }
func peek(s int, k string) game.Action   { return action(s, ActPeek, KindData{Kind: k}) }
func choose(s int, k string) game.Action { return action(s, ActChooseBlack, KindData{Kind: k}) }
func ask(s, t int) game.Action           { return action(s, ActRequest, RequestData{Target: &t}) }
func pass(s int) game.Action             { return action(s, ActPass, nil) }
func skip(s int) game.Action             { return action(s, ActSkip, nil) }
func cont(s int) game.Action             { return action(s, ActContinue, nil) }

func askKind(s, t int, k string) game.Action {
	return action(s, ActRequest, RequestData{Target: &t, Kind: k})
}

// dial dials "52,11,29,0" (F, B, Z, X).
func dial(s int, number string) game.Action {
	f := strings.Split(number, ",")
	return action(s, ActDial, DialData{F: f[0], B: f[1], Z: f[2], X: f[3]})
}

// --- steps ---

type then = func(testing.TB, *match)

func ok(name string, a game.Action, th ...then) gametest.Step {
	return gametest.Step{Name: name, Action: a, Then: thenAll(th)}
}

func refused(name, why string, a game.Action, th ...then) gametest.Step {
	id := "inkognito.refuse." + why
	return gametest.Step{Name: name, Action: a, Rule: rulings[id], Msg: id, Then: thenAll(th)}
}

// rulings are the refusals the engine gives, each citing the ruling of the
// spec (R…) or its section where no ruling applies (§…), as the message
// players read ends with it.
var rulings = map[string]string{
	"inkognito.refuse.not_your_turn":     "§5.8",
	"inkognito.refuse.card_played":       "§5.2",
	"inkognito.refuse.not_ambassador":    "R21",
	"inkognito.refuse.card_used":         "R21",
	"inkognito.refuse.not_in_meeting":    "§5.4",
	"inkognito.refuse.already_acted":     "R4",
	"inkognito.refuse.wrong_meeting":     "§5.4",
	"inkognito.refuse.no_call_here":      "R11",
	"inkognito.refuse.dial_malformed":    "R10",
	"inkognito.refuse.must_show":         "R4",
	"inkognito.refuse.black_shown":       "R8",
	"inkognito.refuse.black_shown_asked": "R7",
	"inkognito.refuse.peeked":            "R18",
	"inkognito.refuse.pair_invalid":      "R2",
	"inkognito.refuse.pair_not_one_true": "R1",
	"inkognito.refuse.pair_repeated":     "R3",
	"inkognito.refuse.fict_seen_both":    "R19",
	"inkognito.refuse.fict_seen":         "R19",
	"inkognito.refuse.target_other":      "R7",
	"inkognito.refuse.target_exhausted":  "R7",
	"inkognito.refuse.nobody_asked":      "§5.5",
	"inkognito.refuse.timer_stale":       "H17",
}

func thenAll(fs []then) func(testing.TB, game.State) {
	if len(fs) == 0 {
		return nil
	}
	return func(tb testing.TB, st game.State) {
		tb.Helper()
		m, ok := st.(*match)
		if !ok {
			tb.Fatalf("a %T in an inkognito scenario", st)
		}
		for _, f := range fs {
			f(tb, m)
		}
	}
}

type scenario struct {
	name  string
	m     *match
	steps []gametest.Step
}

func runScenarios(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gametest.Scenario(t, c.m, c.m.n, game.Seed{1}, c.steps...)
		})
	}
}

// steps concatenates step lists.
func steps(parts ...[]gametest.Step) []gametest.Step {
	var out []gametest.Step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// --- assertions ---

func phase(p Phase, round int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.phase != p || m.round != round {
			tb.Fatalf("phase %s round %d, want %s round %d", m.phase, m.round, p, round)
		}
	}
}

func turn(s int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if m.phase != PhasePlay || m.current() != s {
			tb.Fatalf("phase %s, turn of %d, want play by %d", m.phase, m.current(), s)
		}
	}
}

// meetings asserts the round's meetings as "exchange RIALTO 0 1" strings.
func meetings(want ...string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		var got []string
		for _, mi := range m.tableView().Meetings {
			s := string(mi.Kind) + " " + mi.Site
			for _, a := range mi.Agents {
				s += " " + itoa(a)
			}
			got = append(got, s)
		}
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			tb.Fatalf("meetings %q, want %q", got, want)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// column asserts seat s's sheet column i: counterpart and marks "X:F X:11 •:B".
func column(s, i, with int, marks string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		cols := m.seatView(s).Sheet.Columns
		if i >= len(cols) {
			tb.Fatalf("seat %d has %d columns, want column %d", s, len(cols), i)
		}
		c := cols[i]
		var got []string
		for _, mk := range c.Marks {
			got = append(got, mk.Mark+":"+mk.Face)
		}
		if c.With != with || strings.Join(got, " ") != marks {
			tb.Fatalf("seat %d column %d: with %d marks %q, want with %d marks %q", s, i, c.With, got, with, marks)
		}
	}
}

func columns(s, want int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := len(m.seatView(s).Sheet.Columns); got != want {
			tb.Fatalf("seat %d has %d columns, want %d", s, got, want)
		}
	}
}

func points(want ...int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		res, over := m.Result()
		if !over || !slices.Equal(res.Points, want) {
			tb.Fatalf("points %v (over %v), want %v", res.Points, over, want)
		}
	}
}

// helper runs f on seat s's helper output.
func helper(s int, f func(tb testing.TB, h *Helper)) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		h := m.seatView(s).Helper
		if h == nil || h.Worlds == 0 {
			tb.Fatalf("seat %d has no helper output: %+v", s, h)
		}
		f(tb, h)
	}
}

func suspectOf(tb testing.TB, h *Helper, seat int) Suspect {
	tb.Helper()
	for _, a := range h.Agents {
		if a.Seat == seat {
			return a
		}
	}
	tb.Fatalf("no suspect %d in %+v", seat, h.Agents)
	return Suspect{}
}

// task asserts seat s's task with f.
func task(s int, f func(tb testing.TB, t *Task)) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		t := m.seatView(s).Task
		if t == nil {
			tb.Fatalf("seat %d has no task", s)
		}
		f(tb, t)
	}
}

// viewLacks asserts that seat s's view JSON (or the table's, s = -1) lacks each text.
func viewLacks(s int, texts ...string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		v := game.TableViewer()
		if s >= 0 {
			v = game.SeatViewer(game.Seat(s))
		}
		j := string(gametest.ViewJSON(tb, m, v))
		for _, x := range texts {
			if strings.Contains(j, x) {
				tb.Fatalf("view %d contains %q: %s", s, x, j)
			}
		}
	}
}

// viewHas asserts that seat s's view JSON (or the table's, s = -1) contains each text.
func viewHas(s int, texts ...string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		v := game.TableViewer()
		if s >= 0 {
			v = game.SeatViewer(game.Seat(s))
		}
		j := string(gametest.ViewJSON(tb, m, v))
		for _, x := range texts {
			if !strings.Contains(j, x) {
				tb.Fatalf("view %d lacks %q: %s", s, x, j)
			}
		}
	}
}

// recentLines is how many public events and how many notices a seat's
// lines hold: as many as a view once carried.
const recentLines = 16

// lines are the events seat s reads (s = -1: the table): its newest
// notices and the newest public events.
func lines(m *match, s int) []game.Event {
	said := gametest.Said(m)
	var notices, public []game.Event
	for _, e := range said {
		switch {
		case e.Public():
			public = append(public, e)
		case s >= 0 && e.For(game.SeatViewer(game.Seat(s))):
			notices = append(notices, e)
		}
	}
	return append(notices[max(0, len(notices)-recentLines):], public[max(0, len(public)-recentLines):]...)
}

// saysTo reports whether one of seat s's lines is message id with at least
// the given arguments.
func saysTo(m *match, s int, id string, args ...game.Arg) bool {
	want := game.M(id, args...)
	return slices.ContainsFunc(lines(m, s), func(l game.Event) bool {
		if l.Msg.ID != id {
			return false
		}
		for _, a := range want.Args {
			if got, _ := l.Msg.Arg(a.Name); !reflect.DeepEqual(got, a) {
				return false
			}
		}
		return true
	})
}

// said asserts that seat s (or the table, s = -1) reads message id with at
// least the given arguments.
func said(s int, id string, args ...game.Arg) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if !saysTo(m, s, id, args...) {
			tb.Fatalf("view %d lacks %+v in %+v", s, game.M(id, args...), lines(m, s))
		}
	}
}

// unsaid asserts that seat s (or the table, s = -1) reads no message id
// with the given arguments.
func unsaid(s int, id string, args ...game.Arg) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if saysTo(m, s, id, args...) {
			tb.Fatalf("view %d reads %+v in %+v", s, game.M(id, args...), lines(m, s))
		}
	}
}

// at is a site argument named "site".
func at(s Site) game.Arg { return siteArg("site", s) }

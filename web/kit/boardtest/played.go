package boardtest

import (
	"os"
	"sync"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/web/kit"
	"topsecret/web/words"
)

// Played is a real match its game's bot plays one action at a time,
// firing the earliest timer when no seat acts: fixtures and board tests
// take their views from it.
type Played struct {
	TB    testing.TB
	Board kit.Game
	Seats int
	State game.State
	// At is the match's clock: each action moves it 400 ms on.
	At int64
	r  *game.Rand
	// Pick chooses the bots' actions; a test may swap it for its own.
	Pick gametest.Chooser
	// Log is what the match said (game.Opening, then each Apply), kept as
	// the room keeps it: the boards read their lines from it.
	Log []game.Event
}

// NewPlayed starts an n-seat match of rules, drawn by board, on the seed
// byte seed with the game's default options.
func NewPlayed(tb testing.TB, rules game.Rules, board kit.Game, n int, seed byte) *Played {
	tb.Helper()
	var s game.Seed
	s[0], s[1] = seed, byte(n)
	st, err := rules.New(game.Setup{Game: board.Slug, Seats: n, Seed: s, Started: gametest.Start})
	if err != nil {
		tb.Fatal(err)
	}
	bot, ok := game.BotFor(rules)
	if !ok {
		tb.Fatalf("%s has no bot to play it", board.Slug)
	}
	return &Played{TB: tb, Board: board, Seats: n, State: st, At: gametest.Start, r: game.RandFor(s, 1),
		Pick: gametest.BotMoves(bot), Log: game.Opening(st)}
}

// Step plays the bots' next action, or the earliest timer; false once over.
func (m *Played) Step() bool {
	m.TB.Helper()
	if _, over := m.State.Result(); over {
		return false
	}
	a, ok := m.Pick(m.State, m.Seats, m.At, m.r)
	if !ok {
		tm := m.State.Next().Timers
		if len(tm) == 0 {
			m.TB.Fatal("nothing to do and no timer armed")
		}
		m.At = max(m.At, tm[0].At)
		a = tm[0].Fires
		a.At = m.At
	}
	m.Apply(a)
	return true
}

// Apply plays an action, which must pass Check.
func (m *Played) Apply(a game.Action) {
	m.TB.Helper()
	a.At = max(a.At, m.At)
	if err := m.State.Check(a); err != nil {
		m.TB.Fatalf("%s by seat %d refused: %v", a.Type, a.Seat, err)
	}
	m.Log = append(m.Log, m.State.Apply(a, m.r)...)
	m.At += 400
}

// Until plays until cond holds (true) or the match ends (false).
func (m *Played) Until(cond func() bool) bool {
	for range 20000 {
		if cond() {
			return true
		}
		if !m.Step() {
			return cond()
		}
	}
	return false
}

// Context is viewer v's board context now, worded.
func (m *Played) Context(v game.Viewer) kit.Context {
	c := kit.Context{View: m.State.View(v), You: v.Seat, Table: v.Kind != game.Player, Now: m.At}
	if v.Kind == game.Player {
		c.Legal = m.State.Legal(v.Seat)
	}
	c = Worded(m.TB, m.Board, c, m.Seats)
	c.Lines = Lines(m.Log, v, c.Words)
	return c
}

// Phone is seat s's board context now.
func (m *Played) Phone(s int) kit.Context { return m.Context(game.SeatViewer(game.Seat(s))) }

var catalogues sync.Map // slug → *words.Catalog

// Worded gives c the words of g's catalogue in Lang and the harness's
// names for n seats.
func Worded(tb testing.TB, g kit.Game, c kit.Context, n int) kit.Context {
	tb.Helper()
	cat, ok := catalogues.Load(g.Slug)
	if !ok {
		cat, _ = catalogues.LoadOrStore(g.Slug, Words(tb, g))
	}
	c.Names = Names[:n]
	c.Words = cat.(*words.Catalog).Reader(Lang(), c.Names)
	return c
}

// Lang is the language fixtures are worded in: $BOARD_LANG, or English.
func Lang() string {
	if l := os.Getenv("BOARD_LANG"); l != "" {
		return l
	}
	return "en"
}

package couriersboard_test

import (
	"os"
	"sync"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards"
	"topsecret/web/boards/boardtest"
	couriersboard "topsecret/web/games/couriers"
	"topsecret/web/words"
)

var (
	catOnce sync.Once
	cat     *words.Catalog
)

// worded gives a context the catalogue's words (English unless $BOARD_LANG) and the harness's names.
func worded(tb testing.TB, c boards.Context, n int) boards.Context {
	tb.Helper()
	catOnce.Do(func() { cat = boardtest.Words(tb, couriersboard.Game) })
	c.Names = boardtest.Names[:n]
	c.Words = cat.Reader(previewLang(), c.Names)
	return c
}

// match is a real match played by the bots, one action at a time.
type match struct {
	tb  testing.TB
	n   int
	st  game.State
	at  int64
	r   *game.Rand
	bot gametest.Chooser
	log []game.Event // what the match said, as the room keeps it
}

func newMatch(tb testing.TB, n int, seed byte) *match {
	tb.Helper()
	var s game.Seed
	s[0], s[1] = seed, byte(n)
	st, err := couriers.Rules{}.New(game.Setup{Game: "couriers", Seats: n, Seed: s, Started: gametest.Start})
	if err != nil {
		tb.Fatal(err)
	}
	return &match{tb: tb, n: n, st: st, at: gametest.Start, r: game.RandFor(s, 1), bot: gametest.BotMoves(couriers.Bot{}),
		log: game.Opening(st)}
}

// table is the public view now.
func (m *match) table() *couriers.TableView {
	return m.st.View(game.TableViewer()).(*couriers.TableView)
}

// step plays the bots' next action, or the earliest timer; false once over.
func (m *match) step() bool {
	m.tb.Helper()
	if _, over := m.st.Result(); over {
		return false
	}
	a, ok := m.bot(m.st, m.n, m.at, m.r)
	if !ok {
		tm := m.st.Next().Timers
		if len(tm) == 0 {
			m.tb.Fatal("nothing to do and no timer armed")
		}
		m.at = max(m.at, tm[0].At)
		a = tm[0].Fires
		a.At = m.at
	}
	m.apply(a)
	return true
}

// apply plays a checked action.
func (m *match) apply(a game.Action) {
	m.tb.Helper()
	a.At = max(a.At, m.at)
	if err := m.st.Check(a); err != nil {
		m.tb.Fatalf("%s by seat %d refused: %v", a.Type, a.Seat, err)
	}
	m.log = append(m.log, m.st.Apply(a, m.r)...)
	m.at += 400
}

// until plays until cond holds (true) or the match ends (false).
func (m *match) until(cond func(*couriers.TableView) bool) bool {
	for range 20000 {
		if cond(m.table()) {
			return true
		}
		if !m.step() {
			return cond(m.table())
		}
	}
	return false
}

// ctx is the board context of viewer v now.
func (m *match) ctx(v game.Viewer) boards.Context {
	c := boards.Context{View: m.st.View(v), You: v.Seat, Table: v.Kind != game.Player, Now: m.at}
	if v.Kind == game.Player {
		c.Legal = m.st.Legal(v.Seat)
	}
	c = worded(m.tb, c, m.n)
	c.Lines = boardtest.Lines(m.log, v, c.Words)
	return c
}

// phone is seat s's phone now.
func (m *match) phone(s int) boards.Context { return m.ctx(game.SeatViewer(game.Seat(s))) }

// anyMatch plays bot matches of n players until cond holds in one of them.
func anyMatch(tb testing.TB, n int, cond func(*couriers.TableView) bool) *match {
	tb.Helper()
	for seed := byte(1); seed < 60; seed++ {
		m := newMatch(tb, n, seed)
		if m.until(cond) {
			return m
		}
	}
	tb.Fatal("no bot match reached the position")
	return nil
}

func itoa(n int) string { return boards.Itoa(n) }

// previewLang is the language the fixtures are worded in: $BOARD_LANG, so
// preview pages can be looked at in any language the board speaks, else
// English.
func previewLang() string {
	if l := os.Getenv("BOARD_LANG"); l != "" {
		return l
	}
	return "en"
}

package embassyboard_test

import (
	"os"
	"sync"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards"
	"topsecret/web/boards/boardtest"
	embassyboard "topsecret/web/games/embassy"
	"topsecret/web/words"
)

var (
	catOnce sync.Once
	cat     *words.Catalog
)

// worded gives a context the catalogue's words (English unless $BOARD_LANG) and the harness's names.
func worded(tb testing.TB, c boards.Context, n int) boards.Context {
	tb.Helper()
	catOnce.Do(func() { cat = boardtest.Words(tb, embassyboard.Game) })
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
}

func newMatch(tb testing.TB, n int, seed byte) *match {
	tb.Helper()
	var s game.Seed
	s[0], s[1] = seed, byte(n)
	st, err := embassy.Rules{}.New(game.Setup{Game: "embassy", Seats: n, Seed: s, Started: gametest.Start})
	if err != nil {
		tb.Fatal(err)
	}
	return &match{tb: tb, n: n, st: st, at: gametest.Start, r: game.RandFor(s, 1), bot: gametest.BotMoves(embassy.Bot{})}
}

// table is the public view now.
func (m *match) table() *embassy.TableView { return m.st.View(game.TableViewer()).(*embassy.TableView) }

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
	if err := m.st.Check(a); err != nil {
		m.tb.Fatalf("bot %s refused: %v", a.Type, err)
	}
	m.st.Apply(a, m.r)
	m.at += 400
	return true
}

// until plays until cond holds (true) or the match ends (false).
func (m *match) until(cond func(*embassy.TableView) bool) bool {
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
	return worded(m.tb, c, m.n)
}

// phone is seat s's phone now.
func (m *match) phone(s int) boards.Context { return m.ctx(game.SeatViewer(game.Seat(s))) }

// awaited is the seat the match waits for.
func (m *match) awaited() int { return m.table().Awaiting }

// fixtures are boards of real matches worth looking at: the first of each
// phase for the awaited phone and the table, a reveal, the end and the
// replay, for 2, 3 and 4 players; and a reveal's card on the "?" slot, then
// moved on (a right guess's swapped in, a wrong guess's swapped out).
func fixtures(t *testing.T) []boardtest.Fixture {
	var out []boardtest.Fixture
	add := func(name string, c boards.Context) { out = append(out, boardtest.Fixture{Name: name, Ctx: c}) }
	for _, n := range []int{4, 3, 2} {
		seen := map[embassy.Phase]bool{}
		reveal := false
		for seed := byte(1); seed < 40 && (len(seen) < 12 || !reveal); seed++ {
			m := newMatch(t, n, seed)
			for {
				tv := m.table()
				name := itoa(n) + "p-" + string(tv.Phase)
				if !seen[tv.Phase] && (tv.Phase != embassy.PhaseRoll || tv.Turn > 8) {
					seen[tv.Phase] = true
					if tv.Phase == embassy.PhaseOver {
						add("phone-"+name, m.phone(tv.Over.Winner))
						add("replay-"+name, m.ctx(game.OmniscientViewer()))
					} else {
						add("phone-"+name, m.phone(tv.Awaiting))
						add("watch-"+name, m.phone((tv.Awaiting+1)%n))
					}
					add("table-"+name, m.ctx(game.TableViewer()))
				}
				if tv.Reveal != nil && !reveal {
					reveal = true
					add("phone-"+itoa(n)+"p-reveal", m.phone(tv.Reveal.By))
					add("table-"+itoa(n)+"p-reveal", m.ctx(game.TableViewer()))
				}
				if !m.step() {
					break
				}
			}
		}
	}
	for name, moment := range map[string]string{
		"reveal-right":   "right, on ?",
		"reveal-swapped": "right, another card on ?",
		"reveal-was":     "wrong, swapped away",
	} {
		m := atMoment(t, moment)
		add("phone-"+name, m.phone(m.awaited()))
		add("watch-"+name, m.phone((m.awaited()+1)%m.n))
		add("table-"+name, m.ctx(game.TableViewer()))
	}
	for name, cond := range map[string]func(*embassy.TableView) bool{
		"immobile": func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseImmobile },
		"swap":     func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseBlocked && len(tv.Blockers) > 0 },
		"nocards":  func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseMove && len(tv.Approaches) > 0 },
	} {
		m := anyOf(t, cond)
		add("phone-"+name, m.phone(m.awaited()))
		add("table-"+name, m.ctx(game.TableViewer()))
	}
	return out
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

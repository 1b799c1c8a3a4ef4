package embassyboard_test

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// worded gives a context the catalogue's words (English unless $BOARD_LANG) and the harness's names.
func worded(tb testing.TB, c kit.Context, n int) kit.Context {
	tb.Helper()
	return boardtest.Worded(tb, embassyboard.Game, c, n)
}

// match is a real match played by the bots, one action at a time.
type match struct{ *boardtest.Played }

func newMatch(tb testing.TB, n int, seed byte) *match {
	tb.Helper()
	return &match{boardtest.NewPlayed(tb, embassy.Rules{}, embassyboard.Game, n, seed)}
}

// table is the public view now.
func (m *match) table() *embassy.TableView {
	return m.State.View(game.TableViewer()).(*embassy.TableView)
}

// until plays until cond holds (true) or the match ends (false).
func (m *match) until(cond func(*embassy.TableView) bool) bool {
	return m.Until(func() bool { return cond(m.table()) })
}

// phone is seat s's phone now.
func (m *match) phone(s int) kit.Context { return m.Phone(s) }

// awaited is the seat the match waits for.
func (m *match) awaited() int { return m.table().Awaiting }

// fixtures are boards of real matches worth looking at: the first of each
// phase for the awaited phone and the table, a reveal, the end and the
// replay, for 2, 3 and 4 players; and a reveal's card on the "?" slot, then
// moved on (a right guess's swapped in, a wrong guess's swapped out).
func fixtures(t *testing.T) []boardtest.Fixture {
	var out []boardtest.Fixture
	add := func(name string, c kit.Context) { out = append(out, boardtest.Fixture{Name: name, Ctx: c}) }
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
						add("replay-"+name, m.Context(game.OmniscientViewer()))
					} else {
						add("phone-"+name, m.phone(tv.Awaiting))
						add("watch-"+name, m.phone((tv.Awaiting+1)%n))
					}
					add("table-"+name, m.Context(game.TableViewer()))
				}
				if tv.Reveal != nil && !reveal {
					reveal = true
					add("phone-"+itoa(n)+"p-reveal", m.phone(tv.Reveal.By))
					add("table-"+itoa(n)+"p-reveal", m.Context(game.TableViewer()))
				}
				if !m.Step() {
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
		add("watch-"+name, m.phone((m.awaited()+1)%m.Seats))
		add("table-"+name, m.Context(game.TableViewer()))
	}
	for name, cond := range map[string]func(*embassy.TableView) bool{
		"immobile": func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseImmobile },
		"swap":     func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseBlocked && len(tv.Blockers) > 0 },
		"nocards":  func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseMove && len(tv.Approaches) > 0 },
	} {
		m := anyOf(t, cond)
		add("phone-"+name, m.phone(m.awaited()))
		add("table-"+name, m.Context(game.TableViewer()))
	}
	return out
}

func itoa(n int) string { return kit.Itoa(n) }

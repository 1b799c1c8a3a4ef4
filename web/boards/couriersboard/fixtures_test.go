package couriersboard_test

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// worded gives a context the catalogue's words (English unless $BOARD_LANG) and the harness's names.
func worded(tb testing.TB, c kit.Context, n int) kit.Context {
	tb.Helper()
	return boardtest.Worded(tb, couriersboard.Game, c, n)
}

// match is a real match played by the bots, one action at a time.
type match struct{ *boardtest.Played }

func newMatch(tb testing.TB, n int, seed byte) *match {
	tb.Helper()
	return &match{boardtest.NewPlayed(tb, couriers.Rules{}, couriersboard.Game, n, seed)}
}

// table is the public view now.
func (m *match) table() *couriers.TableView {
	return m.State.View(game.TableViewer()).(*couriers.TableView)
}

// until plays until cond holds (true) or the match ends (false).
func (m *match) until(cond func(*couriers.TableView) bool) bool {
	return m.Until(func() bool { return cond(m.table()) })
}

// phone is seat s's phone now.
func (m *match) phone(s int) kit.Context { return m.Phone(s) }

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

func itoa(n int) string { return kit.Itoa(n) }

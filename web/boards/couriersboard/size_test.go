package couriersboard_test

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit/boardtest"
)

// maxFrame is the most any board may weigh right after a move: twice the
// 6 KB aim, and three quarters of a KB for the colour signs every agent
// and suitcase wears (colour is never the only clue whose piece it is) and
// the colour's name and sign beside each player, the legend for the log's
// "yellow agent 1". The map is a
// cached drawing, so a frame carries only what moves, and the moving phone
// its picker on top (one tap target per lit city, a route tree per agent).
const maxFrame = 12<<10 + 768

// TestFrameSize measures every viewer's board right after every move of
// whole 4-player bot matches (the moving phone, the watching phones, the
// table) and fails if one grows past maxFrame. It logs the largest and the
// mean per viewer, and one mid-game frame per viewer (suitcases scattered,
// steps left, so the mover's phone carries its move picker): the figures
// of docs/benchmarks.md.
func TestFrameSize(t *testing.T) {
	t.Parallel()
	type tally struct{ n, sum, most int }
	seen := map[string]*tally{"moving phone": {}, "watching phone": {}, "table": {}}
	add := func(who string, html string) {
		s := seen[who]
		s.n, s.sum, s.most = s.n+1, s.sum+len(html), max(s.most, len(html))
		if len(html) > maxFrame {
			t.Errorf("%s: a board of %d bytes after a move, want at most %d", who, len(html), maxFrame)
		}
	}
	for seed := byte(1); seed <= 4; seed++ {
		m := newMatch(t, 4, seed)
		for m.Step() {
			tv := m.table()
			if tv.Phase != couriers.PhaseMove || !m.lastIs("couriers.event.move") {
				continue
			}
			for s := range 4 {
				who := "watching phone"
				if s == tv.Active {
					who = "moving phone"
				}
				_, html := boardtest.Render(t, couriersboard.Game, m.phone(s))
				add(who, html)
			}
			_, html := boardtest.Render(t, couriersboard.Game, m.Context(game.TableViewer()))
			add("table", html)
		}
	}
	for who, s := range seen {
		if s.n == 0 {
			t.Fatalf("no %s frame measured", who)
		}
		t.Logf("%s, %d frames after a move: mean %d bytes, largest %d", who, s.n, s.sum/s.n, s.most)
	}
	var m *match
	for seed := byte(1); m == nil && seed < 60; seed++ {
		for c := newMatch(t, 4, seed); c.Step(); {
			if tv := c.table(); tv.Turn > 12 && tv.Phase == couriers.PhaseMove && tv.Pool >= 2 && c.lastIs("couriers.event.move") {
				m = c
				break
			}
		}
	}
	if m == nil {
		t.Fatal("no bot match reached a move past turn 12")
	}
	for s := range 4 {
		c := m.phone(s)
		_, html := boardtest.Render(t, couriersboard.Game, c)
		js, _ := json.Marshal(c.View)
		t.Logf("mid-game, seat %d (moving %v): board HTML %d bytes, view JSON %d bytes", s, s == m.table().Active, len(html), len(js))
	}
	c := m.Context(game.TableViewer())
	_, html := boardtest.Render(t, couriersboard.Game, c)
	js, _ := json.Marshal(c.View)
	t.Logf("mid-game, table: board HTML %d bytes, view JSON %d bytes", len(html), len(js))
}

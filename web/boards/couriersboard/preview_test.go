package couriersboard_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestPreview writes boards of real bot-played matches, one per phase and
// player count, as stand-alone pages into $BOARD_PREVIEW (skipped when
// unset). The pages load the drawn map from this folder.
func TestPreview(t *testing.T) {
	dir := os.Getenv("BOARD_PREVIEW")
	if dir == "" {
		t.Skip("set BOARD_PREVIEW=/some/dir to write preview pages")
	}
	boardtest.Preview(t, couriersboard.Game, "../../../static", fixtures(t))
	svg, err := filepath.Abs("board.en.svg")
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "couriers-*.html"))
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fixed := strings.ReplaceAll(string(b), `href="/static/games/couriers/board.en.svg`, `href="file://`+svg)
		if err := os.WriteFile(p, []byte(fixed), 0o644); err != nil {
			t.Fatal(err)
		}
		// The same move, zoomed in, to look at the tap targets up close.
		if strings.HasSuffix(p, "-phone-4p-move.html") {
			zoomed := strings.Replace(fixed, `id="cz-zoom"`, `id="cz-zoom" checked`, 1)
			if err := os.WriteFile(strings.TrimSuffix(p, ".html")+"-zoom.html", []byte(zoomed), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// fixtures are boards of real matches worth looking at: the first of each
// phase for the awaited phone, a watching phone and the table, the first
// delivery, the end and the replay, for 4, 3 and 2 players.
func fixtures(t *testing.T) []boardtest.Fixture {
	var out []boardtest.Fixture
	add := func(name string, c kit.Context) { out = append(out, boardtest.Fixture{Name: name, Ctx: c}) }
	for _, n := range []int{4, 3, 2} {
		seen := map[couriers.Phase]bool{}
		delivered := false
		for seed := byte(1); seed < 40 && (len(seen) < 8 || !delivered); seed++ {
			m := newMatch(t, n, seed)
			for {
				tv := m.table()
				name := itoa(n) + "p-" + string(tv.Phase)
				if !seen[tv.Phase] && (tv.Phase != couriers.PhaseMove || tv.Turn > 6) {
					seen[tv.Phase] = true
					if tv.Phase == couriers.PhaseOver {
						add("phone-"+name, m.phone(tv.Over.Winners[0]))
						add("replay-"+name, m.Context(game.OmniscientViewer()))
					} else {
						w := int(m.State.Next().Seats[0])
						add("phone-"+name, m.phone(w))
						add("watch-"+name, m.phone((w+1)%n))
					}
					add("table-"+name, m.Context(game.TableViewer()))
				}
				if !delivered && tv.Phase == couriers.PhaseMove && m.lastIs("couriers.event.courier_home") {
					delivered = true
					add("phone-"+itoa(n)+"p-delivery", m.phone(tv.Active))
					add("table-"+itoa(n)+"p-delivery", m.Context(game.TableViewer()))
				}
				if !m.Step() {
					break
				}
			}
		}
	}
	return out
}

// lastIs reports whether the latest public event has message id.
func (m *match) lastIs(id string) bool {
	for i := len(m.Log) - 1; i >= 0; i-- {
		if m.Log[i].Public() {
			return m.Log[i].Msg.ID == id
		}
	}
	return false
}

package couriersboard_test

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit/boardtest"
)

// TestTable follows a 4-player bot match on the table screen: the map,
// the players and, in a fight, the face-off with both cards face down;
// never a button, never an undelivered suitcase's clue.
func TestTable(t *testing.T) {
	t.Parallel()
	m := newMatch(t, 4, 2)
	seen := map[couriers.Phase]bool{}
	for {
		tv := m.table()
		doc, _ := boardtest.Render(t, couriersboard.Game, m.Context(game.TableViewer()))
		boardtest.One(t, doc, "couriers-table")
		boardtest.One(t, doc, "couriers-map")
		if got := boardtest.One(t, doc, "couriers-players").Find("li").Length(); got != 4 {
			t.Fatalf("%d players listed, want 4", got)
		}
		if doc.Find("[data-act], form, input").Length() != 0 {
			t.Fatalf("%s: the table screen offers a control", tv.Phase)
		}
		if tv.Phase != couriers.PhaseOver {
			if n := boardtest.One(t, doc, "couriers-map").Find(".cz-q, .cz-qb").Length(); n != 0 {
				t.Fatalf("%s: %d clues on the table's map", tv.Phase, n)
			}
		}
		if tv.Phase == couriers.PhaseCards {
			f := boardtest.One(t, doc, "couriers-fight")
			if n := f.Find(".cz-cc:not(.cz-back):not(.cz-wait)").Length(); n != 0 {
				t.Fatalf("the table shows %d chosen cards face up", n)
			}
		}
		if tv.Phase == couriers.PhaseHide && len(tv.Suitcases) != 0 {
			t.Fatal("the table view lists suitcases while hiding")
		}
		seen[tv.Phase] = true
		if !m.Step() {
			break
		}
	}
	for _, p := range []couriers.Phase{couriers.PhaseHide, couriers.PhaseRoll, couriers.PhaseMove, couriers.PhaseCards, couriers.PhaseOver} {
		if !seen[p] {
			t.Errorf("the match never showed %s", p)
		}
	}
}

// TestReplay shows every clue: on the suitcases, and in the secret files.
func TestReplay(t *testing.T) {
	t.Parallel()
	m := anyMatch(t, 3, func(tv *couriers.TableView) bool { return tv.Phase == couriers.PhaseMove && tv.Turn > 4 })
	c := m.Context(game.OmniscientViewer())
	doc, _ := boardtest.Render(t, couriersboard.Game, c)
	boardtest.One(t, doc, "couriers-replay")
	lying := 0
	for _, s := range m.table().Suitcases {
		if s.At != "" || s.Carrier != "" {
			lying++
		}
	}
	if n := boardtest.One(t, doc, "couriers-map").Find(".cz-q, .cz-qb").Length(); n != lying {
		t.Fatalf("%d suitcases in play show a clue, want all %d", n, lying)
	}
	rows := couriersboard.Game.Secrets(c)
	if len(rows) != 3 {
		t.Fatalf("%d secret rows, want each player's clue cards: %v", len(rows), rows)
	}
}

package couriersboard_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit/boardtest"
)

// TestMove_RouteBeforeGo plays bot matches and, at every move decision,
// reads from the moving phone's frame the route of every agent and lit
// city it offers (the agent radio's route tree, as the board's script
// reads it) and checks it is the path the engine then walks: the route a
// player sees before Go is the route the move takes.
func TestMove_RouteBeforeGo(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, n := range []int{2, 4} {
		m := newMatch(t, n, 7)
		for m.Step() && checked < 4000 {
			tv := m.table()
			if tv.Phase != couriers.PhaseMove {
				continue
			}
			doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(tv.Active))
			checked += checkRoutes(t, m, doc, tv.Active)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d routes checked", checked)
	}
	t.Logf("%d routes checked", checked)
}

// checkRoutes compares every offered route of seat s's frame with the
// engine's walk, on a clone of the match.
func checkRoutes(t *testing.T, m *match, doc *goquery.Document, s int) int {
	t.Helper()
	k := 0
	doc.Find(`form[data-act="move"] input[name="agent"]`).Each(func(_ int, a *goquery.Selection) {
		agent, tree := a.AttrOr("value", ""), a.AttrOr("data-tree", "")
		if tree == "" {
			t.Fatalf("%s has no route tree", agent)
		}
		doc.Find(".cz-t.r" + agent[len(agent)-1:] + ` input[name="to"]`).Each(func(_ int, to *goquery.Selection) {
			dest := to.AttrOr("value", "")
			got := couriers.RouteTo(tree, dest)
			st := m.State.(game.Cloner).Clone()
			data, _ := json.Marshal(couriers.Move{Agent: agent, To: dest})
			act := game.Action{Seat: game.Seat(s), Type: couriers.ActMove, Data: data, At: m.At}
			if err := st.Check(act); err != nil {
				t.Fatalf("%s to %s offered but refused: %v", agent, dest, err)
			}
			st.Apply(act, game.RandFor(game.Seed{}, 1))
			lm := st.View(game.TableViewer()).(*couriers.TableView).LastMove
			if want := lm.Path[1:]; !slices.Equal(got, want) {
				t.Fatalf("%s to %s: the frame proposes %v, the engine walks %v", agent, dest, got, want)
			}
			k++
		})
	})
	return k
}

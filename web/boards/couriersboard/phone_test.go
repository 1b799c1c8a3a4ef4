package couriersboard_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"topsecret/internal/game"
	"topsecret/internal/games/couriers"

	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

func TestPhone_Hide(t *testing.T) {
	t.Parallel()
	m := newMatch(t, 3, 1)
	doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(0))
	f := boardtest.One(t, doc, "couriers-hide")
	if got := f.Find(`input[name="clues"]`).Length(); got != 24 {
		t.Fatalf("%d clue assignments, want 24", got)
	}
	if got := f.Find(`input[name="clues"][checked]`).Length(); got != 1 {
		t.Fatalf("%d clue assignments checked, want 1", got)
	}
	// Each suitcase is a button that waits for its city, and a field the
	// board's script fills; the map holds a tap target per city.
	for _, l := range []string{"A", "B", "C", "D"} {
		boardtest.One(t, doc, "couriers-tile-"+l)
		boardtest.One(t, doc, "couriers-place-"+l)
		if f.Find(`input[data-place][name="`+l+`"]`).Length() != 1 {
			t.Fatalf("no field for suitcase %s's city", l)
		}
	}
	cities := f.Find(`[data-testid="couriers-map"] button.cz-c`)
	if cities.Length() != 45 {
		t.Fatalf("%d cities to tap on the map, want 45", cities.Length())
	}
	cities.Each(func(_ int, c *goquery.Selection) {
		if c.Find("b").Text() == "" || !strings.Contains(c.AttrOr("class", ""), "cz-n") {
			t.Fatalf("city %s has no name or no place on the map", c.AttrOr("value", ""))
		}
	})
	if !boardtest.Disabled(boardtest.One(t, doc, "couriers-hide-go")) {
		t.Fatal("the hide button works before four cities are chosen")
	}
	boardtest.None(t, doc, "couriers-clues")

	// Once hidden, the phone lists where each suitcase starts and waits.
	m.Apply(game.Action{Seat: 0, Type: couriers.ActHide, Data: json.RawMessage(
		`{"clues":{"A":"BOMB","B":"5","C":"3","D":"1"},"A":"lagos","B":"paris","C":"cairo","D":"lima"}`)})
	doc, _ = boardtest.Render(t, couriersboard.Game, m.phone(0))
	boardtest.None(t, doc, "couriers-hide")
	if got := boardtest.One(t, doc, "couriers-clues").Find("li").Length(); got != 4 {
		t.Fatalf("%d suitcases listed, want 4", got)
	}
	if got := boardtest.One(t, doc, "couriers-map").Find(".cz-ghost").Length(); got != 4 {
		t.Fatalf("%d suitcases on the map while hiding, want 4", got)
	}
	// Another phone sees none of them; mine says who is still hiding.
	doc, _ = boardtest.Render(t, couriersboard.Game, m.phone(1))
	if n := boardtest.One(t, doc, "couriers-map").Find(`svg > use[href^="#zk"], svg > g > use[href^="#zk"]`).Length(); n != 0 {
		t.Fatalf("%d suitcases on another phone while hiding", n)
	}
	doc, _ = boardtest.Render(t, couriersboard.Game, m.phone(0))
	if got := boardtest.One(t, doc, "couriers-say").Text(); !contains(got, "Tom") || !contains(got, "Ann") {
		t.Fatalf("say %q, want the players still hiding", got)
	}
}

func TestPhone_Roll(t *testing.T) {
	t.Parallel()
	m := anyMatch(t, 4, func(tv *couriers.TableView) bool { return tv.Phase == couriers.PhaseRoll })
	a := m.table().Active
	doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(a))
	if b := boardtest.One(t, doc, "couriers-roll"); boardtest.Disabled(b) {
		t.Fatal("the active phone's roll is disabled")
	}
	doc, _ = boardtest.Render(t, couriersboard.Game, m.phone((a+1)%4))
	boardtest.None(t, doc, "couriers-roll")
}

// TestPhone_Move checks the move picker against the engine: every agent
// and destination it offers is a legal move by destination, and each
// offered agent's destinations are all there.
func TestPhone_Move(t *testing.T) {
	t.Parallel()
	m := anyMatch(t, 4, func(tv *couriers.TableView) bool {
		return tv.Phase == couriers.PhaseMove && tv.Turn > 8 && tv.Pool >= 2
	})
	a := m.table().Active
	c := m.phone(a)
	doc, _ := boardtest.Render(t, couriersboard.Game, c)
	boardtest.One(t, doc, "couriers-move")
	boardtest.One(t, doc, "couriers-end-turn")
	legal := map[string][]string{}
	for _, mv := range c.Legal {
		if mv.Type == couriers.ActMove {
			var d couriers.Move
			json.Unmarshal(mv.Data, &d)
			for _, to := range mv.Fields["to"] {
				legal[d.Agent] = append(legal[d.Agent], to.(string))
			}
		}
	}
	offered := map[string][]string{}
	for _, act := range controls(doc, game.Seat(a), m.At) {
		if act.Type == couriers.ActMove {
			var d couriers.Move
			json.Unmarshal(act.Data, &d)
			offered[d.Agent] = append(offered[d.Agent], d.To)
		}
	}
	if len(offered) == 0 {
		t.Fatal("no move offered")
	}
	for agent, tos := range offered {
		want := slices.Clone(legal[agent])
		slices.Sort(want)
		slices.Sort(tos)
		if !slices.Equal(tos, want) {
			t.Fatalf("%s: offered %v, legal %v", agent, tos, want)
		}
	}
	if got := doc.Find(`.cz-mv input[checked]`).Length(); got != 1 {
		t.Fatalf("%d agents pre-selected, want 1", got)
	}
}

func TestPhone_Fight(t *testing.T) {
	t.Parallel()
	m := anyMatch(t, 4, func(tv *couriers.TableView) bool { return tv.Phase == couriers.PhaseCards })
	f := m.table().Fight
	att, def := ownerOf(m, f.Aggressor), ownerOf(m, f.Defenders[0])
	for _, s := range []int{att, def} {
		doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(s))
		boardtest.One(t, doc, "couriers-fight")
		hand := m.table().Players[s].Hand
		if got := doc.Find(`[data-testid^="couriers-card-"]:not([disabled])`).Length(); got != len(hand) {
			t.Fatalf("seat %d: %d playable cards, want its hand of %d", s, got, len(hand))
		}
	}
	for s := range 4 {
		if s == att || s == def {
			continue
		}
		doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(s))
		boardtest.One(t, doc, "couriers-fight")
		boardtest.None(t, doc, "couriers-cards")
	}
	// The attacker chooses: its card shows face up on its phone only.
	m.Apply(game.Action{Seat: game.Seat(att), Type: couriers.ActCard, Data: json.RawMessage(`{"value":0}`)})
	doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(att))
	if got := boardtest.One(t, doc, "couriers-fight").Find(".cz-cc.cz-sealed").Text(); !contains(got, "0") {
		t.Fatalf("the attacker's phone shows its sealed card as %q", got)
	}
	doc, _ = boardtest.Render(t, couriersboard.Game, m.phone(def))
	if got := boardtest.One(t, doc, "couriers-fight").Find(".cz-back").Length(); got != 1 {
		t.Fatalf("the defender's phone shows %d face-down cards, want 1", got)
	}
}

func TestPhone_OrderLootBomb(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		phase couriers.Phase
		ids   []string
	}{
		{couriers.PhaseOrder, []string{"couriers-order", "couriers-fight"}},
		{couriers.PhaseLoot, []string{"couriers-loot-take", "couriers-loot-leave", "couriers-reveal"}},
		{couriers.PhaseBomb, []string{"couriers-bomb", "couriers-bomb-go", "couriers-delivery"}},
	} {
		t.Run(string(tc.phase), func(t *testing.T) {
			m := anyMatch(t, 4, func(tv *couriers.TableView) bool { return tv.Phase == tc.phase })
			s := int(m.State.Next().Seats[0])
			doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(s))
			boardtest.One(t, doc, "couriers-panel-"+string(tc.phase))
			for _, id := range tc.ids {
				boardtest.One(t, doc, id)
			}
		})
	}
}

func TestPhone_Over(t *testing.T) {
	t.Parallel()
	m := anyMatch(t, 2, func(tv *couriers.TableView) bool { return tv.Phase == couriers.PhaseOver })
	for s := range 2 {
		doc, _ := boardtest.Render(t, couriersboard.Game, m.phone(s))
		boardtest.One(t, doc, "couriers-over")
		boardtest.None(t, doc, "couriers-hand")
		if doc.Find("[data-act]").Length() != 0 {
			t.Fatal("a finished game offers a button")
		}
	}
}

func ownerOf(m *match, id string) int {
	tv := m.table()
	for s, c := range tv.Colours {
		if len(id) > len(c) && id[:len(c)] == c {
			return s
		}
	}
	return -1
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// TestPhone_FirstThree shows the first-three rule (R19) where it bites: my
// first two deliveries were my own suitcases, and an agent of mine carries
// a third one, which my arrival base will not take.
func TestPhone_FirstThree(t *testing.T) {
	t.Parallel()
	one := 1
	v := &couriers.SeatView{Me: 0, Colour: "red", Clues: map[string]string{"A": "5", "B": "3", "C": "1", "D": "BOMB"},
		TableView: couriers.TableView{Phase: couriers.PhaseMove, Seats: 2, Colours: []string{"red", "green"}, Active: 0, Pool: 2,
			Bonus: map[string]int{"red-2": 1},
			Agents: []couriers.AgentView{{ID: "red-1", At: "suva", Carries: "red-C"}, {ID: "red-2", At: "lagos"},
				{ID: "green-1", At: "start_green"}},
			Suitcases: []couriers.SuitcaseView{
				{ID: "red-A", Colour: "red", Letter: "A", DeliveredBy: new(int), Clue: "5"},
				{ID: "red-B", Colour: "red", Letter: "B", DeliveredBy: new(int), Clue: "3"},
				{ID: "red-C", Colour: "red", Letter: "C", Carrier: "red-1"},
				{ID: "red-D", Colour: "red", Letter: "D", At: "paris"},
				{ID: "green-A", Colour: "green", Letter: "A", At: "cairo"},
				{ID: "green-B", Colour: "green", Letter: "B", DeliveredBy: &one, Clue: "1"},
			},
			Players: []couriers.PlayerView{
				{Seat: 0, Colour: "red", Hidden: true, Secrets: 8, Agents: 2, Hand: []int{0, 1}, Discard: []int{0, 2, 3, 4, 5},
					Deliveries: []string{"red-A", "red-B"}},
				{Seat: 1, Colour: "green", Hidden: true, Secrets: 1, Agents: 1, Hand: []int{0, 0, 1, 2, 3, 4, 5}, Discard: []int{},
					Deliveries: []string{"green-B"}},
			}}}
	legal := []game.Move{
		{Type: couriers.ActMove, Data: json.RawMessage(`{"agent":"red-1"}`), Fields: map[string][]any{"to": {"melbourne", "wellington"}}},
		{Type: couriers.ActMove, Data: json.RawMessage(`{"agent":"red-2"}`), Fields: map[string][]any{"to": {"cairo", "paris"}}},
		{Type: couriers.ActEndTurn},
	}
	c := worded(t, kit.Context{View: v, You: 0, Legal: legal, Now: 1}, 2)
	doc, _ := boardtest.Render(t, couriersboard.Game, c)
	rule := boardtest.One(t, doc, "couriers-first-three").Text()
	if !strings.Contains(rule, "red agent 1 with red suitcase C") {
		t.Fatalf("the first-three notice reads %q", rule)
	}
	if got := boardtest.One(t, doc, "couriers-steps").Text(); !strings.Contains(got, "2 steps left") || !strings.Contains(got, "+1 bonus step") {
		t.Fatalf("the steps read %q", got)
	}
	if got := doc.Find(`.cz-mv:has(input[value="red-2"])`).Text(); !strings.Contains(got, "+1") {
		t.Fatalf("the agent with a bonus step reads %q", got)
	}
	// Targets where a suitcase lies are marked, and the chosen agent's
	// destinations are the ones its radio lights.
	if doc.Find(`.cz-t.cz-case input[value="paris"]`).Length() != 1 || doc.Find(`.cz-t.r1 input[value="melbourne"]`).Length() != 1 {
		t.Fatal("the move picker's targets are not marked")
	}
}

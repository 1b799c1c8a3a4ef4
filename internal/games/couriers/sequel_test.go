package couriers

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"topsecret/internal/game"
)

// TestSequel_ColoursRotate plays the room's series the way the room deals
// it (each match's Sequel merged into the options of the next) and checks
// that the colours turn one seat per match, keep the clockwise order, and
// that over n matches every seat plays every colour once — with three
// players, the colour whose arrival base lies in the empty corner (blue,
// H16) too.
func TestSequel_ColoursRotate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n      int
		series [][]string // seat colours, match by match
	}{
		{2, [][]string{{"red", "green"}, {"green", "red"}, {"red", "green"}}},
		{3, [][]string{{"red", "blue", "green"}, {"blue", "green", "red"}, {"green", "red", "blue"}, {"red", "blue", "green"}}},
		{4, [][]string{{"red", "blue", "green", "yellow"}, {"blue", "green", "yellow", "red"},
			{"green", "yellow", "red", "blue"}, {"yellow", "red", "blue", "green"}, {"red", "blue", "green", "yellow"}}},
	} {
		t.Run(fmt.Sprintf("%d players", c.n), func(t *testing.T) {
			opts := json.RawMessage(nil)
			for k, want := range c.series {
				st, err := (Rules{}).New(game.Setup{Game: "couriers", Seats: c.n, Options: opts})
				if err != nil {
					t.Fatalf("match %d: %v", k+1, err)
				}
				if got := st.(game.Colourer).SeatColours(); !slices.Equal(got, want) {
					t.Fatalf("match %d: seat colours %v, want %v", k+1, got, want)
				}
				tv := st.View(game.TableViewer()).(*TableView)
				if !slices.Equal(tv.Colours, want) {
					t.Fatalf("match %d: the table shows colours %v, want %v", k+1, tv.Colours, want)
				}
				if opts, err = (Rules{}).Options(merge(t, opts, st.(game.Sequel).Sequel())); err != nil {
					t.Fatalf("match %d: the sequel's options are refused: %v", k+1, err)
				}
			}
		})
	}
}

// merge lays the sequel's options over the lobby's, as the room does.
func merge(t *testing.T, lobby, sequel json.RawMessage) json.RawMessage {
	t.Helper()
	o := map[string]json.RawMessage{}
	if lobby != nil {
		if err := json.Unmarshal(lobby, &o); err != nil {
			t.Fatal(err)
		}
	}
	var next map[string]json.RawMessage
	if err := json.Unmarshal(sequel, &next); err != nil {
		t.Fatal(err)
	}
	for k, v := range next {
		o[k] = v
	}
	b, _ := json.Marshal(o)
	return b
}

// TestColourShift_TurnOrder checks a shifted match still goes clockwise
// by colour: the first-player roll throws in colour order (§4.4) and the
// turn passes from each colour to the next one in play (§4.5).
func TestColourShift_TurnOrder(t *testing.T) {
	t.Parallel()
	o := DefaultOptions()
	o.ColourShift = 1
	m := newMatch(o, 3) // seats play blue, green, red
	rolls := [][2]int{{1, 1}, {1, 1}, {3, 3}}
	k := 0
	starter := m.firstPlayer(func() (int, int) { r := rolls[k]; k++; return r[0], r[1] })
	var thrown []int
	for _, fr := range m.firstRolls[0] {
		thrown = append(thrown, fr.seat)
	}
	if want := []int{2, 0, 1}; !slices.Equal(thrown, want) {
		t.Fatalf("throws by seats %v, want %v (red, blue, green)", thrown, want)
	}
	if starter != 1 {
		t.Fatalf("starter seat %d, want 1 (green threw 6)", starter)
	}
	m.players[0].hidden, m.players[1].hidden, m.players[2].hidden = true, true, true
	m.beginTurn(starter)
	var order []string
	for range 4 {
		order = append(order, m.colours[m.active].String())
		m.endTurn()
	}
	if want := []string{"green", "red", "blue", "green"}; !slices.Equal(order, want) {
		t.Fatalf("turns go %v, want %v", order, want)
	}
	if _, err := (Rules{}).Options(json.RawMessage(`{"colourShift":4}`)); err == nil {
		t.Fatal("a colour shift of 4 is accepted")
	}
}

package embassy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// botGame plays a whole bot game and calls each after every action.
func botGame(tb testing.TB, setup game.Setup, each func(m *match, a game.Action)) {
	tb.Helper()
	st, err := Rules{}.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	m := st.(*match)
	now := gametest.Start
	for i := 0; m.phase != PhaseOver; i++ {
		if i > 20000 {
			tb.Fatal("no end after 20000 actions")
		}
		s, r := m.awaited(), game.RandFor(setup.Seed, 1<<30+i)
		b := newBrain(m.seatView(s), &m.recall[s], m.Legal(game.Seat(s)), game.RandFor(setup.Seed, 1<<30+i))
		if err := m.Check(b.action(b.decide())); err != nil {
			tb.Fatalf("the bot's own choice in %s is refused: %v", m.phase, err)
		}
		a, ok := Bot{}.Act(m, game.Seat(s), now, r)
		if !ok {
			tb.Fatalf("the bot does not act in %s", m.phase)
		}
		if err := game.Step(m, setup.Seed, i, a); err != nil {
			tb.Fatal(err)
		}
		each(m, a)
		now += 700
	}
}

// hiddenNames strips the fields a viewer may read secrets in (the sets in
// play, the reveal moment, the own holder and "?" card) and reports any
// set name left in the view's JSON.
func hiddenNames(tb testing.TB, v any) string {
	b, _ := json.Marshal(v)
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		tb.Fatal(err)
	}
	for _, k := range []string{"in_play", "reveal", "holder", "hand"} {
		delete(fields, k)
	}
	b, _ = json.Marshal(fields)
	for _, x := range Secrets {
		if strings.Contains(string(b), x) {
			return x
		}
	}
	return ""
}

// TestView_NoFaceDownCards plays bot games and checks every view after
// every action: no set name outside the fields that viewer may read; the
// "?" card only on its holder's phone; seat views small.
func TestView_NoFaceDownCards(t *testing.T) {
	t.Parallel()
	largest, afterMove := 0, 0
	for i := range gametest.Seeds(6, 2) {
		setup := setupFor(2+i%3, 300+i, nil)
		botGame(t, setup, func(m *match, a game.Action) {
			if m.phase == PhaseOver {
				return
			}
			if x := hiddenNames(t, m.View(game.TableViewer())); x != "" {
				t.Fatalf("the table sees %s after %s", x, a.Type)
			}
			for s := range m.n {
				v := m.View(game.SeatViewer(game.Seat(s))).(*SeatView)
				if x := hiddenNames(t, v); x != "" {
					t.Fatalf("seat %d sees %s after %s", s, x, a.Type)
				}
				if (v.Hand != "") != (m.acq.who == s) {
					t.Fatalf("seat %d's ? card %q while %d acquires", s, v.Hand, m.acq.who)
				}
				b, _ := json.Marshal(v)
				largest = max(largest, len(b))
				if a.Type == ActMove && s == int(a.Seat) {
					afterMove = max(afterMove, len(b))
				}
			}
		})
	}
	t.Logf("largest seat view %d bytes; largest after a move %d bytes", largest, afterMove)
	if largest > 6000 {
		t.Fatalf("a seat view of %d bytes", largest)
	}
}

func TestView_Viewers(t *testing.T) {
	t.Parallel()
	m := four(holds(blue, "ATOM", "RADAR"), holds(green, "ROCKET"))
	if _, ok := m.View(game.SeatViewer(7)).(*TableView); !ok {
		t.Fatal("an unknown seat does not get the table view")
	}
	v := m.View(game.SeatViewer(blue)).(*SeatView)
	if v.Holder != [Slots]string{"ATOM", "RADAR", "", ""} || v.Me != blue || v.Colour != "blue" {
		t.Fatalf("blue's phone %+v", v)
	}
	if got := v.Players[green].Slots; got != [Slots]bool{true, false, false, false} {
		t.Fatalf("green's slots on blue's phone %v", got)
	}
	o := m.View(game.OmniscientViewer()).(*OmniscientView)
	if !strings.HasPrefix(o.Holders[green][0], "ROCKET-") || len(o.Embassies) != numEmbassies {
		t.Fatalf("omniscient %+v", o)
	}
	cards := 0
	for _, c := range o.Embassies {
		if c != "" {
			cards++
		}
	}
	if cards != 13 {
		t.Fatalf("omniscient sees %d cards on embassies, want 13", cards)
	}
}

// TestClone_EvolvesIdentically clones bot games at several points and
// plays the same actions on both.
func TestClone_EvolvesIdentically(t *testing.T) {
	t.Parallel()
	setup := setupFor(4, 77, nil)
	var log []game.Action
	botGame(t, setup, func(m *match, a game.Action) { log = append(log, a) })
	for _, at := range []int{0, 7, len(log) / 2, len(log) - 3} {
		st, _ := game.Replay(Rules{}, setup, log[:at])
		// A clone changed by hand (a twin) shows its change, not the
		// views the original had built.
		table, _ := json.Marshal(st.View(game.TableViewer()))
		twin := st.(*match).clone()
		twin.round += 40
		if got, _ := json.Marshal(twin.View(game.TableViewer())); string(got) == string(table) {
			t.Fatalf("clone at %d, 40 rounds on, shows the original's table:\n%s", at, got)
		}
		c := st.(*match).Clone()
		for i, a := range log[at:] {
			_ = game.Step(st, setup.Seed, at+i, a)
			if err := game.Step(c, setup.Seed, at+i, a); err != nil {
				t.Fatalf("clone at %d refuses action %d: %v", at, at+i, err)
			}
		}
		for _, v := range append(gametest.Viewers(4), game.OmniscientViewer()) {
			a, _ := json.Marshal(st.View(v))
			b, _ := json.Marshal(c.View(v))
			if string(a) != string(b) {
				t.Fatalf("clone at %d: %s's view differs", at, gametest.Name(v))
			}
		}
		if st.(*match).recall[2] != c.(*match).recall[2] {
			t.Fatalf("clone at %d: memories differ", at)
		}
	}
}

func TestInfo(t *testing.T) {
	t.Parallel()
	info := Rules{}.Info()
	if info.Slug != "embassy" || info.MinPlayers != 2 || info.MaxPlayers != 4 || info.Series.Unit != "wins" {
		t.Fatalf("info %+v", info)
	}
	for _, o := range info.Options {
		if o.Kind != "int" || o.Unit != "ms" {
			t.Errorf("option %s: %s %s", o.Key, o.Kind, o.Unit)
		}
	}
	st, _ := Rules{}.New(setupFor(4, 1, nil))
	if got := fmt.Sprint(st.(game.Colourer).SeatColours()); got != "[blue green yellow red]" {
		t.Fatalf("colours %s", got)
	}
	if st.(game.Turner).Turn() != 1 || st.(game.Rounder).Round() != 1 {
		t.Fatal("the first turn is not turn 1 of round 1")
	}
}

package vault

import (
	"fmt"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// allViews is every viewer's view of st as JSON, the omniscient one included.
func allViews(tb testing.TB, st game.State, n int) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{"omniscient": gametest.ViewJSON(tb, st, game.OmniscientViewer())}
	for _, v := range gametest.Viewers(n) {
		out[gametest.Name(v)] = gametest.ViewJSON(tb, st, v)
	}
	return out
}

func sameViews(tb testing.TB, what string, got, want map[string][]byte) {
	tb.Helper()
	for k, w := range want {
		if string(got[k]) != string(w) {
			tb.Fatalf("%s: %s's view differs:\n got %s\nwant %s", what, k, got[k], w)
		}
	}
}

// TestMatch_Clone clones bot-played deals at several points and plays the
// rest of the log on the clone and on the original: their views must agree
// after every step. A clone scrambled in every part must leave the
// original's views untouched.
func TestMatch_Clone(t *testing.T) {
	t.Parallel()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			setup := setupFor(n, 40+n, withSelectTimer)
			log := gametest.RandomPlay(t, Rules{}, setup, 2000, gametest.BotMoves(Bot{}))
			for _, cut := range []int{0, len(log) / 3, len(log) / 2, len(log) - 1} {
				t.Run("OK", func(t *testing.T) {
					orig, err := game.Replay(Rules{}, setup, log[:cut])
					if err != nil {
						t.Fatal(err)
					}
					clone := orig.(game.Cloner).Clone()
					for i := cut; i < len(log); i++ {
						for _, st := range []game.State{orig, clone} {
							if err := st.Check(log[i]); err != nil {
								t.Fatalf("action %d: %v", i, err)
							}
							st.Apply(log[i], game.RandFor(setup.Seed, i+1))
						}
						sameViews(t, fmt.Sprintf("cut %d, action %d", cut, i), allViews(t, clone, n), allViews(t, orig, n))
					}
				})
				t.Run("MutateClone", func(t *testing.T) {
					orig, err := game.Replay(Rules{}, setup, log[:cut])
					if err != nil {
						t.Fatal(err)
					}
					before := allViews(t, orig, n)
					scramble(orig.(game.Cloner).Clone().(*match))
					sameViews(t, fmt.Sprintf("cut %d, clone scrambled", cut), allViews(t, orig, n), before)
					// A clone changed by hand (a twin) shows its change, not
					// the views the original had built.
					changed := orig.(game.Cloner).Clone().(*match)
					changed.players[0].missed += 3
					if table := gametest.ViewJSON(t, changed, game.TableViewer()); string(table) == string(before["table"]) {
						t.Fatalf("cut %d: a clone with three more missed booms shows the original's table:\n%s", cut, table)
					}
					// Playing on a clone leaves the original where it was.
					clone := orig.(game.Cloner).Clone()
					for i := cut; i < len(log); i++ {
						clone.Apply(log[i], game.RandFor(setup.Seed, i+1))
					}
					sameViews(t, fmt.Sprintf("cut %d, clone played on", cut), allViews(t, orig, n), before)
				})
			}
		})
	}
}

// scramble changes every card, flag and moment of m in place.
func scramble(m *match) {
	flip := func(cs []card) {
		for i := range cs {
			cs[i] = (cs[i] + 1) % card(deckSize)
		}
	}
	for i := range m.players {
		p := &m.players[i]
		flip(p.hand)
		flip(p.stake)
		flip(p.x1)
		for k := range p.x2 {
			p.x2[k][0], p.x2[k][1] = p.x2[k][1]+1, p.x2[k][0]+1
		}
		p.missed, p.touched, p.boomed, p.decider = p.missed+1, !p.touched, !p.boomed, !p.decider
	}
	flip(m.discard)
	flip(m.reserve)
	for i := range m.eligible {
		m.eligible[i].owner, m.eligible[i].by = -7, -7
	}
	mo := &m.moments
	if mo.reveal != nil {
		mo.reveal.trick = -1
		for i := range mo.reveal.played {
			mo.reveal.played[i].seat = -1
		}
	}
	if mo.blast != nil {
		for i := range mo.blast.missed {
			mo.blast.missed[i] = -1
		}
		for i := range mo.blast.burned {
			mo.blast.burned[i].seat = -1
		}
	}
	for i := range mo.booms {
		mo.booms[i].seat = -1
	}
	for i := range mo.steals {
		mo.steals[i].mole = -1
	}
	for i := range mo.banks {
		flip(mo.banks[i].cards)
	}
	m.trick, m.step, m.phase = -1, -1, PhaseDealEnd
}

// TestMatch_Hooks checks the small hooks: colours, turn and round numbers,
// and the report.
func TestMatch_Hooks(t *testing.T) {
	t.Parallel()
	st, err := Rules{}.New(setupFor(3, 1, nil))
	if err != nil {
		t.Fatal(err)
	}
	m := st.(*match)
	if got := m.SeatColours(); !slices.Equal(got, []string{"red", "blue", "green"}) {
		t.Fatalf("SeatColours=%v", got)
	}
	m.SeatColours()[0] = "pink"
	if m.SeatColours()[0] != "red" {
		t.Fatal("SeatColours hands out the package's own colours")
	}
	if m.Turn() != 1 || m.Round() != 1 {
		t.Fatalf("Turn=%d Round=%d, want 1 1", m.Turn(), m.Round())
	}
	for s := range 3 {
		st.Apply(act(s, ActCommit, Commit{Card: int(inHand(m, s, D30))}, gametest.Start), game.RandFor(game.Seed{}, s+1))
	}
	if m.Turn() == 1 || m.Round() != 1 {
		t.Fatalf("after the reveal Turn=%d Round=%d, want a new turn of round 1", m.Turn(), m.Round())
	}
	if r := m.Report(); r["pairs"] != 0 || r["singles"] != 0 || r["missed_booms"] != 0 {
		t.Fatalf("Report=%v", r)
	}
}

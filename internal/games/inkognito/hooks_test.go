package inkognito

import (
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// allViews are every viewer's views of st, the all-seeing one included.
func allViews(tb testing.TB, st game.State, n int) map[string]string {
	tb.Helper()
	out := map[string]string{}
	for _, v := range append(gametest.Viewers(n), game.OmniscientViewer()) {
		out[gametest.Name(v)+fmt.Sprint(v.Kind)] = string(gametest.ViewJSON(tb, st, v))
	}
	return out
}

func sameAll(tb testing.TB, what string, got, want map[string]string) {
	tb.Helper()
	for k, w := range want {
		if got[k] != w {
			tb.Fatalf("%s: view %s\n got %s\nwant %s", what, k, got[k], w)
		}
	}
}

// TestMatch_Clone clones a game mid-way: the clone and the original evolve
// identically under the rest of the log, and changing the clone leaves the
// original as it was.
func TestMatch_Clone(t *testing.T) {
	t.Parallel()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			t.Parallel()
			setup := setupFor(n, 77, HelperFull)
			log := gametest.RandomPlay(t, Rules{}, setup, 20000, gametest.BotMoves(Bot{}))
			for _, cut := range []int{0, len(log) / 3, len(log) / 2, len(log) - 1} {
				st, err := game.Replay(Rules{}, setup, log[:cut])
				if err != nil {
					t.Fatal(err)
				}
				c := st.(game.Cloner).Clone()
				sameAll(t, "fresh clone", allViews(t, c, n), allViews(t, st, n))
				for i := cut; i < len(log); i++ {
					for _, s := range []game.State{st, c} {
						if err := game.Step(s, setup.Seed, i, log[i]); err != nil {
							t.Fatalf("cut %d step %d: %v", cut, i, err)
						}
					}
					sameAll(t, fmt.Sprintf("cut %d step %d", cut, i), allViews(t, c, n), allViews(t, st, n))
				}
				if c.(*match).Invariant() != nil {
					t.Fatalf("cut %d: the clone breaks an invariant", cut)
				}
			}
		})
	}
}

// TestMatch_CloneIsDeep changes every shared part of a clone and checks
// that the original does not see it.
func TestMatch_CloneIsDeep(t *testing.T) {
	t.Parallel()
	setup := setupFor(4, 78, HelperFull)
	log := gametest.RandomPlay(t, Rules{}, setup, 20000, gametest.BotMoves(Bot{}))
	for i := range log {
		st, err := game.Replay(Rules{}, setup, log[:i])
		if err != nil {
			t.Fatal(err)
		}
		m := st.(*match)
		if len(m.meetings) == 0 || len(m.sheets[0]) == 0 || len(m.deck) == 0 {
			continue
		}
		before := allViews(t, m, 4)
		// A clone changed by hand (a twin) shows its change, not the
		// views the original had built.
		twin := m.Clone().(*match)
		twin.round += 40
		if got := string(gametest.ViewJSON(t, twin, game.TableViewer())); got == string(gametest.ViewJSON(t, m, game.TableViewer())) {
			t.Fatalf("a clone 40 rounds on shows the original's table:\n%s", got)
		}
		c := m.Clone().(*match)
		// The next action applied to the clone only.
		if err := game.Step(c, setup.Seed, i, log[i]); err != nil {
			t.Fatal(err)
		}
		// And every slice and pointer the original holds, changed in place.
		c.deck[0] = (c.deck[0] + 1) % numSites
		c.table[Rialto] = append(c.table[Rialto][:0], placed{who: 2, round: 9})
		c.meetings = append(c.meetings[:0], meeting{site: Arsenale, kind: MeetPeek, agents: []int{9}})
		c.sheets[0][0].Marks = append(c.sheets[0][0].Marks[:0], Mark{Face: "F", Mark: MarkShowed})
		c.sheets[0] = append(c.sheets[0][:0], Column{Site: "ARSENALE"})
		for s := range c.subs {
			if c.subs[s] != nil {
				c.subs[s].typ = ActSkip
			}
		}
		c.hands[0], c.points[0], c.round = 0, 9, 99
		sameAll(t, "original after changing the clone", allViews(t, m, 4), before)
		return
	}
	t.Fatal("no step with meetings, sheets and a deck")
}

// TestMatch_SeatColours checks the public colours (H4): the agent sets in
// rotation order, black for the 5p Ambassador, one per seat.
func TestMatch_SeatColours(t *testing.T) {
	tests := []struct {
		name string
		m    *match
		want string
	}{
		{"3p leaves the fictitious agent out", newMatch(DefaultOptions(), 3), "[blue yellow green]"},
		{"4p", newMatch(DefaultOptions(), 4), "[blue yellow green pink]"},
		{"5p Ambassador at seat 2", func() *match { m := newMatch(DefaultOptions(), 5); m.setAmbassador(2); return m }(),
			"[green pink black blue yellow]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmt.Sprint(tt.m.SeatColours()); got != tt.want {
				t.Fatalf("SeatColours=%s, want %s", got, tt.want)
			}
		})
	}
}

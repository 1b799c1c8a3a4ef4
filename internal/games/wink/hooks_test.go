package wink

import (
	"encoding/json"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// allViews is every viewer's view of st as JSON, the all-seeing one included.
func allViews(tb testing.TB, st game.State, n int) map[string]json.RawMessage {
	tb.Helper()
	v := gametest.Views(tb, st, n)
	v["omniscient"] = gametest.ViewJSON(tb, st, game.OmniscientViewer())
	return v
}

// TestMatch_Clone clones bot matches halfway: the clone and the original
// evolve identically under the rest of the log, and changing the clone
// leaves the original as it was.
func TestMatch_Clone(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{ModeTable, ModeRemote} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			setup := setupFor(5, mode, 21)
			log := gametest.RandomPlay(t, Rules{}, setup, 20000, gametest.BotMoves(Bot{}))
			half := len(log) / 2
			st, err := game.Replay(Rules{}, setup, log[:half])
			if err != nil {
				t.Fatal(err)
			}

			t.Run("OK", func(t *testing.T) {
				orig, _ := game.Replay(Rules{}, setup, log[:half])
				clone := orig.(game.Cloner).Clone()
				for i, a := range log[half:] {
					for _, s := range []game.State{orig, clone} {
						if err := game.Step(s, setup.Seed, half+i, a); err != nil {
							t.Fatalf("action %d: %v", half+i, err)
						}
					}
					gametest.SameViews(t, "clone after "+a.Type, allViews(t, clone, 5), allViews(t, orig, 5))
				}
			})

			t.Run("ErrShared", func(t *testing.T) {
				before := allViews(t, st, 5)
				clone := st.(game.Cloner).Clone()
				c := clone.(*match)
				for i := range c.players {
					p := &c.players[i]
					p.pile = append(p.pile, card{agentCard, 0})
					p.chips = 0
					if len(p.sightings) > 0 {
						p.sightings[0].Kind = "changed"
					}
				}
				if len(c.agentDeck) > 0 {
					c.agentDeck[0] = Colour((int(c.agentDeck[0]) + 1) % c.n)
				}
				for i, a := range log[half:min(len(log), half+20)] {
					if err := game.Step(clone, setup.Seed, half+i, a); err != nil {
						break // the changed clone may refuse what the original accepted
					}
				}
				gametest.SameViews(t, "original after changing its clone", allViews(t, st, 5), before)
			})

			// A twin is a clone changed by hand: its views are its own,
			// not the ones the original had built before.
			t.Run("ViewsItsOwnChange", func(t *testing.T) {
				orig, _ := game.Replay(Rules{}, setup, log[:half])
				allViews(t, orig, 5)
				c := orig.(game.Cloner).Clone().(*match)
				for i := range c.players {
					c.players[i].chips = 0
				}
				for _, v := range []game.Viewer{game.TableViewer(), game.SeatViewer(2)} {
					var got struct{ Players []PlayerInfo }
					if err := json.Unmarshal(gametest.ViewJSON(t, c, v), &got); err != nil {
						t.Fatal(err)
					}
					for _, p := range got.Players {
						if p.Chips != 0 {
							t.Fatalf("%+v sees seat %d with %d chips in a clone where everyone has none", v, p.Seat, p.Chips)
						}
					}
				}
			})
		})
	}
}

// TestMatch_Hooks checks the seat colours and the turn and round numbers of
// a fresh match and after the deal round.
func TestMatch_Hooks(t *testing.T) {
	t.Parallel()
	st, err := Rules{}.New(game.Setup{Game: "wink", Seats: 4, Options: []byte(`{"startPlayer":2}`)})
	if err != nil {
		t.Fatal(err)
	}
	m := st.(*match)
	if got, want := m.SeatColours(), []string{"green", "blue", "purple", "red"}; !slices.Equal(got, want) {
		t.Fatalf("SeatColours=%v, want %v", got, want)
	}
	if m.Turn() != 1 || m.Round() != 1 {
		t.Fatalf("Turn=%d Round=%d, want 1 1", m.Turn(), m.Round())
	}
	at := int64(100)
	for s := range 4 {
		a := act((2+s)%4, ActTakeCards, nil, at)
		if err := game.Step(m, game.Seed{}, s, a); err != nil {
			t.Fatal(err)
		}
		at += 100
	}
	if m.phase != PhaseTurn || m.Turn() != 5 || m.Round() != 2 {
		t.Fatalf("after the deal: phase %s Turn=%d Round=%d, want turn 5 5 2", m.phase, m.Turn(), m.Round())
	}
	if err := game.Step(m, game.Seed{}, 4, act(2, ActClaim, Claim{Location: "FOU"}, at)); err != nil {
		t.Fatal(err)
	}
	if m.Turn() != 5 {
		t.Fatalf("a claim started turn %d, want the claimant's turn 5", m.Turn())
	}
}

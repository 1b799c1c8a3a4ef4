package room_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"topsecret/internal/game"
)

// twinCase brings a match to a hidden choice of seat 0: two ways to play
// that the rules show to nobody else.
type twinCase struct {
	name, game, options string
	players             int
	// keep says which moves the players make, before and after the
	// choice: none that would let the rules reveal it (a wink's watcher,
	// a card's reveal).
	keep func(seat int, m game.Move) bool
	// ready says the match has come to the choice.
	ready func(legal [][]game.Move) bool
	// fork makes the choice: one way in a, the other in b.
	fork func(t *testing.T, tw *twins)
	// steps is how many moves both twins then make alike.
	steps int
}

// Two matches that differ only in a choice the rules hide look the same,
// byte for byte, to every other viewer: each seat, the table screen, a
// spectator and the host, frame after frame, versions included (counted
// from each twin's first frame). A hidden move may not leave a trace in a
// number: neither in the events' numbers (inkognito's peek took one from
// the public sequence, a skip none) nor in a frame's version (which counted
// the room's changes, hidden ones included).
func TestRoom_HiddenChoicesLookTheSameToEveryoneElse(t *testing.T) {
	for _, tc := range hiddenChoices {
		t.Run(tc.name, func(t *testing.T) {
			tw := newTwins(t, tc)
			tc.fork(t, tw)
			tw.same(t, "after the choice")
			tw.playAlike(t, tc)
		})
	}
}

// hiddenChoices are a choice the rules hide in each game that has one.
// Embassy has none: every card that moves shows as a face-down transfer,
// and it tells no seat anything the others are not told.
var hiddenChoices = []twinCase{
	{
		name: "inkognito: peek at the fictitious agent or skip", game: "inkognito", players: 3,
		options: `{"turnTimeoutMs":0,"meetingTimeoutMs":0}`,
		ready: func(legal [][]game.Move) bool {
			return hasMove(legal[0], "peek") && hasMove(legal[0], "skip")
		},
		fork: func(t *testing.T, tw *twins) {
			peek := moveOf(t, tw.legal(t, 0), "peek")
			tw.a.act(t, 0, game.Action{Type: "peek", Data: peek.Data})
			tw.b.act(t, 0, game.Action{Type: "skip"})
			tw.wait(t, time.Second)
		},
		steps: 40,
	},
	{
		name: "wink, remote: look at one's contact, wink and glance, or do nothing", game: "wink", players: 4,
		options: `{"mode":"remote","startPlayer":0}`,
		// Nobody else moves their eyes: a watcher of seat 0 would
		// see its gaze, and a wink's witness could accuse.
		keep: func(seat int, m game.Move) bool {
			return !slices.Contains([]string{"set_focus", "wink", "signal", "accuse"}, m.Type)
		},
		ready: func(legal [][]game.Move) bool { return hasMove(legal[0], "signal") },
		fork: func(t *testing.T, tw *twins) {
			for _, x := range moveOf(t, tw.legal(t, 0), "set_focus").Fields["seat"] {
				tw.a.act(t, 0, game.Action{Type: "set_focus", Data: mustData(t, map[string]any{"seat": x})})
				tw.wait(t, time.Second) // the eyes arrive: a referee's action
				if hasMove(tw.legal(t, 0), "wink") {
					break
				}
			}
			tw.a.act(t, 0, game.Action{Type: "wink"})
			tw.wait(t, 100*time.Millisecond)
			tw.a.act(t, 0, game.Action{Type: "signal"})
			tw.wait(t, 100*time.Millisecond)
			tw.a.act(t, 0, game.Action{Type: "set_focus", Data: mustData(t, map[string]any{"seat": -1})})
			tw.wait(t, time.Second)
		},
		steps: 30,
	},
	{
		name: "vault: commit one card or another", game: "vault", players: 4,
		keep:  func(seat int, m game.Move) bool { return m.Type == "commit" },
		ready: everyoneMay("commit"),
		fork: func(t *testing.T, tw *twins) {
			cards := moveOf(t, tw.legal(t, 0), "commit").Fields["card"]
			tw.a.act(t, 0, game.Action{Type: "commit", Data: mustData(t, map[string]any{"card": cards[0]})})
			tw.b.act(t, 0, game.Action{Type: "commit", Data: mustData(t, map[string]any{"card": cards[1]})})
			tw.wait(t, 10*time.Millisecond)
		},
		steps: 2, // the third commit would reveal the trick
	},
	{
		name: "couriers: hide the clues one way or another", game: "couriers", players: 4,
		keep:  func(seat int, m game.Move) bool { return m.Type == "hide" },
		ready: everyoneMay("hide"),
		fork: func(t *testing.T, tw *twins) {
			hide := moveOf(t, tw.legal(t, 0), "hide")
			data := func(clues any) json.RawMessage {
				d := map[string]any{"clues": clues}
				for i, k := range []string{"A", "B", "C", "D"} {
					d[k] = hide.Fields[k][i]
				}
				return mustData(t, d)
			}
			tw.a.act(t, 0, game.Action{Type: "hide", Data: data(hide.Fields["clues"][0])})
			tw.b.act(t, 0, game.Action{Type: "hide", Data: data(hide.Fields["clues"][1])})
			tw.wait(t, 10*time.Millisecond)
		},
		steps: 3,
	},
}

package replay_test

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/store"
)

// relay is a tiny game implementing every optional hook: seats add 1 in
// turn; a round is a lap of the table; the state clones itself.
type relay struct {
	n, total, turn int
	clones         *int
}

type relayRules struct{ clones *int }

func (relayRules) Info() game.Info {
	return game.Info{Slug: "relay", Name: "Relay", MinPlayers: 2, MaxPlayers: 4}
}
func (relayRules) Options(json.RawMessage) (json.RawMessage, error) {
	return json.RawMessage(`{}`), nil
}
func (r relayRules) New(s game.Setup) (game.State, error) {
	return &relay{n: s.Seats, clones: r.clones}, nil
}

func (g *relay) Check(a game.Action) error {
	if g.total >= 200 {
		return game.Over()
	}
	if int(a.Seat) != g.turn%g.n {
		return game.NotYourTurn("R1", "relay.refuse.not_your_turn")
	}
	return nil
}
func (g *relay) Apply(a game.Action, _ *game.Rand) []game.Event {
	applied++
	g.total++
	g.turn++
	return []game.Event{{Msg: game.M("relay.event.add", game.P("who", a.Seat))}}
}
func (g *relay) View(game.Viewer) any        { return g.total }
func (g *relay) Legal(game.Seat) []game.Move { return nil }
func (g *relay) Next() game.Turn {
	if g.total >= 200 {
		return game.Turn{}
	}
	return game.Turn{Seats: []game.Seat{game.Seat(g.turn % g.n)}}
}
func (g *relay) Result() (game.Result, bool) {
	return game.Result{Winners: []game.Seat{0}, Points: make([]int, g.n)}, g.total >= 200
}
func (g *relay) Turn() int  { return g.turn }
func (g *relay) Round() int { return g.turn / g.n }
func (g *relay) Clone() game.State {
	*g.clones++
	c := *g
	return &c
}

func TestTimeline_Hooks(t *testing.T) {
	t.Parallel()
	clones := 0
	m := store.Match{ID: "r", Status: store.StatusFinished, Setup: game.Setup{Game: "relay", Seats: 3},
		Seats: []store.MatchSeat{{Name: "A"}, {Name: "B"}, {Name: "C"}}}
	var log []store.ActionRecord
	for i := 0; i < 200; i++ {
		log = append(log, store.ActionRecord{Index: i, Action: game.Action{Seat: game.Seat(i % 3), Type: "add"}})
	}
	tl, err := replay.New(relayRules{&clones}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(tl.Turns()), 201; got != want {
		t.Fatalf("%d turns, want %d", got, want)
	}
	if got, want := len(tl.Rounds()), 67; got != want {
		t.Fatalf("%d rounds, want %d: %v", got, want, tl.Rounds())
	}
	if got := tl.Describe(5, game.TableViewer()); len(got) != 1 || got[0].Msg.ID != "relay.event.add" || got[0].Msg.Args[0].Seat() != 1 {
		t.Fatalf("Describe(5) = %+v, want seat 1 adds one", got)
	}
	snapshots := clones
	if snapshots != (200+replay.SnapshotEvery-1)/replay.SnapshotEvery {
		t.Fatalf("%d snapshots taken", snapshots)
	}
	for _, i := range []int{199, 3, 130, 64, 0, 200} {
		v, err := tl.View(i, game.TableViewer())
		if err != nil || v != i {
			t.Fatalf("View(%d) = %v, %v", i, v, err)
		}
		st, err := tl.Step(i)
		if err != nil || st.View(game.TableViewer()) != i {
			t.Fatalf("Step(%d) = %v, %v", i, st.View(game.TableViewer()), err)
		}
	}
	if clones == snapshots {
		t.Fatal("seeks never used a snapshot")
	}
}

// applied counts relay actions applied, to see how far a seek replays.
var applied int

// A seek anywhere, backwards or far forwards, replays fewer actions than the
// distance between snapshots.
func TestTimeline_SeekReplaysFromTheNearestSnapshot(t *testing.T) {
	clones := 0
	m := store.Match{ID: "r", Status: store.StatusFinished, Setup: game.Setup{Game: "relay", Seats: 2},
		Seats: []store.MatchSeat{{Name: "A"}, {Name: "B"}}}
	var log []store.ActionRecord
	for i := 0; i < 200; i++ {
		log = append(log, store.ActionRecord{Index: i, Action: game.Action{Seat: game.Seat(i % 2), Type: "add"}})
	}
	tl, err := replay.New(relayRules{&clones}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{5, 199, 3, 190, 70, 140, 10} {
		applied = 0
		if _, err := tl.Frame(i, game.TableViewer()); err != nil {
			t.Fatal(err)
		}
		if applied >= replay.SnapshotEvery {
			t.Fatalf("seek to %d replayed %d actions, want fewer than %d", i, applied, replay.SnapshotEvery)
		}
	}
}

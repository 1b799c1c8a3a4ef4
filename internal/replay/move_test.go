package replay_test

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/store"
)

// signals is a tiny silent game: seats signal to each other and no move
// causes an event, so the replay must word each step from the move's label.
type signals struct{ done int }

type signalsRules struct{}

func (signalsRules) Info() game.Info {
	return game.Info{Slug: "signals", Name: "Signals", MinPlayers: 2, MaxPlayers: 2}
}
func (signalsRules) Options(json.RawMessage) (json.RawMessage, error) {
	return json.RawMessage(`{}`), nil
}
func (signalsRules) New(game.Setup) (game.State, error) { return &signals{}, nil }

func (g *signals) Check(game.Action) error                    { return nil }
func (g *signals) Apply(game.Action, *game.Rand) []game.Event { g.done++; return nil }
func (g *signals) View(game.Viewer) any                       { return g.done }
func (g *signals) Next() game.Turn                            { return game.Turn{Seats: []game.Seat{0, 1}} }
func (g *signals) Result() (game.Result, bool)                { return game.Result{}, false }

// Legal offers a wave with either hand (data fixed in advance) and a nod
// at a seat the player picks (a field left open).
func (g *signals) Legal(game.Seat) []game.Move {
	return []game.Move{
		{Type: "wave", Data: json.RawMessage(`{"hand":"left"}`), Label: game.M("signals.move.wave_left")},
		{Type: "wave", Data: json.RawMessage(`{"hand":"right"}`), Label: game.M("signals.move.wave_right")},
		{Type: "nod", Fields: map[string][]any{"to": {0, 1}}, Label: game.M("signals.move.nod")},
		{Type: "shrug"},
	}
}

// A step that caused no event reads as the move its phone offered, in the
// game's own words for each reader: never the action's raw type and data.
func TestTimeline_DescribeWordsQuietMovesByTheirLabel(t *testing.T) {
	t.Parallel()
	m := store.Match{ID: "s", Status: store.StatusFinished, Setup: game.Setup{Game: "signals", Seats: 2},
		Seats: []store.MatchSeat{{Name: "A"}, {Name: "B"}}}
	acts := []game.Action{
		{Seat: 0, Type: "wave", Data: json.RawMessage(`{"hand":"right"}`)},
		{Seat: 1, Type: "nod", Data: json.RawMessage(`{"to":0}`)},
		{Seat: 1, Type: "nod", Data: json.RawMessage(`{"to":7}`)}, // not a listed choice
		{Seat: 0, Type: "shrug"},                                  // listed without a label
		{Seat: game.System, Type: "tick", Data: json.RawMessage(`{"turn":3}`)},
	}
	var log []store.ActionRecord
	for i, a := range acts {
		log = append(log, store.ActionRecord{Index: i, Action: a})
	}
	tl, err := replay.New(signalsRules{}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	all, seat0, seat1 := game.OmniscientViewer(), game.SeatViewer(0), game.SeatViewer(1)
	said := func(id string, args ...game.Arg) game.Msg { return game.M(id, args...) }
	for _, c := range []struct {
		name string
		step int
		v    game.Viewer
		want game.Msg
	}{
		{"fixed data picks its own label", 1, all, said("game.replay.seat_did", game.P("who", 0), game.TM("action", game.M("signals.move.wave_right")))},
		{"the actor reads it as theirs", 1, seat0, said("game.replay.you_did", game.TM("action", game.M("signals.move.wave_right")))},
		{"another seat saw nothing", 1, seat1, said("game.replay.nothing_seen")},
		{"an open field filled from its choices", 2, all, said("game.replay.seat_did", game.P("who", 1), game.TM("action", game.M("signals.move.nod")))},
		{"a choice the game did not list", 3, all, said("game.replay.seat_moved", game.P("who", 1))},
		{"a move without a label", 4, all, said("game.replay.seat_moved", game.P("who", 0))},
		{"its actor without a label", 4, seat0, said("game.replay.you_moved")},
		{"the referee's step", 5, all, said("game.replay.referee_moved")},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := tl.Describe(c.step, c.v)
			if len(got) != 1 || !equalJSON(t, got[0].Msg, c.want) {
				t.Fatalf("Describe(%d) = %s, want %s", c.step, asJSON(t, got), asJSON(t, c.want))
			}
			for _, a := range got[0].Msg.Args {
				if a.Kind == game.ArgText {
					t.Fatalf("Describe(%d) passes verbatim text %q", c.step, a.Text)
				}
			}
		})
	}
}

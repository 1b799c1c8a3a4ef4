package game_test

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
)

// pick is a one-action game: Check decodes {"seat":n}, Apply keeps it.
type pick struct{ seat int }

func (p *pick) Check(a game.Action) error {
	var d struct {
		Seat int `json:"seat"`
	}
	return a.Decode(&d)
}
func (p *pick) Apply(a game.Action, _ *game.Rand) []game.Event {
	var d struct {
		Seat int `json:"seat"`
	}
	if err := json.Unmarshal(a.Data, &d); err != nil {
		panic(err)
	}
	p.seat = d.Seat
	return nil
}
func (p *pick) View(game.Viewer) any        { return nil }
func (p *pick) Legal(game.Seat) []game.Move { return nil }
func (p *pick) Next() game.Turn             { return game.Turn{} }
func (p *pick) Result() (game.Result, bool) { return game.Result{}, false }

// A client's action is read strictly, but an action already in a log was
// accepted under the reading of its day (repeated and miscased keys were
// played before UnmarshalStrict) and must replay, or a stored match would
// no longer load.
func TestStepEvents_ReadsALoggedActionAsItWasPlayed(t *testing.T) {
	for _, data := range []string{`{"SEAT":1}`, `{"seat":2,"seat":1}`} {
		a := game.Action{Type: "pick", Data: json.RawMessage(data)}
		p := &pick{}
		if err := p.Check(a); err == nil {
			t.Errorf("%s from a client: accepted, want refused", data)
		}
		if _, err := game.StepEvents(p, game.Seed{}, 0, a); err != nil || p.seat != 1 {
			t.Errorf("%s from a log: %v, seat %d; want played, seat 1", data, err, p.seat)
		}
	}
	for _, data := range []string{`{"seat":1,"evil":2}`, `{"seat":1} {"seat":2}`} {
		if _, err := game.StepEvents(&pick{}, game.Seed{}, 0, game.Action{Type: "pick", Data: json.RawMessage(data)}); err == nil {
			t.Errorf("%s from a log: played, want refused as it always was", data)
		}
	}
}

package gametest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// tally is a two-seat toy for the audience check: "bump" raises the
// bumper's own count, which only its seat sees; "shout" raises the count
// everyone sees. It ends after eight actions, which takes everyone's moves. forget leaves the bumper
// out of a bump's audience, as a game with a hole in its audiences would.
type tally struct {
	forget bool
}

func (t tally) Info() game.Info {
	return game.Info{Slug: "tally", MinPlayers: 2, MaxPlayers: 2}
}
func (t tally) Options(json.RawMessage) (json.RawMessage, error) { return json.RawMessage(`{}`), nil }
func (t tally) New(game.Setup) (game.State, error)               { return &tallyMatch{forget: t.forget}, nil }

type tallyMatch struct {
	own     [2]int
	public  int
	actions int
	forget  bool
	news    game.News
}

func (m *tallyMatch) Check(a game.Action) error {
	if a.Seat < 0 || a.Seat > 1 || (a.Type != "bump" && a.Type != "shout") {
		return game.Unknown(a.Type)
	}
	return nil
}

func (m *tallyMatch) Apply(a game.Action, _ *game.Rand) []game.Event {
	m.actions++
	switch a.Type {
	case "bump":
		m.own[a.Seat]++
		if m.forget {
			m.news.Touch()
		} else {
			m.news.Touch(a.Seat)
		}
	case "shout":
		m.public++
		m.news.TouchAll()
	}
	if m.actions >= 8 {
		m.news.TouchAll() // the end: nobody has moves any more
	}
	return m.news.Take()
}

func (m *tallyMatch) View(v game.Viewer) any {
	out := map[string]int{"public": m.public}
	if v.Kind == game.Player {
		out["own"] = m.own[v.Seat]
	}
	return out
}

func (m *tallyMatch) Legal(game.Seat) []game.Move {
	if m.actions >= 8 {
		return nil
	}
	return []game.Move{{Type: "bump"}, {Type: "shout"}}
}
func (m *tallyMatch) Next() game.Turn { return game.Turn{Seats: []game.Seat{0, 1}} }
func (m *tallyMatch) Result() (game.Result, bool) {
	return game.Result{Points: []int{0, 0}}, m.actions >= 8
}
func (m *tallyMatch) Audience() game.Audience { return m.news.Audience() }

// The audience check passes a game whose audiences hold everyone whose
// view changed, counting how large they were, and fails one that leaves
// out a seat whose view changed, naming the action and the seat.
func TestAudiences(t *testing.T) {
	setup := game.Setup{Game: "tally", Seats: 2}
	for seed := range 4 {
		setup.Seed[0] = byte(seed)
		heard := gametest.Audiences(t, tally{}, setup, 100, gametest.RandomMoves)
		if heard.Actions != 8 || heard.Viewers != 24 || heard.Audience < 8 || heard.Audience > 24 {
			t.Fatalf("seed %d: heard %+v, want 8 actions of 3 viewers, each in an audience of 1 or 3", seed, heard)
		}
	}
	msg := ""
	for seed := 0; msg == "" && seed < 8; seed++ {
		setup.Seed[0] = byte(seed)
		msg = fails(t, func(tb testing.TB) { gametest.Audiences(tb, tally{forget: true}, setup, 100, gametest.RandomMoves) })
	}
	if !strings.Contains(msg, "bump by seat") || !strings.Contains(msg, "left out of its audience") {
		t.Fatalf("a forgotten bumper: %q, want the bump named", msg)
	}
}

package couriers

import (
	"encoding/json"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// miscScenarios are refusals no ruling names: seats, agents and paths that do not fit.
func miscScenarios() []scenario {
	return []scenario{
		{name: "§6 a move needs an own agent in play, a path of lines and at least one step", n: 4, build: func() *match {
			return fixture(4, at("chicago", "red-1"), lying("green-B", "chicago"), out("red-7"), moving(3))
		}, steps: []gametest.Step{
			refused("blue's agent", "§6", path(red, "blue-1", "tokyo")),
			refused("an eliminated agent", "§6", path(red, "red-7", "vancouver")),
			refused("a jump", "§6.1", path(red, "red-1", "lagos")),
			refused("nowhere to go", "§6.1", act(red, ActMove, Move{Agent: "red-1", To: "chicago",
				Via: []Stop{{City: "chicago", Pickup: "green-B"}}})),
			refused("not your suitcase handling", "§6", act(red, ActSuitcase, Handle{Agent: "blue-1", Pickup: "green-B"})),
			refused("the referee only times out", "§10", game.Action{Seat: game.System, Type: ActEndTurn}),
			refused("blue may not end red's turn", "§6", act(blue, ActEndTurn, nil)),
			refused("no loot to take", "§5", act(red, ActLoot, Loot{Take: true})),
			refused("no fight", "§5", play(red, 1)),
			refused("no bomb", "§5", act(red, ActBombVictims, BombVictims{Agents: []string{"red-1"}})),
			refused("no roll now", "§5", act(red, ActRoll, nil)),
		}},
	}
}

func TestMisc(t *testing.T) {
	t.Parallel()
	run(t, miscScenarios())
}

func TestCheck_ErrDecode(t *testing.T) {
	t.Parallel()
	m := fixture(4, moving(3))
	for _, c := range []struct {
		name string
		a    game.Action
		code string
	}{
		{"unknown", act(red, "dance", nil), game.CodeUnknown},
		{"bad json", game.Action{Seat: red, Type: ActMove, Data: []byte(`{"agent":`)}, game.CodeMalformed},
		{"unknown field", game.Action{Seat: red, Type: ActEndTurn, Data: []byte(`{"now":true}`)}, game.CodeMalformed},
		{"no agent", act(red, ActMove, Move{Agent: "red-9", To: "chicago"}), game.CodeMalformed},
		{"agent 01", act(red, ActMove, Move{Agent: "red-01", To: "chicago"}), game.CodeMalformed},
		{"absent colour", act(red, ActMove, Move{Agent: "blue-1", To: "tokyo"}), game.CodeMalformed},
		{"to and path", act(red, ActMove, Move{Agent: "red-1", To: "chicago", Path: []string{"vancouver"}}), game.CodeMalformed},
		{"neither", act(red, ActMove, Move{Agent: "red-1"}), game.CodeMalformed},
		{"via with path", act(red, ActMove, Move{Agent: "red-1", Path: []string{"vancouver"}, Via: []Stop{{City: "vancouver"}}}), game.CodeMalformed},
		{"no place", act(red, ActMove, Move{Agent: "red-1", To: "atlantis"}), game.CodeMalformed},
		{"no suitcase", act(red, ActMove, Move{Agent: "red-1", Path: []string{"vancouver"}, Ops: []Op{{At: 1, Pickup: "red-E"}}}), game.CodeMalformed},
		{"no seat", act(4, ActEndTurn, nil), game.CodeMalformed},
		{"card 9", act(red, ActCard, Card{Value: 9}), game.CodeMalformed},
		{"card missing", act(red, ActCard, nil), game.CodeMalformed},
		{"victim unknown", act(red, ActBombVictims, BombVictims{Agents: []string{"x"}}), game.CodeMalformed},
		{"defender unknown", act(red, ActDefender, Defender{Agent: "x-1"}), game.CodeMalformed},
	} {
		st := game.State(m)
		if c.name == "absent colour" {
			st = fixture(2, moving(3))
		}
		if err := st.Check(c.a); err == nil || gametest.MustRuleError(t, err).Code != c.code {
			t.Errorf("%s: %v, want code %s", c.name, err, c.code)
		}
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
	raw, err := Rules{}.Options(nil)
	if err != nil || string(raw) != `{"setupTimeoutMs":180000,"turnTimeoutMs":90000,"combatCardTimeoutMs":30000,"colourShift":0}` {
		t.Fatalf("defaults %s, %v", raw, err)
	}
	for _, bad := range []string{`{"turnTimeoutMs":1000}`, `{"combatCardTimeoutMs":200000}`, `{"speed":1}`, `{"setupTimeoutMs":-5}`, `{"colourShift":-1}`} {
		if _, err := (Rules{}).Options(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if raw, err := (Rules{}).Options(json.RawMessage(`{"turnTimeoutMs":0}`)); err != nil || !strings.Contains(string(raw), `"turnTimeoutMs":0`) {
		t.Errorf("no limit refused: %s %v", raw, err)
	}
	if _, err := (Rules{}).New(game.Setup{Seats: 5}); err == nil {
		t.Errorf("five players accepted")
	}
	info := Rules{}.Info()
	if info.Slug != "couriers" || info.MinPlayers != 2 || info.MaxPlayers != 4 || info.Series.Unit != "wins" || len(info.Options) != 3 {
		t.Fatalf("info %+v", info)
	}
}

// TestClone_EvolvesLikeTheOriginal plays a bot game and, every few
// actions, checks that a clone taken then ends exactly like the match.
func TestClone_EvolvesLikeTheOriginal(t *testing.T) {
	t.Parallel()
	setup := setupFor(3, 77, nil)
	log := gametest.RandomPlay(t, Rules{}, setup, 20000, gametest.BotMoves(Bot{}))
	want, err := game.Replay(Rules{}, setup, log)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := Rules{}.New(setup)
	for i, a := range log {
		if i%37 == 0 {
			c := st.(game.Cloner).Clone()
			for j := i; j < len(log); j++ {
				if err := game.Step(c, setup.Seed, j, log[j]); err != nil {
					t.Fatal(err)
				}
			}
			gametest.SameViews(t, "clone", gametest.Views(t, c, 3), gametest.Views(t, want, 3))
		}
		if err := game.Step(st, setup.Seed, i, a); err != nil {
			t.Fatal(err)
		}
	}
}

// TestView_Size keeps a 4-player seat view after a move small (frames must stay small).
func TestView_Size(t *testing.T) {
	t.Parallel()
	m := fixture(4, at("chicago", "red-1", "red-2"), at("lagos", "blue-1"), carrying("red-1", "green-A"), moving(4))
	m.Apply(goTo(red, "red-3", "new_york"), game.RandFor(game.Seed{}, 1))
	b, _ := json.Marshal(m.View(game.SeatViewer(red)))
	t.Logf("seat view after a move: %d bytes", len(b))
	if len(b) > 6000 {
		t.Fatalf("seat view is %d bytes: %s", len(b), b)
	}
}

// TestHooks asserts the optional hooks the room and replays rely on.
func TestHooks(t *testing.T) {
	t.Parallel()
	st, _ := Rules{}.New(setupFor(4, 1, nil))
	if st.(game.Turner).Turn() != 1 || st.(game.Rounder).Round() != 1 {
		t.Fatalf("turn or round of a new match")
	}
	if _, ok := game.BotFor(Rules{}); !ok {
		t.Fatalf("no bot")
	}
	if got := st.(game.Colourer).SeatColours(); strings.Join(got, " ") != "red blue green yellow" {
		t.Fatalf("colours %v", got)
	}
}

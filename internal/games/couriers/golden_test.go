package couriers

import (
	"flag"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded matches")

// goldenMatches are the pinned matches: bots (or half-random moves) play them when -update is set.
var goldenMatches = []gametest.Pinned{
	{Name: "bots-2", Setup: setupFor(2, 1, nil)},
	{Name: "bots-3", Setup: setupFor(3, 2, nil)},
	{Name: "bots-4", Setup: setupFor(4, 3, nil)},
	{Name: "random-4-untimed", Setup: setupFor(4, 4, untimed), Pick: randomCourier},
}

func TestGolden(t *testing.T) { gametest.KeepGolden(t, Rules{}, goldenMatches, 20000, *update) }

// fuzzPrefix is a 3-seat match played by bots into its first fight, so
// the fuzzer starts where most actions mean something.
func fuzzPrefix(tb testing.TB) (game.Setup, []game.Action) {
	setup := setupFor(3, 9, untimed)
	st, _ := Rules{}.New(setup)
	var log []game.Action
	r := game.RandFor(setup.Seed, 1<<40)
	pick := gametest.BotMoves(Bot{})
	for len(log) < 2000 {
		m := st.(*match)
		if m.phase == PhaseCards || m.phase == PhaseOver {
			break
		}
		a, ok := pick(st, 3, gametest.Start, r)
		if !ok {
			tb.Fatal("bots stalled")
		}
		if err := game.Step(st, setup.Seed, len(log), a); err != nil {
			tb.Fatal(err)
		}
		log = append(log, a)
	}
	return setup, log
}

// FuzzCheck throws arbitrary actions at a match in its first fight and,
// through the seeds, at every other kind of action.
func FuzzCheck(f *testing.F) {
	setup, prefix := fuzzPrefix(f)
	gametest.FuzzCheck(f, Rules{}, setup, prefix,
		act(red, ActCard, Card{Value: 3}),
		act(blue, ActCard, Card{Value: 0}),
		act(green, ActMove, Move{Agent: "green-1", To: "suva"}),
		act(red, ActMove, Move{Agent: "red-1", Path: []string{"vancouver", "chicago"}, Ops: []Op{{At: 1, Pickup: "blue-A"}}}),
		act(red, ActMove, Move{Agent: "red-2", To: "lagos", Via: []Stop{{City: "paris", Drop: true}}}),
		act(red, ActSuitcase, Handle{Agent: "red-1", Drop: true, Pickup: "green-C"}),
		act(red, ActDefender, Defender{Agent: "blue-2"}),
		act(red, ActLoot, Loot{Take: true}),
		act(red, ActBombVictims, BombVictims{Agents: []string{"red-1", "red-2"}}),
		act(red, ActHide, Hide{Clues: map[string]string{"A": "5", "B": "3", "C": "1", "D": "BOMB"}, A: "lagos", B: "paris", C: "cairo", D: "lima"}),
		act(red, ActRoll, nil), act(red, ActEndTurn, nil),
		game.Action{Seat: game.System, Type: ActTimeout, Data: mustJSON(Timeout{Step: 3}), At: 1 << 50},
	)
}

// benchSetup is the match the bots play for the benchmarks.
var benchSetup = setupFor(4, 5, nil)

// BenchmarkReplay_couriers replays a whole bot-played 4-player match, as
// restarts and the replay page do.
func BenchmarkReplay_couriers(b *testing.B) {
	gametest.BenchReplay(b, Rules{}, benchSetup, 20000)
}

// BenchmarkApply_couriers is what the room does per action: Check, Apply
// and every viewer's view built and marshalled.
func BenchmarkApply_couriers(b *testing.B) {
	gametest.BenchApply(b, Rules{}, benchSetup, 20000)
}

package embassy

import (
	"flag"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded matches")

// goldenMatches are the pinned matches: bots (or random moves, then bots)
// play them when -update is set.
var goldenMatches = []gametest.Pinned{
	{Name: "bots-2", Setup: setupFor(2, 1, nil)},
	{Name: "bots-3", Setup: setupFor(3, 2, nil)},
	{Name: "bots-4", Setup: setupFor(4, 3, nil)},
	{Name: "random-4-timed", Setup: setupFor(4, 4, fastTimers), Pick: capped(gametest.RandomMoves, 150)},
}

func TestGolden(t *testing.T) { gametest.KeepGolden(t, Rules{}, goldenMatches, 20000, *update) }

// fuzzPrefix is a 4-seat match played by bots up to a challenge, so the
// fuzzer meets a guess as well as the other phases' actions in its seeds.
func fuzzPrefix(tb testing.TB) (game.Setup, []game.Action) {
	setup := setupFor(4, 3, nil)
	var prefix []game.Action
	st, _ := Rules{}.New(setup)
	now := gametest.Start
	for i := 0; i < 400; i++ {
		m := st.(*match)
		if m.phase == PhaseGuess || m.phase == PhaseOver {
			break
		}
		a, ok := Bot{}.Act(st, game.Seat(m.awaited()), now, game.RandFor(setup.Seed, 1<<30+i))
		if !ok {
			tb.Fatalf("the bot does not act in %s", m.phase)
		}
		if err := game.Step(st, setup.Seed, len(prefix), a); err != nil {
			tb.Fatal(err)
		}
		prefix = append(prefix, a)
		now += 500
	}
	return setup, prefix
}

func FuzzCheck(f *testing.F) {
	setup, prefix := fuzzPrefix(f)
	now := gametest.Start + 1_000_000
	gametest.FuzzCheck(f, Rules{}, setup, prefix,
		act(blue, ActRoll, nil), move(green, "0,19"), move(blue, "A"), challenge(red, blue), guess(blue, 2, "ROCKET"),
		penalty(yellow, 1), act(red, ActKeep, nil), slot(green, 3), swap(blue, 4), place(red, "P"),
		bodyguard(green, blue), act(yellow, ActPass, nil), approachTo(blue, "5,7", green),
		game.Action{Seat: game.System, Type: ActTimeout, Data: mustJSON(Timeout{Turn: 9, Step: 30}), At: now},
		game.Action{Seat: game.System, Type: ActHide, Data: mustJSON(Hide{Seq: 12}), At: now},
	)
}

// benchSetup is the match the bots play for the benchmarks.
var benchSetup = setupFor(4, 5, nil)

func BenchmarkApply_embassy(b *testing.B) {
	gametest.BenchApply(b, Rules{}, benchSetup, 20000)
}

func BenchmarkReplay_embassy(b *testing.B) {
	gametest.BenchReplay(b, Rules{}, benchSetup, 20000)
}

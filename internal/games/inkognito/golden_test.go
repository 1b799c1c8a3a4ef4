package inkognito

import (
	"flag"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded matches")

// goldenMatches are the pinned matches, recorded when -update is set,
// with the time limits off: the goldens were recorded before H17 and
// their logs never wait for a timer.
var goldenMatches = []gametest.Pinned{
	{Name: "bots-3", Setup: setupFor(3, 1, HelperFull, untimed)},
	{Name: "bots-4", Setup: setupFor(4, 2, HelperFacts, untimed)},
	{Name: "bots-5", Setup: setupFor(5, 3, HelperFull, untimed)},
	{Name: "random-4", Setup: setupFor(4, 4, HelperFull, untimed), Pick: gametest.RandomMoves},
}

// untimed switches the time limits off.
var untimed = map[string]any{"turnTimeoutMs": 0, "meetingTimeoutMs": 0}

func TestGolden(t *testing.T) { gametest.KeepGolden(t, Rules{}, goldenMatches, 20000, *update) }

// fuzzPrefix plays a 4p game until its first meeting.
func fuzzPrefix(tb testing.TB) (game.Setup, []game.Action) {
	setup := setupFor(4, 9, HelperFull)
	st, err := Rules{}.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	var log []game.Action
	r := game.RandFor(setup.Seed, 1<<40)
	for i := 0; st.(*match).phase != PhaseAct; i++ {
		a, ok := Bot{}.Act(st, st.Next().Seats[0], gametest.Start, r)
		if !ok {
			tb.Fatal("bot stalled")
		}
		if err := game.Step(st, setup.Seed, i, a); err != nil {
			tb.Fatal(err)
		}
		log = append(log, a)
	}
	return setup, log
}

// FuzzCheck throws arbitrary actions at a game in its first meeting.
func FuzzCheck(f *testing.F) {
	setup, prefix := fuzzPrefix(f)
	gametest.FuzzCheck(f, Rules{}, setup, prefix,
		pair(0, "F", "11"), pair(1, "B", "0"), black(2, "IDENTITY"), dial(3, "52,11,0,29"), pass(0),
		ask(1, 2), askKind(2, 3, "NUMBER"), skip(3), cont(0), peek(1, "NUMBER"), choose(2, "NUMBER"),
		play(3, RI), commit(0, SM), dial(1, "52,52,0,29"),
	)
}

// benchSetup is the match the bots play for the benchmarks.
var benchSetup = setupFor(4, 5, HelperFull)

func BenchmarkApply(b *testing.B) {
	gametest.BenchApply(b, Rules{}, benchSetup, 20000)
}

func BenchmarkReplay(b *testing.B) {
	gametest.BenchReplay(b, Rules{}, benchSetup, 20000)
}

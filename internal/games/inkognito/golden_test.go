package inkognito

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded matches")

// goldenMatches are the pinned matches, recorded when -update is set.
var goldenMatches = []struct {
	name   string
	n      int
	seed   int
	helper string
	random bool
}{
	{"bots-3", 3, 1, HelperFull, false},
	{"bots-4", 4, 2, HelperFacts, false},
	{"bots-5", 5, 3, HelperFull, false},
	{"random-4", 4, 4, HelperFull, true},
}

// untimed switches the time limits off: the goldens were recorded before
// H17 and their logs never wait for a timer.
func untimed(s game.Setup) game.Setup {
	var o map[string]any
	_ = json.Unmarshal(s.Options, &o)
	o["turnTimeoutMs"], o["meetingTimeoutMs"] = 0, 0
	s.Options, _ = json.Marshal(o)
	return s
}

func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	if *update {
		for _, g := range goldenMatches {
			setup := untimed(setupFor(g.n, g.seed, g.helper))
			pick := gametest.BotMoves(Bot{})
			if g.random {
				pick = gametest.RandomMoves
			}
			log := gametest.RandomPlay(t, Rules{}, setup, 20000, pick)
			gametest.WriteGolden(t, filepath.Join(dir, g.name+".json"), Rules{}, setup, log)
		}
	}
	gametest.Golden(t, Rules{}, dir, *update)
}

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

func benchLog(b *testing.B) (game.Setup, []game.Action) {
	setup := setupFor(4, 5, HelperFull)
	return setup, gametest.RandomPlay(b, Rules{}, setup, 20000, gametest.BotMoves(Bot{}))
}

func BenchmarkApply(b *testing.B) {
	setup, log := benchLog(b)
	gametest.BenchApply(b, Rules{}, setup, log)
}

func BenchmarkReplay(b *testing.B) {
	setup, log := benchLog(b)
	gametest.BenchReplay(b, Rules{}, setup, log)
}

package vault

import (
	"flag"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded matches")

// goldenMatches are the pinned deals: bots (or random moves) play them when -update is set.
var goldenMatches = []gametest.Pinned{
	{Name: "bots-2", Setup: setupFor(2, 1, untimedSelect)},
	{Name: "bots-4", Setup: setupFor(4, 2, untimedSelect)},
	{Name: "bots-6", Setup: setupFor(6, 3, untimedSelect)},
	{Name: "random-3-timed", Setup: setupFor(3, 4, withSelectTimer), Pick: gametest.RandomMoves},
	{Name: "random-5", Setup: setupFor(5, 5, untimedSelect), Pick: gametest.RandomMoves},
}

// untimedSelect pins the goldens recorded before the select timer was on
// by default (H18): their logs never wait for it.
var untimedSelect = map[string]any{"selectTimeoutMs": 0}

func TestGolden(t *testing.T) { gametest.KeepGolden(t, Rules{}, goldenMatches, 2000, *update) }

// FuzzCheck throws arbitrary actions at a 4-seat match in its Boom window
// and, through the seeds, at the other phases' actions.
func FuzzCheck(f *testing.F) {
	setup := setupFor(4, 9, nil)
	st, _ := Rules{}.New(setup)
	m := st.(*match)
	now := gametest.Start
	var prefix []game.Action
	for s, r := range []Rank{Terrorist, D30, Mole, Agent} {
		a := act(s, ActCommit, Commit{Card: int(inHand(m, s, r))}, now)
		prefix = append(prefix, a)
		st.Apply(a, game.RandFor(setup.Seed, len(prefix)))
	}
	gametest.FuzzCheck(f, Rules{}, setup, prefix,
		act(0, ActBoom, nil, now+100),
		act(2, ActSteal, Steal{Card: 13}, now+100),
		act(2, ActNoSteal, nil, now+100),
		act(1, ActSecure, Secure{Choice: ChoiceBank}, now+100),
		act(3, ActCommit, Commit{Card: 50}, now+100),
		game.Action{Seat: game.System, Type: ActBoomTimeout, Data: mustJSON(Timeout{Trick: 1, Step: 2}), At: now + 3000},
	)
}

// benchSetup is the match the bots play for the benchmarks.
var benchSetup = setupFor(6, 5, nil)

func BenchmarkApply(b *testing.B) {
	gametest.BenchApply(b, Rules{}, benchSetup, 2000)
}

func BenchmarkReplay(b *testing.B) {
	gametest.BenchReplay(b, Rules{}, benchSetup, 2000)
}

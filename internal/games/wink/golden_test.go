package wink

import (
	"flag"
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from freshly recorded bot matches")

// goldenMatches are the pinned matches: bots play them when -update is set.
var goldenMatches = []gametest.Pinned{
	{Name: "table-4", Setup: setupFor(4, ModeTable, 1)},
	{Name: "table-6", Setup: setupFor(6, ModeTable, 2)},
	{Name: "remote-5", Setup: setupFor(5, ModeRemote, 3)},
	{Name: "remote-8", Setup: setupFor(8, ModeRemote, 4)},
}

func TestGolden(t *testing.T) { gametest.KeepGolden(t, Rules{}, goldenMatches, 20000, *update) }

// FuzzCheck throws arbitrary actions at a match in its first real turn.
func FuzzCheck(f *testing.F) {
	setup := setupFor(5, ModeRemote, 9)
	var prefix []game.Action
	st, _ := Rules{}.New(setup)
	now := gametest.Start
	for i := 0; ; i++ {
		if st.(*match).phase != PhaseDeal {
			break
		}
		a := game.Action{Seat: st.Next().Seats[0], Type: ActTakeCards, At: now}
		st.Apply(a, game.RandFor(setup.Seed, i+1))
		prefix = append(prefix, a)
		now += 100
	}
	gametest.FuzzCheck(f, Rules{}, setup, prefix,
		game.Action{Seat: 1, Type: ActAccuse, Data: []byte(`{"winker":2,"target":3,"epoch":0}`), At: now},
		game.Action{Seat: 0, Type: ActClaim, Data: []byte(`{"location":"FOU","epoch":0}`), At: now},
		game.Action{Seat: 0, Type: ActSwap, Data: []byte(`{"agent":true,"location":true,"epoch":0}`), At: now},
		game.Action{Seat: 2, Type: ActSetFocus, Data: []byte(`{"seat":1}`), At: now},
		game.Action{Seat: -1, Type: ActTurnTimeout, Data: []byte(`{"step":5}`), At: now + 60000},
		game.Action{Seat: 3, Type: ActWink, At: now},
	)
}

// BenchmarkApply plays whole remote matches of eight players, and of four
// (the load tool's rooms).
func BenchmarkApply(b *testing.B) {
	for _, n := range []int{8, 4} {
		b.Run(fmt.Sprintf("%d-players", n), func(b *testing.B) {
			setup := setupFor(n, ModeRemote, 5)
			gametest.BenchApply(b, Rules{}, setup, 20000)
		})
	}
}

func BenchmarkReplay(b *testing.B) {
	setup := setupFor(8, ModeRemote, 5)
	gametest.BenchReplay(b, Rules{}, setup, 20000)
}

// BenchmarkLegal lists every seat's moves at forty points of a remote
// match of four, as a room does for each of its phones after every action.
func BenchmarkLegal(b *testing.B) {
	setup := setupFor(4, ModeRemote, 5)
	log := gametest.RandomPlay(b, Rules{}, setup, 20000, gametest.BotMoves(Bot{}))
	var states []game.State
	for i := 1; i <= 40; i++ {
		st, err := game.Replay(Rules{}, setup, log[:i*(len(log)-1)/40])
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, st)
	}
	for b.Loop() {
		for _, st := range states {
			for s := range game.Seat(4) {
				st.Legal(s)
			}
		}
	}
}

package wink

import (
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// TestAbsentSeat plays bots against a seat whose player never acts, with
// the default time limits: the first-round draw, its turns (a pass) and
// the claims it must answer run out, and the game still ends.
func TestAbsentSeat(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{ModeTable, ModeRemote} {
		for _, n := range []int{4, 6} {
			t.Run(fmt.Sprintf("%s/%d", mode, n), func(t *testing.T) {
				t.Parallel()
				absent := game.Seat(n - 1)
				bots := make([]game.Bot, n)
				for i := range absent {
					bots[i] = Bot{}
				}
				log := gametest.Play(t, Rules{}, setupFor(n, mode, 40+n), gametest.Seats(bots...),
					gametest.Options{MaxSteps: 20000, LeakEvery: 11})
				timeouts := map[string]int{}
				for _, a := range log {
					if a.Seat == absent {
						t.Fatalf("the absent seat acted: %+v", a)
					}
					if a.Seat == game.System {
						timeouts[a.Type]++
					}
				}
				if timeouts[ActDealTimeout] == 0 || timeouts[ActTurnTimeout] == 0 {
					t.Fatalf("timers that fired: %v; want the absent seat's draw and turns", timeouts)
				}
			})
		}
	}
}

// A bot notices a share of the winks it sees that depends on its
// strength, decided once per sighting.
func TestBot_NoticesByStrength(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		level  game.Strength
		lo, hi int // of 1000 sightings
	}{
		{game.Sharp, 1000, 1000},
		{game.Regular, 740, 860},
		{game.Beginner, 430, 570},
	} {
		t.Run(string(c.level), func(t *testing.T) {
			n := 0
			for i := range 1000 {
				b := botTurn{v: SeatView{Me: i % 5}, level: c.level}
				s := Sighting{At: gametest.Start + int64(i)*977, From: (i + 1) % 5, To: (i + 3) % 5, Epoch: i % 3}
				if b.notices(s) {
					n++
				}
				if b.notices(s) != b.notices(s) {
					t.Fatal("a sighting noticed once and missed once")
				}
			}
			if n < c.lo || n > c.hi {
				t.Fatalf("noticed %d of 1000 winks, want %d–%d", n, c.lo, c.hi)
			}
		})
	}
}

// Strength is measurable in play: in Remote Eyes games where the even
// seats are sharp and the odd seats beginners, the sharp bots catch more
// winks.
func TestBot_SharpCatchesMore(t *testing.T) {
	t.Parallel()
	caught := map[game.Strength]int{}
	for seed := range 12 {
		bots := make([]game.Bot, 6)
		for i := range bots {
			bots[i] = Bot{Strength: []game.Strength{game.Sharp, game.Beginner}[i%2]}
		}
		_, log := gametest.Run(t, Rules{}, setupFor(6, ModeRemote, 700+seed), gametest.Seats(bots...), 20000)
		for _, a := range log {
			if a.Type == ActAccuse {
				caught[[]game.Strength{game.Sharp, game.Beginner}[a.Seat%2]]++
			}
		}
	}
	if caught[game.Sharp] <= caught[game.Beginner] {
		t.Fatalf("accusations %v, want more by the sharp seats", caught)
	}
	t.Logf("accusations: %v", caught)
}

// The holder's turn is a decision that must land before the turn timer;
// catching a wink is a reflex with no window.
func TestBot_Pace(t *testing.T) {
	t.Parallel()
	m := fixture()
	turnEnds := m.phaseAt + int64(m.opts.TurnTimeoutMs)
	for _, c := range []struct {
		typ  string
		want game.Pace
	}{
		{ActPass, game.Pace{Think: game.Decision, By: turnEnds}},
		{ActSwap, game.Pace{Think: game.Decision, By: turnEnds}},
		{ActClaim, game.Pace{Think: game.Decision, By: turnEnds}},
		{ActAccuse, game.Pace{Think: game.Reflex}},
		{ActSetFocus, game.Pace{Think: game.Reflex}},
		{ActWink, game.Pace{Think: game.Decision}},
	} {
		if got := (Bot{}).Pace(m, game.Action{Seat: tom, Type: c.typ}); got != c.want {
			t.Errorf("%s: pace %+v, want %+v", c.typ, got, c.want)
		}
	}
}

// Two bots holding the suitcase in the same spot do not all do the same.
func TestBot_VariesInTheSameSpot(t *testing.T) {
	t.Parallel()
	m := fixture()
	chosen := map[string]int{}
	for i := range 100 {
		a, ok := Bot{}.Act(m, tom, gametest.Start, game.RandFor(game.Seed{byte(i)}, i))
		if !ok {
			t.Fatal("the holder does nothing")
		}
		chosen[a.Type+string(a.Data)]++
	}
	if len(chosen) < 2 {
		t.Fatalf("every bot chose %v", chosen)
	}
}

package inkognito

import (
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// Strength is measurable: one sharp bot among beginners scores in clearly
// more than its fair share of 150 seeded games (3p: a third, 4p: half),
// taking each seat in turn.
func TestBot_SharpScoresMore(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n, atLeast int // of 150 games
	}{{3, 58}, {4, 83}} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			t.Parallel()
			scored := 0
			for seed := range 150 {
				sharp := seed % c.n
				bots := make([]game.Bot, c.n)
				for i := range bots {
					bots[i] = Bot{Strength: game.Beginner}
				}
				bots[sharp] = Bot{Strength: game.Sharp}
				var s game.Seed
				s[0], s[1], s[2] = byte(seed), byte(c.n), 5
				setup := game.Setup{Game: "inkognito", Seats: c.n, Seed: s, Started: gametest.Start}
				st, _ := gametest.Run(t, Rules{}, setup, gametest.Seats(bots...), 20000)
				if res, _ := st.Result(); res.Points[sharp] > 0 {
					scored++
				}
			}
			if scored < c.atLeast {
				t.Fatalf("the sharp bot scored in %d of 150 games, want at least %d", scored, c.atLeast)
			}
		})
	}
}

// Two bots in the same spot with different streams choose differently:
// the first location card of a 4p game, asked 200 times.
func TestBot_VariesInTheSameSpot(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		level    game.Strength
		distinct int
	}{{game.Sharp, 2}, {game.Regular, 3}, {game.Beginner, 4}} {
		t.Run(string(c.level), func(t *testing.T) {
			m := ex()
			chosen := map[string]int{}
			for i := range 200 {
				a, ok := Bot{Strength: c.level}.Act(m, you, gametest.Start, game.RandFor(game.Seed{byte(i), 2}, i))
				if !ok {
					t.Fatal("the bot does not play")
				}
				chosen[string(a.Data)]++
			}
			if len(chosen) < c.distinct {
				t.Fatalf("choices %v, want at least %d different", chosen, c.distinct)
			}
		})
	}
}

// A location card is a decision and a meeting action is weighed; both
// must land before the running time limit.
func TestBot_Pace(t *testing.T) {
	t.Parallel()
	m := ex(timed)
	by := m.timer().At
	for _, c := range []struct {
		typ  string
		want game.Think
	}{
		{ActPlay, game.Decision}, {ActCommit, game.Decision}, {ActChooseBlack, game.Decision},
		{ActShowPair, game.Ponder}, {ActDial, game.Ponder}, {ActRequest, game.Ponder},
	} {
		if got := (Bot{}).Pace(m, game.Action{Seat: you, Type: c.typ}); got != (game.Pace{Think: c.want, By: by}) {
			t.Errorf("%s: pace %+v, want think %d by %d", c.typ, got, c.want, by)
		}
	}
	if got := (Bot{}).Pace(ex(), game.Action{Seat: you, Type: ActPlay}); got.By != 0 {
		t.Errorf("untimed game: pace %+v, want no window", got)
	}
}

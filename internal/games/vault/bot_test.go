package vault

import (
	"fmt"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// TestAbsentSeat plays bots against a seat whose player never acts, with
// the default options: the select timer commits its cards, its Boom
// window passes, its mole steals nothing, its lone cards stay at stake,
// and the deal still ends.
func TestAbsentSeat(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 4, 6} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			bots := make([]game.Bot, n)
			for i := range n - 1 {
				bots[i] = Bot{}
			}
			log := gametest.Play(t, Rules{}, setupFor(n, 300+n, nil), gametest.Seats(bots...),
				gametest.Options{MaxSteps: 3000, LeakEvery: 8})
			timeouts := 0
			for _, a := range log {
				if a.Seat == game.System && a.Type == ActSelectTimeout {
					timeouts++
				}
				if a.Seat == game.Seat(n-1) {
					t.Fatalf("the absent seat acted: %+v", a)
				}
			}
			st, err := game.Replay(Rules{}, setupFor(n, 300+n, nil), log)
			if err != nil {
				t.Fatal(err)
			}
			if tricks := st.(*match).tricks; timeouts != tricks {
				t.Fatalf("%d select timeouts, want one per trick (%d)", timeouts, tricks)
			}
		})
	}
}

// strengthBots is n bots at strength s.
func strengthBots(n int, s game.Strength) []game.Bot {
	out := make([]game.Bot, n)
	for i := range out {
		out[i] = Bot{Strength: s}
	}
	return out
}

// Two bots in the same spot with different streams choose differently:
// the first card of a 4-seat deal, asked 200 times.
func TestBot_VariesInTheSameSpot(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		level    game.Strength
		distinct int // at least this many different cards
		maxShare int // no card chosen more often than this, of 200
	}{
		{game.Sharp, 2, 190},
		{game.Regular, 3, 150},
		{game.Beginner, 4, 120},
	} {
		t.Run(string(c.level), func(t *testing.T) {
			st, _ := Rules{}.New(setupFor(4, 77, nil))
			chosen := map[string]int{}
			for i := range 200 {
				a, ok := Bot{Strength: c.level}.Act(st, 0, gametest.Start, game.RandFor(game.Seed{byte(i), 1}, i))
				if !ok {
					t.Fatal("the bot does not commit")
				}
				chosen[string(a.Data)]++
			}
			most := 0
			for _, k := range chosen {
				most = max(most, k)
			}
			if len(chosen) < c.distinct || most > c.maxShare {
				t.Fatalf("choices %v: %d different, the commonest %d times; want ≥ %d different, ≤ %d",
					chosen, len(chosen), most, c.distinct, c.maxShare)
			}
		})
	}
}

// Two regular bots rarely end a two-player deal with equal safes: before
// bots used their stream for near-ties, almost half of all deals did.
func TestBot_SafesDiffer(t *testing.T) {
	t.Parallel()
	same := 0
	for seed := range 200 {
		st, _ := gametest.Run(t, Rules{}, setupFor(2, 5000+seed, nil), gametest.Seats(strengthBots(2, game.Regular)...), 3000)
		res, _ := st.Result()
		if res.Points[0] == res.Points[1] {
			same++
		}
	}
	if same > 50 {
		t.Fatalf("%d of 200 deals ended with equal safes, want at most 50", same)
	}
}

// Strength is measurable: a sharp bot beats a beginner in most of 200
// seeded two-player deals, each taking either seat half the time.
func TestBot_SharpBeatsBeginner(t *testing.T) {
	t.Parallel()
	wins, losses := 0, 0
	for seed := range 200 {
		sharp := seed % 2
		bots := strengthBots(2, game.Beginner)
		bots[sharp] = Bot{Strength: game.Sharp}
		st, _ := gametest.Run(t, Rules{}, setupFor(2, 7000+seed, nil), gametest.Seats(bots...), 3000)
		res, _ := st.Result()
		switch p := res.Points; {
		case p[sharp] > p[1-sharp]:
			wins++
		case p[sharp] < p[1-sharp]:
			losses++
		}
	}
	if wins <= 100 {
		t.Fatalf("sharp won %d and lost %d of 200 deals against a beginner, want a majority", wins, losses)
	}
	t.Logf("sharp against beginner: %d wins, %d losses, %d ties", wins, losses, 200-wins-losses)
}

// The bot paces like a person: a card is weighed, Boom and a grab are
// reflexes, bank or keep a decision, all before the window closes.
func TestBot_Pace(t *testing.T) {
	t.Parallel()
	m := fixture(4)
	deadline, _ := m.deadline()
	for _, c := range []struct {
		typ  string
		want game.Think
	}{
		{ActCommit, game.Ponder}, {ActBoom, game.Reflex}, {ActSteal, game.Reflex},
		{ActNoSteal, game.Reflex}, {ActSecure, game.Decision},
	} {
		got := Bot{}.Pace(m, game.Action{Seat: 0, Type: c.typ})
		if got.Think != c.want || got.By != deadline {
			t.Errorf("%s: pace %+v, want think %d by %d", c.typ, got, c.want, deadline)
		}
	}
}

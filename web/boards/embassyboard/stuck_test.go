package embassyboard_test

import (
	"testing"

	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit/boardtest"
)

// TestPhone_RareMoments finds the rarer moments in real matches and
// checks the stuck player's phone: a spy hemmed in before the roll or
// blocked after it (swap bodyguards or pass), and no-cards mode, where a
// spy may walk up to another and challenge it (a pick form per target,
// with a switch between moving and each walk).
func TestPhone_RareMoments(t *testing.T) {
	moments := []struct {
		name string
		cond func(*embassy.TableView) bool
	}{
		{"immobile", func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseImmobile }},
		{"blocked", func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseBlocked }},
		{"swap", func(tv *embassy.TableView) bool {
			return (tv.Phase == embassy.PhaseBlocked || tv.Phase == embassy.PhaseImmobile) && len(tv.Blockers) > 0
		}},
		{"no cards", func(tv *embassy.TableView) bool { return tv.Phase == embassy.PhaseMove && len(tv.Approaches) > 0 }},
	}
	for _, mo := range moments {
		t.Run(mo.name, func(t *testing.T) {
			t.Parallel()
			m := anyOf(t, mo.cond)
			checkPhone(t, m)
			if tv := m.table(); len(tv.Approaches) > 0 {
				doc, _ := boardtest.Render(t, embassyboard.Game, m.phone(tv.Awaiting))
				if got, want := doc.Find(`[data-testid="embassy-pick-challenge_move"]`).Length(), len(tv.Approaches); got != want {
					t.Fatalf("%d walk-up forms, want %d", got, want)
				}
				if got, want := doc.Find(`input[name="em-mode"]`).Length(), len(tv.Approaches)+1; got != want {
					t.Fatalf("%d modes to switch between, want %d", got, want)
				}
			}
		})
	}
}

// anyOf is a bot-played match of any size stopped at the first moment
// cond holds, trying seeds until one gets there.
func anyOf(t *testing.T, cond func(*embassy.TableView) bool) *match {
	t.Helper()
	for seed := byte(1); seed < 250; seed++ {
		for n := embassy.MinPlayers; n <= embassy.MaxPlayers; n++ {
			m := newMatch(t, n, seed)
			if m.until(cond) {
				t.Logf("%d players, seed %d, turn %d", n, seed, m.table().Turn)
				return m
			}
		}
	}
	t.Fatal("no match among 750 gets there")
	return nil
}

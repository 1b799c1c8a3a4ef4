package gametest

import (
	"testing"

	"topsecret/internal/game"
)

// FuzzCheck fuzzes Check on the match reached by replaying prefix: any
// action must be refused with a *game.RuleError that leaves every view
// unchanged, or be accepted and then apply without panicking and keep the
// invariant. seeds prime the corpus.
func FuzzCheck(f *testing.F, rules game.Rules, setup game.Setup, prefix []game.Action, seeds ...game.Action) {
	f.Helper()
	for _, a := range seeds {
		f.Add(int(a.Seat), a.Type, []byte(a.Data), a.At)
	}
	f.Fuzz(func(t *testing.T, seat int, typ string, data []byte, at int64) {
		st, err := game.Replay(rules, setup, prefix)
		if err != nil {
			t.Fatalf("prefix: %v", err)
		}
		a := game.Action{Seat: game.Seat(seat), Type: typ, Data: data, At: at}
		before := Views(t, st, setup.Seats)
		if err := st.Check(a); err != nil {
			MustRuleError(t, err)
			SameViews(t, "after refusal", Views(t, st, setup.Seats), before)
			return
		}
		st.Apply(a, game.RandFor(setup.Seed, len(prefix)+1))
		CheckInvariant(t, st, "after fuzzed action")
		Views(t, st, setup.Seats)
	})
}

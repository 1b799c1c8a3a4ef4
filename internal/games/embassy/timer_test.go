package embassy

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func TestTimeout_OK(t *testing.T) {
	t.Parallel()
	m := four()
	tm := timerOf(t, m, ActTimeout)
	if want := m.stepAt + int64(DefaultOptions().TurnTimeoutMs); tm.At != want {
		t.Fatalf("turn timer at %d, want %d", tm.At, want)
	}
	if v := m.View(game.TableViewer()).(*TableView); v.Timer == nil || v.Timer.At != tm.At || v.Timer.Kind != "turn" {
		t.Fatalf("view timer %+v", v.Timer)
	}
	early, stale := tm.Fires, tm.Fires
	early.At = tm.At - 1
	stale.At, stale.Data = tm.At, mustJSON(Timeout{Turn: m.turn, Step: m.step + 1})
	due := tm.Fires
	due.At = tm.At
	newScript().
		refused("early", "H4", early).
		refused("stale", "H4", stale).
		ok("due: the dice are rolled", due, check(func(tb testing.TB, m *match) {
			if m.roll == nil || m.phase == PhaseRoll {
				tb.Fatalf("no roll after the timeout (phase %s)", m.phase)
			}
		})).run(t, m)
}

func TestTimeout_ErrStaleAfterAction(t *testing.T) {
	t.Parallel()
	m := four()
	tm := timerOf(t, m, ActTimeout)
	newScript().roll(blue, 2, 3).refused("the roll's timer", "H4", game.Action{Seat: game.System,
		Type: ActTimeout, Data: tm.Fires.Data, At: tm.At + 1000}).run(t, m)
}

func TestTimeout_Off(t *testing.T) {
	t.Parallel()
	m := four(func(f *fx) { f.m.opts.TurnTimeoutMs, f.m.opts.ChoiceTimeoutMs = 0, 0 })
	if ts := m.Next().Timers; len(ts) != 0 {
		t.Fatalf("timers %+v with limits off", ts)
	}
	a := game.Action{Seat: game.System, Type: ActTimeout, Data: mustJSON(Timeout{Turn: 1, Step: 0}), At: 1 << 60}
	if re := gametest.MustRuleError(t, m.Check(a)); re.Rule != "H4" {
		t.Fatalf("refusal %v", re)
	}
}

// TestTimeout_DefaultsEverywhere lets only the clock play: every waiting
// point's default must be legal, and the match must move through every phase.
func TestTimeout_DefaultsEverywhere(t *testing.T) {
	t.Parallel()
	seen := map[Phase]bool{}
	for seed := range gametest.Seeds(6, 2) {
		setup := setupFor(2+seed%3, 900+seed, fastTimers)
		st, err := Rules{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		m := st.(*match)
		for i := 0; i < 1500 && m.phase != PhaseOver; i++ {
			seen[m.phase] = true
			ts := m.Next().Timers
			next := ts[0]
			for _, tm := range ts {
				if tm.At < next.At {
					next = tm
				}
			}
			a := next.Fires
			a.At = next.At
			if err := game.Step(m, setup.Seed, i, a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if err := m.Invariant(); err != nil {
				t.Fatalf("seed %d after %s: %v", seed, a.Type, err)
			}
		}
	}
	for _, p := range []Phase{PhaseRoll, PhaseMove, PhaseChallenge, PhaseGuess, PhasePenalty, PhaseKeep, PhaseSlot,
		PhaseFifth, PhasePlace} {
		if !seen[p] {
			t.Errorf("timeouts never reached phase %s", p)
		}
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
	raw, err := Rules{}.Options(nil)
	if err != nil {
		t.Fatal(err)
	}
	var o Options
	if err := json.Unmarshal(raw, &o); err != nil || o != DefaultOptions() {
		t.Fatalf("defaults %s (%v)", raw, err)
	}
	for _, bad := range []string{`{"turnTimeoutMs":5}`, `{"choiceTimeoutMs":-1}`, `{"revealMs":0}`,
		`{"revealMs":20000}`, `{"speed":1}`} {
		if _, err := (Rules{}).Options(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
		if _, err := (Rules{}).New(game.Setup{Seats: 2, Options: json.RawMessage(bad)}); err == nil {
			t.Errorf("New with %s accepted", bad)
		}
	}
	if _, err := (Rules{}).Options(json.RawMessage(`{"turnTimeoutMs":0,"revealMs":2000}`)); err != nil {
		t.Errorf("limits off refused: %v", err)
	}
	for _, n := range []int{1, 5} {
		if _, err := (Rules{}).New(game.Setup{Seats: n}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
}

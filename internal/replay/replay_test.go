package replay_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/internal/replay"
	"topsecret/internal/store"
)

const remote4 = `{"mode":"remote","agentCardsRemovedPerPlayer":4}`

func viewers(n int) []game.Viewer {
	vs := []game.Viewer{game.OmniscientViewer(), game.TableViewer()}
	for s := 0; s < n; s++ {
		vs = append(vs, game.SeatViewer(game.Seat(s)))
	}
	return vs
}

func asJSON(tb testing.TB, v any) string {
	tb.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// prefixView is the reference: game.Replay of the first i actions.
func prefixView(tb testing.TB, m store.Match, log []store.ActionRecord, i int, v game.Viewer) string {
	tb.Helper()
	acts := make([]game.Action, i)
	for j := range acts {
		acts[j] = log[j].Action
	}
	st, err := game.Replay(wink.Rules{}, m.Setup, acts)
	if err != nil {
		tb.Fatal(err)
	}
	return asJSON(tb, st.View(v))
}

// Every step, visited in random order, shows every viewer exactly what a
// replay of that prefix of the log shows.
func TestTimeline_Frame(t *testing.T) {
	t.Parallel()
	m, log := mustPlay(t, 4, "frame", remote4)
	tl, err := replay.New(wink.Rules{}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tl.Len(), len(log)+1; got != want {
		t.Fatalf("Len=%d, want %d", got, want)
	}
	r := rand.New(rand.NewPCG(1, 2))
	order := r.Perm(tl.Len())
	for _, i := range order[:min(len(order), 60)] {
		for _, v := range viewers(4) {
			f, err := tl.Frame(i, v)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := asJSON(t, f.View), prefixView(t, m, log, i, v); got != want {
				t.Fatalf("step %d viewer %+v:\n got %s\nwant %s", i, v, got, want)
			}
			if len(f.Text) == 0 || f.Text[0].Msg.ID == "" {
				t.Fatalf("step %d viewer %+v: no description", i, v)
			}
		}
		st, err := tl.Step(i)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := asJSON(t, st.View(game.OmniscientViewer())), prefixView(t, m, log, i, game.OmniscientViewer()); got != want {
			t.Fatalf("Step(%d) differs from the prefix replay", i)
		}
	}
	res, over := tl.Result()
	if !over || !equalJSON(t, res, *m.Result) {
		t.Fatalf("Result=%+v %v, want %+v", res, over, *m.Result)
	}
}

func equalJSON(tb testing.TB, a, b any) bool { return asJSON(tb, a) == asJSON(tb, b) }

// Private events reach only their audience.
func TestTimeline_Events(t *testing.T) {
	t.Parallel()
	m, log := mustPlay(t, 4, "events", remote4)
	tl, err := replay.New(wink.Rules{}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	if got := tl.Describe(0, game.TableViewer()); len(got) != 1 || got[0].Msg.ID != "game.replay.dealt" {
		t.Fatalf("step 0 = %+v", got)
	}
	private := 0
	for i := 1; i < tl.Len(); i++ {
		all := tl.Events(i, game.OmniscientViewer())
		table := tl.Events(i, game.TableViewer())
		if len(table) > len(all) {
			t.Fatalf("step %d: the table reads more than the omniscient view", i)
		}
		for _, e := range tl.Info(i).Events {
			if !e.Public() {
				private++
				if e.For(game.TableViewer()) {
					t.Fatalf("step %d: a private event reaches the table", i)
				}
			}
		}
		for _, line := range all {
			if line.Msg.ID == "" {
				t.Fatalf("step %d: an event without a message", i)
			}
		}
		if a := tl.Info(i).Action; a == nil || asJSON(t, *a) != asJSON(t, log[i-1].Action) {
			t.Fatalf("step %d: action %+v, want %+v", i, a, log[i-1].Action)
		}
	}
	if private == 0 {
		t.Log("no private events in this match")
	}
}

// Turns and rounds start at the deal and move forward.
func TestTimeline_Turns(t *testing.T) {
	t.Parallel()
	m, log := mustPlay(t, 4, "turns", `{"mode":"table"}`)
	tl, err := replay.New(wink.Rules{}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	turns, rounds := tl.Turns(), tl.Rounds()
	if len(turns) < 4 || turns[0] != 0 || len(rounds) < 2 || rounds[0] != 0 {
		t.Fatalf("turns %v rounds %v", turns, rounds)
	}
	if len(rounds) >= len(turns) {
		t.Fatalf("%d rounds for %d turns", len(rounds), len(turns))
	}
	// The first round is the deal: one take per seat, so it lasts 4 turns.
	if got := tl.Info(rounds[1]).Turn; got != 5 {
		t.Fatalf("round 2 starts at turn %d, want 5 (turns %v rounds %v)", got, turns, rounds)
	}
	for i := 1; i < tl.Len(); i++ {
		a, b := tl.Info(i-1), tl.Info(i)
		if b.Turn < a.Turn || b.Round < a.Round {
			t.Fatalf("step %d: turn/round went back", i)
		}
	}
}

func TestVerify(t *testing.T) {
	t.Parallel()
	m, log := mustPlay(t, 4, "verify", remote4)
	tests := []struct {
		name   string
		tamper func(m *store.Match, log []store.ActionRecord) []store.ActionRecord
		want   string // "" = valid
	}{
		{"OK", nil, ""},
		{"ErrIllegalAction", func(_ *store.Match, l []store.ActionRecord) []store.ActionRecord {
			// The deal starts with one seat's take; anyone else's is refused.
			l[0].Action.Seat = (l[0].Action.Seat + 1) % 4
			return l
		}, "action 0"},
		{"ErrChangedSeed", func(mm *store.Match, l []store.ActionRecord) []store.ActionRecord {
			mm.Setup.Seed[0] ^= 0xff
			return l
		}, "the record does not replay"},
		{"ErrTruncated", func(_ *store.Match, l []store.ActionRecord) []store.ActionRecord { return l[:len(l)-1] }, "not over"},
		{"ErrChangedResult", func(mm *store.Match, l []store.ActionRecord) []store.ActionRecord {
			mm.Result.Winners = []game.Seat{(mm.Result.Winners[0] + 1) % 4}
			return l
		}, "the record says"},
		{"OKAbandoned", func(mm *store.Match, l []store.ActionRecord) []store.ActionRecord {
			res := game.Abandoned(4, 12)
			mm.Result = &res
			return l[:len(l)/2]
		}, ""},
		{"ErrAbandonedAfterItsEnd", func(mm *store.Match, l []store.ActionRecord) []store.ActionRecord {
			res := game.Abandoned(4, 12)
			mm.Result = &res
			return l
		}, "ended early"},
		{"ErrAbandonedWithAWinner", func(mm *store.Match, l []store.ActionRecord) []store.ActionRecord {
			res := game.Abandoned(4, 12)
			res.Winners = []game.Seat{1}
			mm.Result = &res
			return l[:len(l)/2]
		}, "no winner"},
		{"ErrUnfinished", func(mm *store.Match, l []store.ActionRecord) []store.ActionRecord {
			mm.Status, mm.Result = store.StatusPlaying, nil
			return l
		}, "not finished"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mm, res := m, *m.Result
			mm.Result = &res
			l := append([]store.ActionRecord(nil), log...)
			if tt.tamper != nil {
				l = tt.tamper(&mm, l)
			}
			err := replay.Verify(wink.Rules{}, mm, l)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				return
			}
			if err == nil || !errors.Is(err, replay.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Verify = %v, want ErrInvalid mentioning %q", err, tt.want)
			}
			t.Log(err)
		})
	}
}

// The all-seeing view says whose a private notice was, instead of speaking
// to "you" as the notice did on that seat's phone.
func TestTimeline_PrivateNoticesNameTheirReader(t *testing.T) {
	private := 0
	for _, seed := range []string{"a", "b", "c"} {
		m, log := mustPlay(t, 5, seed, `{"mode":"table"}`)
		tl, err := replay.New(wink.Rules{}, m, log)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < tl.Len(); i++ {
			public := len(tl.Events(i, game.TableViewer()))
			for _, l := range tl.Events(i, game.OmniscientViewer()) {
				if len(l.To) == 0 {
					public--
					continue
				}
				private++
			}
			if public != 0 {
				t.Fatalf("step %d: the all-seeing eyes do not read every public line once", i)
			}
			for _, e := range tl.Info(i).Events {
				if !e.Public() && len(tl.Events(i, game.SeatViewer(e.To[0]))) == 0 {
					t.Fatalf("step %d: a private notice does not reach its reader", i)
				}
			}
		}
	}
	if private == 0 {
		t.Fatal("no private notice in three matches: the test checked nothing")
	}
}

// A timeline is rebuilt with the rules its caller hands down, which must be
// the match's game's: another game's, or none, is refused before any deal.
func TestNew_RulesOfAnotherGame(t *testing.T) {
	t.Parallel()
	m, log := mustPlay(t, 4, "rules", remote4)
	for _, rules := range []game.Rules{nil, relayRules{new(int)}} {
		if _, err := replay.New(rules, m, log); err == nil || !strings.Contains(err.Error(), `"wink" is not available`) {
			t.Errorf("New(%v) = %v, want the game refused", rules, err)
		}
	}
}

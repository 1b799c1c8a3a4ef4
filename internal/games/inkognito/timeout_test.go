package inkognito

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// timed gives a fixture the default time limits, its clock starting at
// gametest.Start.
func timed(m *match) {
	d := DefaultOptions()
	m.opts.TurnTimeoutMs, m.opts.MeetingTimeoutMs = d.TurnTimeoutMs, d.MeetingTimeoutMs
	m.clock.Now, m.stageAt = gametest.Start, gametest.Start
}

// after is a stamped ms after gametest.Start.
func after(ms int64, a game.Action) game.Action {
	a.At = gametest.Start + ms
	return a
}

// expiry is the referee's timeout for m's running step, stamped ms after
// gametest.Start.
func expiry(tb testing.TB, m *match, ms int64) game.Action {
	tb.Helper()
	ts := m.Next().Timers
	if len(ts) != 1 {
		tb.Fatalf("%d timers run, want 1", len(ts))
	}
	return after(ms, ts[0].Fires)
}

// hand asserts how many location cards seat s has left this cycle.
func hand(s, want int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := len(sitesOf(m.hands[s])); got != want {
			tb.Fatalf("seat %d holds %d location cards, want %d", s, got, want)
		}
	}
}

// deadline asserts the running time limit's kind and deadline (ms after gametest.Start).
func deadline(kind string, ms int64) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		tm := m.tableView().Timer
		if tm == nil || tm.Kind != kind || tm.At != gametest.Start+ms {
			tb.Fatalf("timer %+v, want %s at +%d ms", tm, kind, ms)
		}
	}
}

// scene runs steps on m; a timer step is built from the state it meets.
func scene(t *testing.T, m *match, steps ...func(*match) gametest.Step) {
	t.Helper()
	for _, s := range steps {
		gametest.Scenario(t, m, m.n, game.Seed{1}, s(m))
	}
}

func fixed(s gametest.Step) func(*match) gametest.Step {
	return func(*match) gametest.Step { return s }
}

// late is the referee's timeout at ms, accepted (rule "") or refused.
func late(t *testing.T, name, rule string, ms int64, th ...then) func(*match) gametest.Step {
	return func(m *match) gametest.Step {
		return gametest.Step{Name: name, Action: expiry(t, m, ms), Rule: rule, Then: thenAll(th)}
	}
}

func TestScenarios_TimeLimits(t *testing.T) {
	t.Parallel()
	t.Run("H17 a late agent's location card is played at random", func(t *testing.T) {
		t.Parallel()
		scene(t, ex(timed),
			fixed(ok("You, with 45 s for Anne", after(10000, play(you, RI)), deadline(TimerTurn, 10000+45000), turn(anne))),
			func(m *match) gametest.Step {
				a := expiry(t, m, 55000)
				a.Seat = anne
				return gametest.Step{Name: "a player cannot run the clock", Action: a, Rule: "H17"}
			},
			late(t, "44.999 s is early", "H17", 54999),
			late(t, "at 45 s a card of Anne's is played", "", 55000, hand(anne, 4), turn(mario),
				said(-1, "inkognito.event.timeout", game.P("who", anne)), deadline(TimerTurn, 55000+45000)),
			fixed(refused("that step's timer is stale now", "timer_stale", after(60000,
				game.Action{Seat: game.System, Type: ActTimeout, Data: mustJSON(TimeoutData{Step: 1})}))),
		)
	})
	t.Run("H17 a meeting's limit runs from the meeting, not from the last answer", func(t *testing.T) {
		t.Parallel()
		scene(t, ex(timed),
			fixed(ok("You", after(1000, play(you, RI)))), fixed(ok("Anne", after(2000, play(anne, RI)))),
			fixed(ok("Mario", after(3000, play(mario, SM)))),
			fixed(ok("David", after(4000, play(david, SM)), phase(PhaseAct, 1), deadline(TimerMeeting, 4000+90000))),
			fixed(ok("You shows a pair late", after(80000, pair(you, "B", "0")), deadline(TimerMeeting, 4000+90000))),
			late(t, "89.999 s is early", "H17", 93999),
			late(t, "at 90 s a new pair of Anne's is shown", "", 94000, phase(PhasePlay, 2),
				said(-1, "inkognito.event.timeout", game.P("who", anne)), columns(you, 1), columns(anne, 1),
				func(tb testing.TB, m *match) {
					if n := len(m.seatView(you).Sheet.Columns[0].Marks); n != 4 {
						tb.Fatalf("You's column has %d marks, want both pairs (4)", n)
					}
				}),
		)
	})
	t.Run("H17 a requested agent's black card is chosen at random", func(t *testing.T) {
		t.Parallel()
		m := ex(timed)
		gametest.Scenario(t, m, 4, game.Seed{1},
			ok("You", play(you, RI)), ok("Anne", play(anne, RI)), ok("Mario", play(mario, SM)), ok("David", play(david, SM)),
			ok("You shows", pair(you, "B", "0")), ok("Anne shows", pair(anne, "F", "11")),
			ok("Anne CA_DORO", play(anne, CD)), ok("Mario ACCADEMIA", play(mario, AC)), ok("David RIALTO", play(david, RI)),
			ok("You ARSENALE", play(you, AR)), ok("You asks David", ask(you, david), phase(PhaseBlack, 2)))
		scene(t, m, late(t, "David is late", "", 90000, phase(PhasePlay, 3), columns(you, 2),
			said(-1, "inkognito.event.timeout", game.P("who", david)), said(-1, "inkognito.event.answered", game.P("who", david))))
	})
	t.Run("H17 the 5p Ambassador's sealed card is chosen at random", func(t *testing.T) {
		t.Parallel()
		m := p5()
		timed(m)
		scene(t, m, late(t, "the Ambassador is late", "", 45000, hand(4, 4), phase(PhasePlay, 1),
			said(-1, "inkognito.event.timeout", game.T("who", termAmbassadorNamed+startForm, game.P("name", game.Seat(4))))))
	})
	t.Run("H17 no timer runs when the host turned the limits off", func(t *testing.T) {
		t.Parallel()
		m := ex()
		if ts := m.Next().Timers; len(ts) != 0 || m.tableView().Timer != nil {
			t.Fatalf("timers %+v with the limits off", ts)
		}
		scene(t, m, fixed(refused("a timeout anyway", "timer_stale",
			game.Action{Seat: game.System, Type: ActTimeout, Data: mustJSON(TimeoutData{Step: 0}), At: 1 << 50})))
	})
}

// TestAbsentSeat plays bots against a seat whose player never acts, with
// the default options: its cards, meeting actions and black cards are
// played by the time limits, and the game still ends with a call.
func TestAbsentSeat(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3, 4, 5} {
		t.Run(string(rune('0'+n)), func(t *testing.T) {
			t.Parallel()
			absent := game.Seat(n - 1)
			bots := make([]game.Bot, n)
			for i := range absent {
				bots[i] = Bot{}
			}
			var s game.Seed
			s[0], s[1] = byte(n), 99
			setup := game.Setup{Game: "inkognito", Seats: n, Seed: s, Started: gametest.Start}
			log := gametest.Play(t, Rules{}, setup, gametest.Seats(bots...), gametest.Options{MaxSteps: 20000, LeakEvery: 5})
			timeouts := 0
			for _, a := range log {
				if a.Seat == absent {
					t.Fatalf("the absent seat acted: %+v", a)
				}
				if a.Type == ActTimeout {
					timeouts++
				}
			}
			if timeouts == 0 {
				t.Fatal("no time limit ran out")
			}
		})
	}
}

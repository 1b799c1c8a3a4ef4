package wink

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func sightings(s int, want ...Sighting) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		got := m.players[s].sightings
		if len(got) != len(want) {
			tb.Fatalf("seat %d saw %+v, want %+v", s, got, want)
		}
		for i, w := range want {
			g := got[i]
			g.Seq, w.Seq = 0, 0
			if g != w {
				tb.Fatalf("seat %d sighting %d = %+v, want %+v", s, i, g, w)
			}
		}
	}
}

func look(s, q int, at int64) gametest.Step {
	return ok("look", act(s, ActSetFocus, SetFocus{Seat: q}, at))
}

func TestScenarios_Remote(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "WR-1 wink seen by the target and an observer", m: fixture(remote),
			steps: []gametest.Step{
				look(julia, jan, 1000), look(jan, julia, 1000), look(marie, julia, 1000), look(tom, jan, 1000),
				ok("wink", act(julia, ActWink, nil, 5000),
					sightings(jan, Sighting{At: 5000, Kind: SightWink, From: julia, To: jan}),
					sightings(marie, Sighting{At: 5000, Kind: SightWink, From: julia, To: jan}),
					sightings(tom), sightings(julia),
					check(func(tb testing.TB, m *match) {
						if !m.winked(julia, jan, 0) {
							tb.Fatal("the wink log lacks Julia→Jan epoch 0")
						}
						if w := m.seatView(marie).Eyes.Watching; w == nil || *w != (Gaze{Seat: julia, Looking: jan}) {
							tb.Fatalf("Marie watches %+v", w)
						}
						if v := m.tableView(); v.Mode != ModeRemote {
							tb.Fatal("mode")
						}
					})),
			}},
		{name: "WR-2 wink at someone other than your contact is refused", m: fixture(remote),
			steps: []gametest.Step{
				look(julia, tom, 1000),
				refused("wink", "R25", act(julia, ActWink, nil, 5000)),
				refused("eyes moving", "C7", act(tom, ActWink, nil, 1000)),
			}},
		{name: "WR-3 signal", m: fixture(remote),
			steps: []gametest.Step{
				look(tom, julia, 1000),
				ok("signal", act(julia, ActSignal, nil, 2000),
					sightings(tom, Sighting{At: 2000, Kind: SightSignal, From: julia, To: -1, Location: "FOU"}),
					sightings(marie)),
				refused("cooldown", "C7", act(julia, ActSignal, nil, 3999)),
			}},
		{name: "WR-4 focus travel", m: fixture(remote),
			steps: []gametest.Step{
				look(julia, jan, 100),
				look(marie, julia, 1000),
				ok("wink while Marie's eyes move", act(julia, ActWink, nil, 1200), sightings(marie),
					check(func(tb testing.TB, m *match) {
						if e := m.seatView(marie).Eyes; !e.Moving || e.Watching != nil || e.FocusEffectiveAt != 1300 {
							tb.Fatalf("Marie's eyes %+v", e)
						}
						if ts := m.Next().Timers; len(ts) != 2 || ts[1].At != 1300 || ts[1].Fires.Type != ActFocusArrived {
							tb.Fatalf("timers %+v", ts)
						}
					})),
				refused("cooldown", "C7", act(julia, ActWink, nil, 3199)),
				ok("eyes arrive", game.Action{Seat: game.System, Type: ActFocusArrived, Data: mustJSON(FocusArrived{Seat: marie, FocusNo: 1}), At: 1300}),
				refused("arrived twice", "C7", game.Action{Seat: game.System, Type: ActFocusArrived, Data: mustJSON(FocusArrived{Seat: marie, FocusNo: 1}), At: 1400}),
				ok("wink again", act(julia, ActWink, nil, 3400), sightings(marie, Sighting{At: 3400, Kind: SightWink, From: julia, To: jan})),
			}},
		{name: "WR-5 claim without a wink (R15)", m: fixture(remote),
			steps: []gametest.Step{
				refused("claim", "R15", act(tom, ActClaim, Claim{Location: "FOU"}, 100)),
				look(tom, julia, 200),
				ok("wink", act(tom, ActWink, nil, 600)),
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 700), phase(PhaseClaim, tom)),
			}},
		{name: "WR-5 a wink with an older card does not count (R15)", m: fixture(remote, agents(P)),
			steps: []gametest.Step{
				look(tom, julia, 200),
				ok("wink", act(tom, ActWink, nil, 600)),
				ok("accuse", act(marie, ActAccuse, Accuse{Winker: tom, Target: julia}, 650), hand(tom, P, Kiosk)),
				refused("claim", "R15", act(tom, ActClaim, Claim{Location: "FOU", Epoch: 1}, 700)),
			}},
		{name: "WR guaranteed delivery tells the target discreetly", m: fixture(remote, func(m *match) { m.opts.WinkDelivery = DeliveryGuaranteed }),
			steps: []gametest.Step{
				look(julia, jan, 100),
				ok("wink", act(julia, ActWink, nil, 1000), sightings(jan, Sighting{At: 1000, Kind: SightWinkedAtYou, From: julia, To: jan}), sightings(tom)),
			}},
	})
}

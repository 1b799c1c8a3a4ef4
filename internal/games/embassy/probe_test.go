package embassy

import "topsecret/internal/game"

// tries is a battery of actions, most of them illegal now.
func tries(m *match) []game.Action {
	var out []game.Action
	w := max(0, m.awaited())
	seats := []int{w, (w + 1) % m.n}
	locs := []string{"4,1", "1,1", "0,20", "0,0", "5,5", "10,10", "0,5", "A", "B"}
	for _, p := range m.players {
		locs = append(locs, p.guard.String(), p.spy.String())
	}
	for _, s := range seats {
		for _, typ := range []string{ActRoll, ActPass, ActKeep, ActDecline, ActReject, ActTimeout} {
			out = append(out, act(s, typ, nil))
		}
		for _, l := range locs {
			out = append(out, move(s, l))
			for q := range m.n {
				out = append(out, approachTo(s, l, q))
			}
		}
		for q := range m.n {
			out = append(out, challenge(s, q), bodyguard(s, q))
		}
		for n := 1; n <= Slots; n++ {
			out = append(out, penalty(s, n), slot(s, n), swap(s, n))
			for _, x := range Secrets {
				out = append(out, guess(s, n, x))
			}
		}
		for e := range numEmbassies {
			out = append(out, place(s, letter(e)))
		}
	}
	t := game.Action{Seat: game.System, Type: ActTimeout, At: m.clock.Now}
	for _, d := range []Timeout{{m.turn, m.step}, {m.turn, m.step - 1}} {
		t.Data = mustJSON(d)
		out = append(out, t)
	}
	out = append(out, game.Action{Seat: game.System, Type: ActHide, Data: mustJSON(Hide{Seq: 1}), At: m.clock.Now},
		game.Action{Seat: game.System, Type: ActRoll, At: m.clock.Now})
	if m.reveal != nil {
		out = append(out, game.Action{Seat: game.System, Type: ActHide, Data: mustJSON(Hide{Seq: m.reveal.seq}), At: m.clock.Now})
	}
	return out
}

// play lets the bot (or, with timeouts, the clock) play up to steps actions
// of m, calling visit with the step's index before each.
func play(m *match, seed game.Seed, steps int, clock bool, visit func(i int)) {
	playSaying(m, seed, steps, clock, visit, func([]game.Event) {})
}

// playSaying plays as play does and hands said what each action said.
func playSaying(m *match, seed game.Seed, steps int, clock bool, visit func(i int), said func([]game.Event)) {
	for i := 0; i < steps && m.phase != PhaseOver; i++ {
		visit(i)
		var a game.Action
		if clock {
			tm := m.Next().Timers[0]
			a = tm.Fires
			a.At = tm.At
		} else {
			var ok bool
			if a, ok = (Bot{}).Act(m, game.Seat(m.awaited()), m.clock.Now+100, game.RandFor(seed, 1<<30+i)); !ok {
				panic("bot does not act")
			}
		}
		evs, err := game.StepEvents(m, seed, i, a)
		if err != nil {
			panic(err)
		}
		said(evs)
	}
}

// probed are the matches the catalogue checks play: bot games of two to
// four players, with and without the clock, and positions the bot rarely
// reaches (immobile, blocked, no cards on the board, a fifth card).
func probed(visit func(m *match, seed game.Seed, steps int, clock bool)) {
	for i := range 6 {
		setup := setupFor(2+i%3, 700+i, fastTimers)
		st, _ := Rules{}.New(setup)
		visit(st.(*match), setup.Seed, 300, false)
		st, _ = Rules{}.New(setup)
		visit(st.(*match), setup.Seed, 60, true)
	}
	for _, m := range []*match{
		four(guardAt(green, "0,1"), guardAt(red, "1,0")),
		four(spyAt(blue, "0,19"), spyAt(red, "0,16")),
		four(fullHolders, spyAt(blue, "5,3"), spyAt(green, "5,8")),
		four(lies("C", "ATOM-3"), holds(blue, "ATOM", "ATOM", "RADAR", "ROCKET"), spyAt(blue, "7,0")),
	} {
		visit(m, game.Seed{9}, 6, false)
	}
}

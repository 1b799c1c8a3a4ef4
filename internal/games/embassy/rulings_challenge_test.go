package embassy

import (
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func TestR03_NoNotes(t *testing.T) {
	t.Parallel()
	m := doublesTable()
	doubles().ok("wrong guess", guess(blue, 1, "PHYSICS"), revealed(false, green, 1, "ATOM")).run(t, m)
	hide := timerOf(t, m, ActHide)
	if want := m.reveal.at + int64(DefaultOptions().RevealMs); hide.At != want {
		t.Fatalf("hide timer at %d, want %d", hide.At, want)
	}
	early := hide.Fires
	early.At = hide.At - 1
	if re := gametest.MustRuleError(t, m.Check(early)); re.Rule != "H5" || re.Code != game.CodeStale {
		t.Fatalf("early hide: %v", re)
	}
	newScript().
		ok("green picks", penalty(green, 1), check(func(tb testing.TB, m *match) {
			if v := m.View(game.TableViewer()).(*TableView); len(v.Transfers) != 1 || v.Reveal == nil {
				tb.Fatalf("after the pick: transfers %v, reveal %v", v.Transfers, v.Reveal)
			}
		})).
		ok("the reveal ends", game.Action{Seat: game.System, Type: ActHide, Data: hide.Fires.Data, At: hide.At},
			check(func(tb testing.TB, m *match) {
				if v := m.View(game.SeatViewer(blue)).(*SeatView); v.Reveal != nil || len(v.Transfers) != 0 {
					tb.Fatalf("after the hide: reveal %v, transfers %v", v.Reveal, v.Transfers)
				}
			})).run(t, m)

	// No event of whole bot games names a secret, except the winner's set at the end.
	for seed := range 6 {
		var log []game.Action
		setup := setupFor(2+seed%3, 500+seed, nil)
		botGame(t, setup, func(_ *match, a game.Action) { log = append(log, a) })
		st, _ := Rules{}.New(setup)
		for i, a := range log {
			evs, err := game.StepEvents(st, setup.Seed, i, a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Msg.ID != "embassy.event.won" && namesSecret(e.Msg) {
					t.Fatalf("event %s names a secret", e.Msg.ID)
				}
			}
		}
	}
}

// namesSecret reports whether a message or any nested term is a secret's name.
func namesSecret(m game.Msg) bool {
	if strings.HasPrefix(m.ID, "embassy.secret.") {
		return true
	}
	for _, a := range m.Args {
		if slices.ContainsFunc(a.Terms, namesSecret) {
			return true
		}
	}
	return false
}

func timerOf(tb testing.TB, m *match, typ string) game.Timer {
	tb.Helper()
	for _, tm := range m.Next().Timers {
		if tm.Fires.Type == typ {
			return tm
		}
	}
	tb.Fatalf("no %s timer armed", typ)
	return game.Timer{}
}

func TestR15_DoublesChallenge(t *testing.T) {
	t.Parallel()
	m := four(holds(blue, "RADAR"), spyAt(blue, "A"), holds(green, "ATOM"), spyAt(green, "10,12"))
	newScript().roll(blue, 2, 2, phaseIs(PhaseChallenge)).
		refused("move", "R15", move(blue, "5,2")).
		refused("challenge move", "R15", approachTo(blue, "10,11", green)).
		ok("from inside USA, across the board", challenge(blue, green), guardIs(blue, "10,12"), spyIs(blue, "A")).run(t, m)
}

func TestR16_Guess(t *testing.T) {
	t.Parallel()
	doubles().
		refused("slot 2 is empty", "R16", guess(blue, 2, "ATOM")).
		ok("slot 3", guess(blue, 3, "RADAR"), phaseIs(PhasePenalty)).run(t, doublesTable())
	m := doublesTable()
	doubles().run(t, m)
	if got := len(m.Legal(blue)); got != 2*4 {
		t.Fatalf("%d legal guesses, want 2 slots × 4 sets", got)
	}
}

func TestR17_CorrectGuessWithFullHolder(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 4, 4).ok("challenge", challenge(blue, green)).
		ok("right", guess(blue, 1, "ATOM"), phaseIs(PhaseFifth), handIs(blue, "ATOM"), held(green, 0)).
		ok("keep it in slot 4", swap(blue, 4), phaseIs(PhasePlace), handIs(blue, "PHYSICS")).
		ok("place", place(blue, "A"), holderIs(blue, "RADAR", "RADAR", "ROCKET", "ATOM")).
		run(t, four(holds(red, "ROCKET"), vacant("A"), holds(blue, "RADAR", "RADAR", "ROCKET", "PHYSICS"),
			holds(green, "ATOM"), spyAt(green, "5,8")))
}

func TestR18_WrongGuessPenalty(t *testing.T) {
	t.Parallel()
	m := four(holds(blue, "RADAR"), holds(green, "ATOM", "ATOM", "ROCKET", "ROCKET"), vacant("A"), spyAt(green, "5,8"))
	newScript().roll(blue, 5, 5).ok("challenge", challenge(blue, green)).
		ok("wrong", guess(blue, 1, "PHYSICS"), phaseIs(PhasePenalty), check(awaits(green))).
		refused("blue's slot 2 is empty", "R18", penalty(green, 2)).
		refused("blue may not pick", "§8", penalty(blue, 1)).
		ok("green picks slot 1 unseen", penalty(green, 1), phaseIs(PhaseKeep), handIs(green, "RADAR"), held(blue, 0)).
		ok("keeps it", act(green, ActKeep, nil), phaseIs(PhaseFifth)).
		ok("puts it back", act(green, ActReject, nil), phaseIs(PhasePlace)).
		ok("on a vacant embassy", place(green, "A"), embassyHolds("A", "RADAR"), activeIs(green)).
		run(t, m)
}

func awaits(s int) func(testing.TB, *match) {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.Next().Seats; !slices.Equal(got, []game.Seat{game.Seat(s)}) {
			tb.Fatalf("awaiting %v, want seat %d", got, s)
		}
	}
}

func TestR19_BodyguardStays(t *testing.T) {
	t.Parallel()
	m := doublesTable()
	doubles().ok("right", guess(blue, 1, "ATOM")).ok("slot 2", slot(blue, 2), activeIs(green),
		check(func(tb testing.TB, m *match) {
			if w := m.newWalk(green, 2); w.occ[mustLoc("5,8")] != blocked {
				tb.Fatal("blue's bodyguard does not block green")
			}
		})).
		roll(green, 1, 2).ok("green walks", move(green, "0,17")).
		run(t, m)
	if got := m.players[blue].guard.String(); got != "5,8" {
		t.Fatalf("blue's bodyguard moved to %s", got)
	}
}

func TestR20_NoCardsMode(t *testing.T) {
	t.Parallel()
	table := func() *match { return four(fullHolders, spyAt(blue, "5,3"), spyAt(green, "5,8")) }
	newScript().roll(blue, 4, 1).
		refused("not next to green", "R20", approachTo(blue, "5,6", green)).
		refused("yellow is at home", "R20", approachTo(blue, "5,4", yellow)).
		refused("too far", "R7", approachTo(blue, "5,9", green)).
		run(t, table())
	newScript().roll(blue, 2, 2, phaseIs(PhaseChallenge)).run(t, table())
	newScript().roll(blue, 4, 1, phaseIs(PhaseMove), check(func(tb testing.TB, m *match) {
		if a := m.approaches(); len(a) != 1 || a[0].target != green {
			tb.Fatalf("approaches %+v, want green only", a)
		}
		if !m.View(game.TableViewer()).(*TableView).NoCards {
			tb.Fatal("the table does not show no-cards mode")
		}
	})).ok("or simply walk", move(blue, "A"), activeIs(green)).run(t, table())
}

func TestR21_ImmobileDoesNotRoll(t *testing.T) {
	t.Parallel()
	m := four(guardAt(green, "0,1"), guardAt(red, "1,0"))
	if m.phase != PhaseImmobile {
		t.Fatalf("phase %s", m.phase)
	}
	var types []string
	for _, mv := range m.Legal(blue) {
		types = append(types, mv.Type)
	}
	if !slices.Equal(types, []string{ActBodyguard, ActBodyguard, ActPass}) {
		t.Fatalf("legal %v", types)
	}
	newScript().refused("roll", "§8", act(blue, ActRoll, nil)).
		ok("pass", act(blue, ActPass, nil), activeIs(green), phaseIs(PhaseRoll)).run(t, m)
}

func TestR22_BlockedAfterRoll(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 1, 2, phaseIs(PhaseBlocked)).
		refused("move", "§8", move(blue, "0,18")).
		ok("pass", act(blue, ActPass, nil), activeIs(green)).run(t, four(spyAt(blue, "0,19"), spyAt(red, "0,16")))
}

func TestR23_BlockingBodyguards(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		m    *match
		want []int
	}{
		{"next to the only reachable square", four(spyAt(blue, "0,19"), guardAt(green, "0,17")), []int{green}},
		{"next to the spy", four(guardAt(green, "0,1"), guardAt(red, "1,0")), []int{green, red}},
		{"at home never", four(spyAt(blue, "0,19"), spyAt(red, "0,16")), nil},
		{"next to a square reached through a tunnel", four(spyAt(blue, "5,5"), guardAt(yellow, "16,10")), []int{yellow}},
	}
	for _, c := range cases {
		if got := c.m.blockersOf(blue); !slices.Equal(got, c.want) {
			t.Errorf("%s: blockers %v, want %v", c.name, got, c.want)
		}
	}
}

func TestR24_SwapHelpsTheBlocked(t *testing.T) {
	t.Parallel()
	newScript().ok("swap with green", bodyguard(blue, green), guardIs(blue, "0,1")).
		run(t, four(guardAt(green, "0,1"), guardAt(red, "1,0")))
	newScript().roll(blue, 1, 2).ok("past the own bodyguard", move(blue, "0,3")).
		run(t, four(guardAt(blue, "0,1"), guardAt(red, "1,0")))
}

func TestR25_FourOfAKindWins(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 1, 2).
		ok("a fifth ATOM", move(blue, "A"), phaseIs(PhaseFifth), check(notOver)).
		ok("swap it in", swap(blue, 4), check(notOver)).
		ok("place the RADAR", place(blue, "B"), phaseIs(PhaseOver), wonBy(blue)).
		over("after the end", act(green, ActRoll, nil)).
		run(t, four(lies("A", "ATOM-4"), holds(blue, "ATOM", "ATOM", "ATOM", "RADAR"), vacant("B"), spyAt(blue, "5,2")))
	// The target of a failed challenge wins with the penalty card.
	newScript().roll(blue, 6, 6).ok("challenge", challenge(blue, green)).
		ok("wrong", guess(blue, 1, "RADAR")).
		ok("green picks", penalty(green, 1)).ok("keeps", act(green, ActKeep, nil)).
		ok("slot 4", slot(green, 4), wonBy(green)).
		run(t, four(holds(blue, "ATOM"), holds(green, "ATOM", "ATOM", "ATOM"), spyAt(green, "10,5")))
}

func notOver(tb testing.TB, m *match) {
	tb.Helper()
	if _, over := m.Result(); over {
		tb.Fatal("over too early: a card on ? does not count")
	}
}

func TestR26_ThreePlayersRemovePhysics(t *testing.T) {
	t.Parallel()
	st, _ := Rules{}.New(setupFor(3, 1, nil))
	m := st.(*match)
	if m.sets != [4]bool{true, false, true, true} {
		t.Fatalf("sets %v", m.sets)
	}
	if v := m.View(game.TableViewer()).(*TableView); slices.Contains(v.InPlay, "PHYSICS") {
		t.Fatalf("in play %v", v.InPlay)
	}
}

func TestR27_TwoPlayersOppositeCorners(t *testing.T) {
	t.Parallel()
	st, _ := Rules{}.New(setupFor(2, 1, nil))
	m := st.(*match)
	if got := m.SeatColours(); !slices.Equal(got, []string{"blue", "yellow"}) {
		t.Fatalf("colours %v", got)
	}
	if m.players[0].spy.String() != "0,0" || m.players[1].spy.String() != "20,20" {
		t.Fatalf("spies on %s and %s", m.players[0].spy, m.players[1].spy)
	}
}

func TestR28_NoTurnLimit(t *testing.T) {
	t.Parallel()
	m := four()
	m.turn, m.round = 100000, 25000
	if _, over := m.Result(); over || len(m.Legal(blue)) == 0 {
		t.Fatal("the game ends without four of a kind")
	}
	for _, o := range (Rules{}).Info().Options {
		if strings.Contains(strings.ToLower(o.Key), "limit") || strings.Contains(o.Key, "turns") {
			t.Fatalf("option %s limits the game", o.Key)
		}
	}
}

func TestR29_SpyOnAWell(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 3, 3).ok("challenge the spy on the well", challenge(blue, green), guardIs(blue, "5,5"),
		spyIs(green, "0,20")).
		run(t, four(holds(blue, "ATOM"), holds(green, "RADAR"), spyAt(green, "5,5")))
}

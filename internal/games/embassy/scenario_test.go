package embassy

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
)

// The scenarios of spec §13, one named case each. A spec path is sent as
// its end location (the engine finds the path); where a path is refused,
// no other legal path ends there either.
func TestScenarios_Movement(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		m    *match
		sc   *script
	}{
		{"S01 exact count", four(),
			newScript().roll(blue, 2, 3).
				refused("four steps to (0,4)", "R7", move(blue, "0,4")).
				ok("five steps to (0,5)", move(blue, "0,5"), spyIs(blue, "0,5"), activeIs(green))},
		{"S02 embassy with fewer steps takes the card", four(lies("A", "ATOM-2")),
			newScript().roll(blue, 4, 5).
				ok("enter USA in 7 of 9", move(blue, "A"), spyIs(blue, "A"), phaseIs(PhaseSlot), handIs(blue, "ATOM"),
					embassyHolds("A", ""), seenOnlyBy(blue, "ATOM")).
				ok("slot 1", slot(blue, 1), holderIs(blue, "ATOM", "", "", ""), tableSlots(blue, true, false, false, false))},
		{"S03 never end on forbidden", four(),
			newScript().roll(blue, 2, 3).refused("(4,1) is forbidden", "R8", move(blue, "4,1"))},
		{"S04 no going back", four(),
			newScript().roll(blue, 1, 2).refused("back to (0,1)", "R7", move(blue, "0,1"))},
		{"S05 another spy blocks", four(spyAt(green, "0,3")),
			newScript().roll(blue, 2, 3).refused("through green", "R7", move(blue, "0,5"))},
		{"S05 own bodyguard is passed", four(guardAt(blue, "0,3")),
			newScript().roll(blue, 2, 3).ok("over own bodyguard", move(blue, "0,5"), spyIs(blue, "0,5"))},
		{"S05 own bodyguard is not ended on", four(guardAt(blue, "0,3")),
			newScript().roll(blue, 1, 2).refused("onto own bodyguard", "R11", move(blue, "0,3"))},
		{"S06 no step enters a start square", four(spyAt(blue, "1,0")),
			newScript().roll(blue, 1, 2).refused("via (0,0)", "R7", move(blue, "0,2"))},
		{"S07 one tunnel hop", four(spyAt(blue, "5,5")),
			newScript().roll(blue, 1, 2).
				refused("two hops", "R7", move(blue, "0,11")).
				ok("hop first", move(blue, "15,17"), spyIs(blue, "15,17"))},
		{"S07 the exit well must be free", four(spyAt(blue, "5,5"), spyAt(green, "15,15")),
			newScript().roll(blue, 1, 2).refused("green on (15,15)", "R7", move(blue, "15,17"))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.sc.run(t, c.m)
		})
	}
}

// doublesTable is scenario 8's table: blue RADAR; green ATOM, –, ROCKET on
// (5,8); yellow nothing; red one card inside Canada.
func doublesTable(extra ...func(*fx)) *match {
	return four(append([]func(*fx){holds(blue, "RADAR"), holds(green, "ATOM", "", "ROCKET"), spyAt(green, "5,8"),
		holds(red, "ATOM"), spyAt(red, "B")}, extra...)...)
}

// doubles is scenario 8's steps.
func doubles() *script {
	return newScript().roll(blue, 3, 3, phaseIs(PhaseChallenge)).
		refused("move on doubles", "R15", move(blue, "0,6")).
		refused("red is inside Canada", "R15", challenge(blue, red)).
		ok("challenge green", challenge(blue, green), guardIs(blue, "5,8"), spyIs(green, "0,20"), phaseIs(PhaseGuess))
}

func TestScenarios_Challenges(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		m    *match
		sc   *script
	}{
		{"S08 doubles force a challenge", doublesTable(), doubles()},
		{"S09 a correct guess takes the card", doublesTable(),
			doubles().ok("green slot 3 is ROCKET", guess(blue, 3, "ROCKET"), holderIs(green, "ATOM", "", "", ""),
				phaseIs(PhaseSlot), revealed(true, green, 3, "ROCKET"), legalSlots(blue, 2, 3, 4)).
				ok("slot 2", slot(blue, 2), holderIs(blue, "RADAR", "ROCKET", "", ""), activeIs(green), phaseIs(PhaseRoll))},
		{"S10 a wrong guess shows the card and costs one", doublesTable(vacant("A")),
			doubles().ok("green slot 1 is PHYSICS?", guess(blue, 1, "PHYSICS"), revealed(false, green, 1, "ATOM"),
				holderIs(green, "ATOM", "", "ROCKET", ""), phaseIs(PhasePenalty)).
				ok("green picks blue's slot 1", penalty(green, 1), handIs(green, "RADAR"), phaseIs(PhaseKeep)).
				ok("green declines", act(green, ActDecline, nil), phaseIs(PhasePlace)).
				ok("on USA", place(green, "A"), embassyHolds("A", "RADAR"), held(blue, 0), held(green, 2), activeIs(green))},
		{"S11 doubles without a target move", four(holds(blue, "ATOM")),
			newScript().roll(blue, 3, 3, phaseIs(PhaseMove)).
				refused("five steps", "R7", move(blue, "0,5")).
				ok("six steps", move(blue, "0,6"), spyIs(blue, "0,6"))},
		{"S12 a fifth card is swapped in", four(lies("C", "ATOM-3"), lies("D", "PHYSICS-1"),
			holds(blue, "ATOM", "ATOM", "RADAR", "ROCKET"), vacant("B"), spyAt(blue, "7,0")),
			newScript().roll(blue, 1, 2).
				ok("enter Norway", move(blue, "C"), phaseIs(PhaseFifth), handIs(blue, "ATOM")).
				refused("a sixth slot", "R13", slot(blue, 1)).
				ok("swap with slot 4", swap(blue, 4), phaseIs(PhasePlace), handIs(blue, "ROCKET")).
				refused("back on Norway", "R14", place(blue, "C")).
				refused("on an embassy with a card", "R14", place(blue, "D")).
				ok("on Canada", place(blue, "B"), holderIs(blue, "ATOM", "ATOM", "RADAR", "ATOM"), embassyHolds("B", "ROCKET"))},
		{"S14 four of a kind wins", four(lies("A", "ATOM-4"), holds(blue, "ATOM", "ATOM", "ATOM"), spyAt(blue, "5,2")),
			newScript().roll(blue, 1, 2).
				ok("enter USA", move(blue, "A")).
				ok("slot 4", slot(blue, 4), phaseIs(PhaseOver), wonBy(blue))},
		{"S18 no-cards mode: walk up and challenge", four(fullHolders, spyAt(blue, "5,3"), spyAt(green, "5,8")),
			newScript().roll(blue, 4, 1, phaseIs(PhaseMove)).
				ok("challenge move over the well", approachTo(blue, "5,7", green), guardIs(blue, "5,8"),
					spyIs(green, "0,20"), phaseIs(PhaseGuess))},
		{"S18 a card on an embassy ends no-cards mode", four(fullHolders, spyAt(blue, "5,3"), spyAt(green, "5,8"),
			func(f *fx) { f.m.onEmbassy[0], f.m.players[red].slots[0] = f.m.players[red].slots[0], noCard }),
			newScript().roll(blue, 4, 1).
				refused("challenge move", "R20", approachTo(blue, "5,7", green))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.sc.run(t, c.m)
		})
	}
}

func TestScenarios_Blocking(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		m    *match
		sc   *script
	}{
		{"S15 immobile: swap a bodyguard", four(guardAt(green, "0,1"), guardAt(red, "1,0"), guardAt(blue, "5,8")),
			newScript().
				refused("no roll", "§8", act(blue, ActRoll, nil)).
				ok("swap with green", bodyguard(blue, green), guardIs(blue, "0,1"), guardIs(green, "0,20"), activeIs(green))},
		{"S15 next turn: pass the own bodyguard", four(guardAt(blue, "0,1"), guardAt(red, "1,0")),
			newScript().roll(blue, 1, 2).ok("over own bodyguard", move(blue, "0,3"), spyIs(blue, "0,3"))},
		{"S16 blocked one square away", four(spyAt(blue, "0,19"), guardAt(green, "0,17")),
			newScript().ok("swap with green", bodyguard(blue, green), guardIs(blue, "0,17"), guardIs(green, "0,20"))},
		{"S17 blocked after the roll, no swap", four(spyAt(blue, "0,19"), spyAt(red, "0,16")),
			newScript().roll(blue, 1, 2, phaseIs(PhaseBlocked)).
				refused("red's bodyguard is at home", "R23", bodyguard(blue, red)).
				ok("pass", act(blue, ActPass, nil), activeIs(green))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.sc.run(t, c.m)
		})
	}
	if m := four(spyAt(blue, "0,19"), guardAt(green, "0,17")); m.phase != PhaseImmobile || !slices.Equal(m.blockers, []int{green}) {
		t.Errorf("S16: phase %s, blockers %v; want immobile, [green]", m.phase, m.blockers)
	}
	if m := four(spyAt(blue, "0,19"), spyAt(red, "0,16")); m.phase != PhaseRoll {
		t.Errorf("S17: phase %s, want roll (total 2 reaches (0,17))", m.phase)
	}
	if m := four(guardAt(green, "0,1"), guardAt(red, "1,0"), guardAt(blue, "5,8")); m.phase != PhaseImmobile {
		t.Errorf("S15: phase %s, want immobile", m.phase)
	}
}

// S13: a card placed on the embassy a spy is in is not taken until the spy
// enters again. Two players, so the turn comes back quickly.
func TestScenario13_CardArrivingWhileInside(t *testing.T) {
	t.Parallel()
	m := fixture(coloursFor(2), spyAt(0, "B"), inPhase(1, PhasePlace, "RADAR"), vacant("B"))
	newScript().
		ok("yellow places on Canada", place(1, "B"), embassyHolds("B", "RADAR"), spyIs(0, "B"), held(0, 0), activeIs(0)).
		roll(0, 1, 2).
		refused("re-enter Canada", "R6", move(0, "B")).
		ok("leave Canada", move(0, "5,9"), embassyHolds("B", "RADAR"), held(0, 0)).
		roll(1, 2, 1).
		ok("yellow walks", move(1, "20,17")).
		roll(0, 1, 2).
		ok("enter Canada again", move(0, "B"), phaseIs(PhaseSlot), handIs(0, "RADAR"), embassyHolds("B", "")).
		run(t, m)
}

func TestScenario19_ThreePlayers(t *testing.T) {
	t.Parallel()
	for _, colours := range [][]int{coloursFor(3), {0, 1, 3}} {
		m := fixture(colours, holds(1, "ATOM"), spyAt(1, "5,8"), holds(0, "RADAR"))
		if m.sets[physics] {
			t.Fatal("PHYSICS is in play")
		}
		cards := 0
		for e, c := range m.onEmbassy {
			emptyAtStart := strings.Contains("DHLP", letter(e))
			if c != noCard && c.secret() == physics {
				t.Fatalf("a PHYSICS card on %s", letter(e))
			}
			if c != noCard {
				cards++
			}
			if emptyAtStart && c != noCard {
				t.Fatalf("embassy %s holds a card", letter(e))
			}
		}
		if cards != 10 { // 12 dealt, 2 in holders
			t.Fatalf("%d cards on embassies, want 10", cards)
		}
		newScript().roll(0, 2, 2).ok("challenge", challenge(0, 1)).
			refused("PHYSICS is out", "R16", guess(0, 1, "PHYSICS")).run(t, m)
	}
	st, _ := Rules{}.New(setupFor(3, 5, nil))
	m := st.(*match)
	for e, c := range m.onEmbassy {
		if (c == noCard) != strings.Contains("DHLP", letter(e)) {
			t.Fatalf("3-player deal: embassy %s holds %s", letter(e), c)
		}
	}
}

func TestScenario20_DeterministicDeal(t *testing.T) {
	t.Parallel()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		a, _ := Rules{}.New(setupFor(n, 42, nil))
		b, _ := Rules{}.New(setupFor(n, 42, nil))
		ma, mb := a.(*match), b.(*match)
		if ma.onEmbassy != mb.onEmbassy || ma.first != mb.first {
			t.Fatalf("%d players: two deals of one seed differ", n)
		}
		c, _ := Rules{}.New(setupFor(n, 43, nil))
		if c.(*match).onEmbassy == ma.onEmbassy {
			t.Fatalf("%d players: seeds 42 and 43 deal alike", n)
		}
	}
}

// More assertions used by the scenarios.

func held(s, n int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		if got := m.held(s); got != n {
			tb.Fatalf("seat %d holds %d cards, want %d", s, got, n)
		}
	}
}

func tableSlots(s int, want ...bool) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		v := m.View(game.TableViewer()).(*TableView)
		if got := v.Players[s].Slots; !slices.Equal(got[:], want) {
			tb.Fatalf("table shows seat %d's slots %v, want %v", s, got, want)
		}
	}
}

// seenOnlyBy checks that only seat s's view names the secret.
func seenOnlyBy(s int, secret string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		for _, v := range append([]game.Viewer{game.TableViewer()}, viewersOf(m.n)...) {
			var fields map[string]any
			b, _ := json.Marshal(m.View(v))
			_ = json.Unmarshal(b, &fields)
			delete(fields, "in_play")
			b, _ = json.Marshal(fields)
			if got, want := strings.Contains(string(b), `"`+secret+`"`), v.Kind == game.Player && int(v.Seat) == s; got != want {
				tb.Fatalf("viewer %+v sees %s: %v, want %v", v, secret, got, want)
			}
		}
	}
}

func viewersOf(n int) []game.Viewer {
	var out []game.Viewer
	for s := range n {
		out = append(out, game.SeatViewer(game.Seat(s)))
	}
	return out
}

func revealed(correct bool, seat, slot int, secret string) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		r := m.View(game.TableViewer()).(*TableView).Reveal
		if r == nil || r.Correct != correct || r.Seat != seat || r.Slot != slot || r.Secret != secret {
			tb.Fatalf("reveal %+v, want correct=%v seat %d slot %d %s", r, correct, seat, slot, secret)
		}
	}
}

func legalSlots(s int, want ...int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		var got []int
		for _, mv := range m.Legal(game.Seat(s)) {
			var d SlotChoice
			_ = json.Unmarshal(mv.Data, &d)
			got = append(got, d.Slot)
		}
		if !slices.Equal(got, want) {
			tb.Fatalf("legal slots %v, want %v", got, want)
		}
	}
}

func wonBy(s int) then {
	return func(tb testing.TB, m *match) {
		tb.Helper()
		res, ok := m.Result()
		if !ok || !slices.Equal(res.Winners, []game.Seat{game.Seat(s)}) || res.Points[s] != 1 {
			tb.Fatalf("result %+v (over %v), want seat %d to win", res, ok, s)
		}
	}
}

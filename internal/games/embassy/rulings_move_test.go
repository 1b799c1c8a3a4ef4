package embassy

import (
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// One named test per ruling of spec §12 (R1–R14 here, R15–R29 in
// rulings_challenge_test.go); the §13 scenarios they rest on run in
// scenario_test.go.

func TestR01_SecretSets(t *testing.T) {
	t.Parallel()
	if !slices.Equal(Secrets, []string{"ATOM", "PHYSICS", "RADAR", "ROCKET"}) {
		t.Fatalf("sets %v", Secrets)
	}
	per := map[string]int{}
	for c := card(0); c < 16; c++ {
		per[c.secretName()]++
		if want := c.secretName() + "-" + string(rune('1'+int(c)%4)); c.String() != want {
			t.Fatalf("card %d is %s, want %s", c, c, want)
		}
	}
	for _, x := range Secrets {
		if per[x] != 4 {
			t.Fatalf("%d %s cards, want 4", per[x], x)
		}
	}
	m := four()
	if err := m.cardsConserved(); err != nil || m.noCardsOnBoard() {
		t.Fatalf("4-player deal: %v", err)
	}
}

func TestR02_TwoSixSidedDice(t *testing.T) {
	t.Parallel()
	seen := map[int]int{}
	for i := range 400 {
		m := four()
		rollCmd{}.apply(m, blue, 0, game.RandFor(game.Seed{2}, i))
		seen[m.roll.a]++
		seen[m.roll.b]++
	}
	for f := 1; f <= 6; f++ {
		if seen[f] < 60 {
			t.Fatalf("face %d came up %d times in 800 dice", f, seen[f])
		}
	}
	if len(seen) != 6 {
		t.Fatalf("faces %v", seen)
	}
}

func TestR04_StartSquares(t *testing.T) {
	t.Parallel()
	m := four()
	for s, p := range m.players {
		if p.spy != p.guard || p.spy != theBoard.homes[s] {
			t.Fatalf("seat %d: spy on %s, bodyguard on %s, want both at home", s, p.spy, p.guard)
		}
	}
	newScript().roll(blue, 1, 2).refused("onto green's start square", "R4", move(blue, "0,20")).
		run(t, four(spyAt(blue, "0,17")))
	newScript().roll(blue, 1, 2).refused("back onto its own", "R7", move(blue, "0,2")).
		run(t, four(spyAt(blue, "1,0")))
	if four(holds(blue, "ATOM"), holds(green, "RADAR")).eligible(blue, green) {
		t.Fatal("a spy at home may be challenged")
	}
}

func TestR05_OrthogonalSteps(t *testing.T) {
	t.Parallel()
	m := four(spyAt(blue, "5,2"))
	if got := idStrings(m.newWalk(blue, 1).run().destinations(1)); !slices.Equal(got, []string{"5,1", "5,3"}) {
		t.Fatalf("one step from (5,2) reaches %v, want [5,1 5,3]", got)
	}
	m = four(spyAt(blue, "5,5"))
	got := idStrings(m.newWalk(blue, 1).run().destinations(1))
	if want := []string{"0,10", "4,5", "5,4", "5,6", "6,5", "5,15", "10,0", "10,10", "10,20", "15,5", "15,15", "20,10"}; !sameSet(got, want) {
		t.Fatalf("one step from well (5,5) reaches %v, want %v (a hop is one step)", got, want)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestR06_NoGoingBack(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 1, 2).refused("(0,1) again", "R7", move(blue, "0,1")).run(t, four())
	newScript().roll(blue, 2, 3).refused("out of USA and in again", "R6", move(blue, "A")).
		run(t, four(spyAt(blue, "A")))
}

func TestR07_ExactCount(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 2, 3).
		refused("short", "R7", move(blue, "0,3")).
		refused("long", "R7", move(blue, "0,7")).
		refused("pass", "R7", act(blue, ActPass, nil)).
		ok("exact", move(blue, "0,5")).run(t, four())
	newScript().roll(blue, 6, 6).ok("USA in 2 of 12", move(blue, "A"), spyIs(blue, "A")).
		run(t, four(spyAt(blue, "5,2")))
}

func TestR08_ForbiddenArea(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 2, 3).
		refused("forbidden (4,1)", "R8", move(blue, "4,1")).
		refused("wire (1,1)", "§5.1", move(blue, "1,1")).run(t, four())
	newScript().roll(blue, 1, 1).
		refused("arrow (4,2)", "R8", move(blue, "4,2")).
		ok("across the forbidden area", move(blue, "5,1")).run(t, four(spyAt(blue, "4,0")))
}

func TestR09_EmbassyAccess(t *testing.T) {
	t.Parallel()
	// Green sits inside USA; blue may still enter, and entering ends the move.
	m := four(spyAt(blue, "5,2"), spyAt(green, "A"))
	newScript().roll(blue, 5, 6).ok("enter a busy USA", move(blue, "A"), spyIs(blue, "A"), spyIs(green, "A")).run(t, m)
	// Only arrow squares step into an embassy.
	for l := loc(0); l < numSquares; l++ {
		for _, nb := range theBoard.steps[l] {
			if nb.isEmbassy() && theBoard.kind[l] != Arrow {
				t.Fatalf("%s steps into %s", theBoard.describe(l), nb)
			}
		}
	}
}

func TestR10_TakingIsAutomatic(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 1, 2).ok("enter USA", move(blue, "A"), phaseIs(PhaseSlot), embassyHolds("A", "")).
		run(t, four(lies("A", "RADAR-1"), spyAt(blue, "5,2")))
	newScript().roll(blue, 1, 2).ok("an empty USA gives nothing", move(blue, "A"), activeIs(green), held(blue, 0)).
		run(t, four(holds(red, "ATOM"), vacant("A"), spyAt(blue, "5,2")))
}

func TestR11_Blocking(t *testing.T) {
	t.Parallel()
	newScript().roll(blue, 2, 3).refused("over green's bodyguard", "R7", move(blue, "0,5")).
		run(t, four(guardAt(green, "0,3")))
	newScript().roll(blue, 1, 2).refused("onto green's spy", "R11", move(blue, "0,3")).
		run(t, four(spyAt(green, "0,3")))
	newScript().roll(blue, 2, 3).ok("over the own bodyguard", move(blue, "0,5")).run(t, four(guardAt(blue, "0,3")))
}

func TestR12_Tunnels(t *testing.T) {
	t.Parallel()
	withGuard := four(spyAt(blue, "5,4"), guardAt(blue, "5,5"))
	newScript().roll(blue, 1, 2).
		refused("down a well holding the own bodyguard", "R7", move(blue, "15,16")).
		ok("over it on foot", move(blue, "5,7")).run(t, withGuard)
	newScript().roll(blue, 1, 2).refused("up a well holding a bodyguard", "R7", move(blue, "15,17")).
		run(t, four(spyAt(blue, "5,5"), guardAt(red, "15,15")))
	newScript().roll(blue, 1, 2).ok("from the well it stands on", move(blue, "20,8"), spyIs(blue, "20,8")).
		run(t, four(spyAt(blue, "5,5")))
}

func TestR13_AnyEmptySlot(t *testing.T) {
	t.Parallel()
	m := four(lies("A", "RADAR-2"), holds(blue, "ATOM", "", "ROCKET"), spyAt(blue, "5,2"))
	newScript().roll(blue, 1, 2).ok("enter USA", move(blue, "A"), legalSlots(blue, 2, 4)).
		refused("slot 1 holds a card", "R13", slot(blue, 1)).
		refused("swap with room to spare", "§8", swap(blue, 1)).
		ok("slot 4", slot(blue, 4), holderIs(blue, "ATOM", "", "ROCKET", "RADAR")).run(t, m)
}

func TestR14_ReturnedCards(t *testing.T) {
	t.Parallel()
	m := four(lies("C", "ATOM-3"), lies("D", "PHYSICS-1"), holds(blue, "ATOM", "ATOM", "RADAR", "ROCKET"),
		vacant("B"), spyAt(blue, "7,0"))
	newScript().roll(blue, 1, 2).ok("enter Norway", move(blue, "C")).
		ok("put it back", act(blue, ActReject, nil), phaseIs(PhasePlace), handIs(blue, "ATOM")).
		refused("own embassy", "R14", place(blue, "C")).
		refused("an embassy with a card", "R14", place(blue, "D")).
		ok("a vacant one", place(blue, "B"), embassyHolds("B", "ATOM"), holderIs(blue, "ATOM", "ATOM", "RADAR", "ROCKET")).
		run(t, m)
	m = four(holds(green, "RADAR", "ROCKET"), inPhase(blue, PhasePlace, "ATOM"), vacant("B"), spyAt(blue, "B"))
	if legal := placeLetters(m); strings.Contains(legal, "B") || len(legal) != 2 {
		t.Fatalf("vacant embassies offered: %q", legal)
	}
}

func placeLetters(m *match) string {
	var b strings.Builder
	for _, e := range m.vacancies(m.acq.who) {
		b.WriteString(letter(e))
	}
	return b.String()
}

// TestCheck_Refusals covers refusals common to every ruling: wrong seat,
// wrong phase, malformed data, unknown types, the referee's actions.
func TestCheck_Refusals(t *testing.T) {
	t.Parallel()
	m := four()
	for _, c := range []struct {
		name string
		a    game.Action
		code string
		rule string
	}{
		{"green out of turn", act(green, ActRoll, nil), game.CodeNotYourTurn, "§8"},
		{"move before rolling", move(blue, "0,5"), game.CodeIllegal, "§8"},
		{"guess before rolling", guess(blue, 1, "ATOM"), game.CodeIllegal, "§8"},
		{"keep", act(blue, ActKeep, nil), game.CodeIllegal, "§8"},
		{"unknown", act(blue, "dance", nil), game.CodeUnknown, ""},
		{"bad json", game.Action{Seat: blue, Type: ActMove, Data: []byte(`{"to":`)}, game.CodeMalformed, ""},
		{"no such square", move(blue, "21,0"), game.CodeMalformed, ""},
		{"no such embassy", place(blue, "Q"), game.CodeMalformed, ""},
		{"slot 5", slot(blue, 5), game.CodeMalformed, ""},
		{"no such secret", guess(blue, 1, "SPY"), game.CodeMalformed, ""},
		{"no such target", challenge(blue, 4), game.CodeMalformed, ""},
		{"unknown field", game.Action{Seat: blue, Type: ActRoll, Data: []byte(`{"hard":true}`)}, game.CodeMalformed, ""},
		{"no seat 4", game.Action{Seat: 4, Type: ActRoll}, game.CodeMalformed, ""},
		{"referee rolls", game.Action{Seat: game.System, Type: ActRoll}, game.CodeIllegal, "H4"},
		{"player fires a timer", act(blue, ActTimeout, Timeout{Turn: 1, Step: 0}), game.CodeIllegal, "H4"},
	} {
		before := gametest.Views(t, m, m.n)
		err := m.Check(c.a)
		re := gametest.MustRuleError(t, err)
		if re.Code != c.code || re.Rule != c.rule {
			t.Errorf("%s: %s/%s (%v), want %s/%s", c.name, re.Code, re.Rule, err, c.code, c.rule)
		}
		gametest.SameViews(t, c.name, gametest.Views(t, m, m.n), before)
	}
}

// TestCheck_MoveWithNoSpot: a move or a walk-up naming no square (a
// phone's confirm sent before a spot was picked) is refused in a player's
// words, and changes nothing; a square that does not exist keeps the
// decoder's.
func TestCheck_MoveWithNoSpot(t *testing.T) {
	t.Parallel()
	m := four()
	for _, c := range []struct {
		name string
		a    game.Action
		want string
	}{
		{"move to nowhere", move(blue, ""), "embassy.refuse.no_spot"},
		{"walk up to nowhere", act(blue, ActChallengeMove, Approach{To: "", Target: 1}), "embassy.refuse.no_spot"},
		{"move off the board", move(blue, "21,0"), "game.malformed"},
	} {
		before := gametest.Views(t, m, m.n)
		re := gametest.MustRuleError(t, m.Check(c.a))
		if re.Code != game.CodeMalformed || re.Msg.ID != c.want {
			t.Errorf("%s: %s %s, want malformed %s", c.name, re.Code, re.Msg.ID, c.want)
		}
		gametest.SameViews(t, c.name, gametest.Views(t, m, m.n), before)
	}
}

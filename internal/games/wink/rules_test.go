package wink

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

type scenario struct {
	name  string
	m     *match
	steps []gametest.Step
}

func runScenarios(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gametest.Scenario(t, c.m, c.m.n, game.Seed{1}, c.steps...)
		})
	}
}

func keepOrder(m *match) { m.shuffle = func(*game.Rand, int, func(i, j int)) {} }

func TestScenarios_Original(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "W-01 Julia winks at Jan in table mode: the engine takes no wink", m: fixture(),
			steps: []gametest.Step{
				refused("wink", "C7", act(julia, ActWink, nil, 1000), phase(PhaseTurn, tom)),
				refused("focus", "C7", act(julia, ActSetFocus, SetFocus{Seat: jan}, 1000)),
				refused("signal", "C7", act(jan, ActSignal, nil, 1000)),
			}},
		{name: "W-02 Tom meets Julia at the fountain", m: fixture(agents(R, B), locations(Cafe, Metro)),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU", Epoch: 0}, 1000),
					phase(PhaseClaim, tom), epoch(tom, 1), check(func(tb testing.TB, m *match) {
						if c := m.claim; c.claimant != tom || c.contact != julia || c.loc != Fountain || !c.match {
							tb.Fatalf("claim %+v", c)
						}
						if v := m.seatView(julia); v.Answer != "reveal" || v.Claim.Card != "green" {
							tb.Fatalf("Julia's answer %q card %q", v.Answer, v.Claim.Card)
						}
						for _, s := range []int{tom, jan, marie} {
							if a := m.seatView(s).Answer; a != "" {
								tb.Fatalf("seat %d sees answer %q", s, a)
							}
						}
						if tm := m.tableView().Timer; tm == nil || tm.Kind != "claim" || tm.At != 6000 {
							tb.Fatalf("timer %+v", tm)
						}
						if len(m.Legal(julia)) == 0 || !cmp.Equal(m.Legal(julia)[0].Label, game.M("wink.move.reveal", termArg("place", game.M("wink.place.fountain")))) {
							tb.Fatalf("Julia's moves %+v", m.Legal(julia))
						}
					})),
				ok("confirm", act(julia, ActConfirmClaim, nil, 2000),
					score(1, 1, 0, 0), hand(tom, R, Kiosk), hand(julia, P, Cafe), phase(PhaseTurn, jan),
					check(func(tb testing.TB, m *match) {
						if e := lastEvent(m); e.Kind != kindReveal || e.Msg.ID != "wink.event.reveal" || arg(e.Msg, "place").Term().ID != "wink.place.fountain" {
							tb.Fatalf("last event %+v", e)
						}
					})),
			}},
		{name: "W-02 the claim timer confirms after claimConfirmMs", m: fixture(agents(R, B), locations(Cafe, Metro)),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				refused("early timer", "R14", game.Action{Seat: game.System, Type: ActClaimTimeout, Data: mustJSON(Timeout{Step: 5}), At: 5999}),
				ok("timer", game.Action{Seat: game.System, Type: ActClaimTimeout, Data: mustJSON(Timeout{Step: 5}), At: 6000},
					score(1, 1, 0, 0), phase(PhaseTurn, jan)),
				refused("stale timer", "R14", game.Action{Seat: game.System, Type: ActClaimTimeout, Data: mustJSON(Timeout{Step: 5}), At: 7000}),
			}},
		{name: "W-03 Marie catches Julia winking at Jan", m: fixture(agents(B, R)),
			steps: []gametest.Step{
				ok("accuse", act(marie, ActAccuse, Accuse{Winker: julia, Target: jan, Epoch: 0}, 1000),
					chips(marie, 2), score(0, 0, 0, 1), epoch(julia, 1), hand(julia, B, Fountain), phase(PhaseTurn, tom),
					check(func(tb testing.TB, m *match) {
						if e := lastEvent(m); e.Kind != kindCaught || arg(e.Msg, "card").Term().ID != "wink.colour.purple" || arg(e.Msg, "accuser").Seat() != marie {
							tb.Fatalf("last event %+v", e)
						}
						if c := m.players[marie].pile[0]; c != (card{agentCard, int(P)}) {
							tb.Fatalf("Marie's pile %+v", c)
						}
					})),
			}},
	})
}

// dealFixture is a fresh game (W-04): start Julia, stacked decks, DEAL(Julia).
func dealFixture() *match {
	st, err := Rules{}.New(game.Setup{Game: "wink", Seats: 4, Options: []byte(`{"startPlayer":0}`)})
	if err != nil {
		panic(err)
	}
	m := st.(*match)
	m.agentDeck = []Colour{P, G, R, B, G, R, B, P}
	m.locDeck = []Location{Fountain, Kiosk, Cafe, Metro, Cafe}
	return m
}

func TestScenarios_Deal(t *testing.T) {
	t.Parallel()
	fromTom := func() *match {
		m := dealFixture()
		m.Apply(act(julia, ActTakeCards, nil, 100), game.RandFor(game.Seed{}, 1))
		return m
	}
	runScenarios(t, []scenario{
		{name: "W-04 deal round gives fixture F's hands", m: dealFixture(),
			steps: []gametest.Step{
				refused("Tom out of order", "C1", act(tom, ActTakeCards, nil, 50)),
				ok("Julia", act(julia, ActTakeCards, nil, 100), phase(PhaseDeal, tom)),
				refused("deal timer early", "C1", game.Action{Seat: game.System, Type: ActDealTimeout, Data: mustJSON(Timeout{Step: 1}), At: 2099}),
				ok("Tom by timer", game.Action{Seat: game.System, Type: ActDealTimeout, Data: mustJSON(Timeout{Step: 1}), At: 2100}, phase(PhaseDeal, jan)),
				ok("Jan", act(jan, ActTakeCards, nil, 2200)),
				ok("Marie", act(marie, ActTakeCards, nil, 2300),
					hand(julia, P, Fountain), hand(tom, G, Kiosk), hand(jan, R, Cafe), hand(marie, B, Metro), phase(PhaseTurn, julia)),
			}},
		{name: "W-04 claim during the deal round is refused", m: fromTom(),
			steps: []gametest.Step{refused("claim", "R5", act(julia, ActClaim, Claim{Location: "FOU"}, 200))}},
		{name: "W-04 accusation during the deal round; own colour redrawn", m: fromTom(),
			steps: []gametest.Step{
				ok("accuse", act(marie, ActAccuse, Accuse{Winker: julia, Target: jan}, 200),
					score(0, 0, 0, 1), chips(marie, 2), hand(julia, R, Fountain), phase(PhaseDeal, tom),
					check(func(tb testing.TB, m *match) {
						if !slices.Equal(m.agentDeck, []Colour{B, G, R, B, P}) || !slices.Equal(m.agentDiscard, []Colour{G}) {
							tb.Fatalf("deck %v discard %v", m.agentDeck, m.agentDiscard)
						}
						if notices(m, julia, kindOwnColour) != 1 || notices(m, marie, kindOwnColour) != 0 {
							tb.Fatal("the own-colour notice must reach Julia only")
						}
					})),
			}},
		{name: "W-04 accusing a player who has not drawn is refused", m: fromTom(),
			steps: []gametest.Step{refused("accuse", "R12", act(jan, ActAccuse, Accuse{Winker: marie, Target: tom}, 200), chips(jan, 3))}},
	})
}

func TestScenarios_Edges(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "W-05 failed mission", m: fixture(holds(julia, noColour, Cafe), agents(R)),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000), check(func(tb testing.TB, m *match) {
					if a := m.seatView(julia).Answer; a != "not_me" {
						tb.Fatalf("answer %q", a)
					}
				})),
				ok("confirm", act(julia, ActConfirmClaim, nil, 1500),
					hand(julia, P, Cafe), hand(tom, R, Kiosk), score(0, 0, 0, 0), phase(PhaseTurn, jan),
					check(func(tb testing.TB, m *match) {
						if e := lastEvent(m); e.Kind != kindNotMe {
							tb.Fatalf("last event %+v", e)
						}
						if !slices.Equal(m.agentDiscard, []Colour{G}) {
							tb.Fatalf("discard %v", m.agentDiscard)
						}
					})),
			}},
		{name: "W-06 wrong accusation discards the card (R8)", m: fixture(agents(R)),
			steps: []gametest.Step{ok("accuse", act(marie, ActAccuse, Accuse{Winker: julia, Target: tom}, 1000),
				chips(marie, 2), score(0, 0, 0, 0), hand(julia, R, Fountain), epoch(julia, 1),
				check(func(tb testing.TB, m *match) {
					if !slices.Equal(m.agentDiscard, []Colour{P}) || lastEvent(m).Kind != kindWrong {
						tb.Fatalf("discard %v, event %+v", m.agentDiscard, lastEvent(m))
					}
				}))}},
		{name: "W-07 no chips left", m: fixture(func(m *match) { m.players[marie].chips = 0 }),
			steps: []gametest.Step{refused("accuse", "C6", act(marie, ActAccuse, Accuse{Winker: julia, Target: jan}, 1000))}},
		{name: "W-08 accuser named as the target (R10)", m: fixture(holds(julia, R, noLocation)),
			steps: []gametest.Step{
				refused("target", "R10", act(marie, ActAccuse, Accuse{Winker: julia, Target: marie}, 1000), chips(marie, 3), epoch(julia, 0)),
				refused("winker", "R10", act(marie, ActAccuse, Accuse{Winker: marie, Target: julia}, 1000)),
				refused("same", "C6", act(marie, ActAccuse, Accuse{Winker: julia, Target: julia}, 1000)),
			}},
		{name: "W-09 two accusations race (R11)", m: fixture(),
			steps: []gametest.Step{
				ok("Marie", act(marie, ActAccuse, Accuse{Winker: julia, Target: jan}, 1000), score(0, 0, 0, 1)),
				{Name: "Tom", Action: act(tom, ActAccuse, Accuse{Winker: julia, Target: jan}, 1040), Rule: "R11", Code: game.CodeStale,
					Then: thenAll([]func(testing.TB, *match){chips(tom, 3)})},
			}},
		{name: "W-10 own colour drawn twice (R17)", m: fixture(turn(julia), agents(G, G, R)),
			steps: []gametest.Step{ok("swap", act(julia, ActSwap, Swap{Agent: true}, 1000),
				hand(julia, R, Fountain), phase(PhaseTurn, tom), check(func(tb testing.TB, m *match) {
					if len(m.agentDeck) != 0 || !slices.Equal(m.agentDiscard, []Colour{P, G, G}) {
						tb.Fatalf("deck %v discard %v", m.agentDeck, m.agentDiscard)
					}
					if n := notices(m, julia, kindOwnColour); n != 2 {
						tb.Fatalf("Julia got %d own-colour notices, want 2", n)
					}
					if notices(m, tom, kindOwnColour) != 0 {
						tb.Fatal("Tom sees Julia's own-colour notice")
					}
				}))}},
		{name: "W-11 swap both", m: fixture(turn(jan), agents(G), locations(Fountain)),
			steps: []gametest.Step{ok("swap", act(jan, ActSwap, Swap{Agent: true, Location: true}, 1000),
				hand(jan, G, Fountain), phase(PhaseTurn, marie), check(func(tb testing.TB, m *match) {
					if !slices.Equal(m.agentDiscard, []Colour{R}) || !slices.Equal(m.locDiscard, []Location{Cafe}) {
						tb.Fatalf("discards %v %v", m.agentDiscard, m.locDiscard)
					}
				}))}},
		{name: "W-12 one action per turn (R3/R4)", m: fixture(),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				refused("swap during claim", "R3", act(tom, ActSwap, Swap{Location: true}, 1100)),
				refused("pass during claim", "R3", act(tom, ActPass, nil, 1100)),
				ok("confirm", act(julia, ActConfirmClaim, nil, 1200), phase(PhaseTurn, jan)),
				refused("second claim", "C2", act(tom, ActClaim, Claim{Location: "FOU", Epoch: 1}, 1300)),
			}},
		{name: "W-13 claim out of turn", m: fixture(turn(jan)),
			steps: []gametest.Step{{Name: "claim", Action: act(tom, ActClaim, Claim{Location: "FOU"}, 1000), Rule: "C2", Code: game.CodeNotYourTurn}}},
		{name: "W-14 agent deck empty during a successful claim", m: fixture(agents(), scores(3, 3, 4, 2)),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				ok("confirm", act(julia, ActConfirmClaim, nil, 1100), phase(PhaseOver, 0), score(4, 4, 4, 2),
					hand(julia, P, noLocation), check(func(tb testing.TB, m *match) {
						res, over := m.Result()
						if !over || !slices.Equal(res.Winners, []game.Seat{julia, tom, jan}) || !slices.Equal(res.Points, []int{4, 4, 4, 2}) {
							tb.Fatalf("result %+v over %v", res, over)
						}
						if err := m.Check(act(jan, ActPass, nil, 1200)); gametest.MustRuleError(tb, err).Code != game.CodeOver {
							tb.Fatalf("after the end: %v", err)
						}
					})),
			}},
		{name: "W-15 agent deck empty, ended by an accusation", m: fixture(agents(), scores(0, 0, 0, 2)),
			steps: []gametest.Step{ok("accuse", act(marie, ActAccuse, Accuse{Winker: julia, Target: jan}, 1000),
				score(0, 0, 0, 3), chips(marie, 2), phase(PhaseOver, 0))}},
		{name: "W-16 agent deck empty, ended by a voluntary swap (R7)", m: fixture(turn(jan), agents()),
			steps: []gametest.Step{ok("swap", act(jan, ActSwap, Swap{Agent: true}, 1000), phase(PhaseOver, 0),
				check(func(tb testing.TB, m *match) {
					if !slices.Equal(m.agentDiscard, []Colour{R}) {
						tb.Fatalf("discard %v", m.agentDiscard)
					}
				}))}},
		{name: "W-16 variant: a location swap continues", m: fixture(turn(jan), agents()),
			steps: []gametest.Step{ok("swap", act(jan, ActSwap, Swap{Location: true}, 1000), phase(PhaseTurn, marie))}},
		{name: "W-17 location deck reshuffle (R6a)",
			m: fixture(turn(julia), locations(), keepOrder, func(m *match) { m.locDiscard = []Location{Kiosk, Metro} }),
			steps: []gametest.Step{ok("swap", act(julia, ActSwap, Swap{Location: true}, 1000),
				hand(julia, P, Kiosk), phase(PhaseTurn, tom), check(func(tb testing.TB, m *match) {
					if len(m.locDiscard) != 0 || !slices.Equal(m.locDeck, []Location{Metro, Fountain}) {
						tb.Fatalf("deck %v discard %v", m.locDeck, m.locDiscard)
					}
				}))}},
		{name: "W-18 location cards exhausted (R6b)", m: fixture(locations(), agents(R)),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				ok("confirm", act(julia, ActConfirmClaim, nil, 1100), score(1, 1, 0, 0), hand(tom, R, Kiosk), phase(PhaseOver, 0)),
			}},
		{name: "W-19 accusations during a claim are queued (R12)", m: fixture(agents(R, P, B), locations(Cafe, Metro)),
			steps: []gametest.Step{
				ok("claim", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				refused("Marie accuses the claimant", "R12", act(marie, ActAccuse, Accuse{Winker: tom, Target: julia}, 1100), chips(marie, 3)),
				ok("Jan accuses Marie", act(jan, ActAccuse, Accuse{Winker: marie, Target: tom}, 1200), chips(jan, 3),
					check(func(tb testing.TB, m *match) {
						if v := m.seatView(jan); len(v.Queued) != 1 {
							tb.Fatalf("Jan's queue %+v", v.Queued)
						}
						if strings.Contains(seatJSON(tb, m, marie), "queued") {
							tb.Fatal("Marie sees Jan's queued accusation")
						}
					})),
				ok("Jan accuses again (dropped later as stale)", act(jan, ActAccuse, Accuse{Winker: marie, Target: tom}, 1250)),
				ok("Julia confirms", act(julia, ActConfirmClaim, nil, 1300),
					score(1, 1, 1, 0), hand(tom, R, Kiosk), hand(julia, P, Cafe), chips(jan, 2), chips(marie, 3),
					hand(marie, P, Metro), phase(PhaseTurn, jan), check(func(tb testing.TB, m *match) {
						if notices(m, jan, kindDropped) != 1 {
							tb.Fatal("Jan was not told his second accusation was dropped")
						}
					})),
			}},
		{name: "W-20 turn holder accused before claiming (R11)", m: fixture(agents(R)),
			steps: []gametest.Step{
				ok("accuse", act(marie, ActAccuse, Accuse{Winker: tom, Target: julia}, 1000), score(0, 0, 0, 1), hand(tom, R, Kiosk), epoch(tom, 1)),
				{Name: "stale claim", Action: act(tom, ActClaim, Claim{Location: "FOU", Epoch: 0}, 1100), Rule: "R11", Code: game.CodeStale,
					Then: thenAll([]func(testing.TB, *match){phase(PhaseTurn, tom), check(func(tb testing.TB, m *match) {
						if n := len(m.Legal(tom)); n < 5 {
							tb.Fatalf("Tom has %d moves", n)
						}
					})})},
			}},
		{name: "W-21 turn timeout (R23)", m: fixture(turn(jan)),
			steps: []gametest.Step{
				refused("early", "R23", game.Action{Seat: game.System, Type: ActTurnTimeout, Data: mustJSON(Timeout{Step: 4}), At: 59999}),
				refused("not the referee", "C1", act(jan, ActTurnTimeout, Timeout{Step: 4}, 60000)),
				refused("referee plays", "C1", game.Action{Seat: game.System, Type: ActPass, At: 60000}),
				ok("timer", game.Action{Seat: game.System, Type: ActTurnTimeout, Data: mustJSON(Timeout{Step: 4}), At: 60000}, phase(PhaseTurn, marie)),
			}},
		{name: "W-23 shared contact (R24)", m: fixture(holds(marie, G, noLocation), locations(Cafe, Metro)),
			steps: []gametest.Step{
				ok("Tom claims", act(tom, ActClaim, Claim{Location: "FOU"}, 1000)),
				ok("Julia reveals", act(julia, ActConfirmClaim, nil, 1100), hand(julia, P, Cafe)),
				ok("Jan passes", act(jan, ActPass, nil, 1200), phase(PhaseTurn, marie)),
				ok("Marie claims", act(marie, ActClaim, Claim{Location: "FOU"}, 1300), check(func(tb testing.TB, m *match) {
					if m.claim.match || m.seatView(julia).Answer != "not_me" {
						tb.Fatal("Marie's claim should fail")
					}
				})),
				ok("Julia: not me", act(julia, ActConfirmClaim, nil, 1400), score(1, 1, 0, 0), phase(PhaseTurn, julia)),
			}},
	})
}

func TestScenario_W22SetupSize(t *testing.T) {
	t.Parallel()
	st, err := Rules{}.New(game.Setup{Game: "wink", Seats: 6, Seed: game.Seed{7}})
	if err != nil {
		t.Fatal(err)
	}
	m := st.(*match)
	if len(m.agentDeck) != 30 || len(m.removed) != 12 || len(m.locDeck) != 32 {
		t.Fatalf("agent deck %d removed %d location deck %d, want 30 12 32", len(m.agentDeck), len(m.removed), len(m.locDeck))
	}
	chipsInPlay := 0
	for _, p := range m.players {
		chipsInPlay += p.chips
	}
	if chipsInPlay != 18 {
		t.Fatalf("chips %d, want 18", chipsInPlay)
	}
	for l := Cafe; l <= Fountain; l++ {
		if n := strings.Count(strings.Join(codes(m.locDeck), ","), l.Code()); n != 8 {
			t.Fatalf("%d %s cards, want 8", n, l.Code())
		}
	}
	if err := m.Invariant(); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{3, 9} {
		if _, err := (Rules{}).New(game.Setup{Game: "wink", Seats: n}); err == nil || !strings.Contains(err.Error(), "R1") {
			t.Fatalf("New with %d seats: %v, want an R1 error", n, err)
		}
	}
}

// arg is m's argument called name (the zero Arg when it has none).
func arg(m game.Msg, name string) game.Arg {
	a, _ := m.Arg(name)
	return a
}

package inkognito

import (
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// t01 is T01: the rulebook example's round 1.
func t01() []gametest.Step {
	return []gametest.Step{
		ok("You RIALTO", play(you, RI), viewHas(mario, `"id":"RIALTO","name":{"id":"inkognito.site.rialto"},"cards":[{"by":0,"round":1,"current":true}]`), turn(anne)),
		ok("Anne RIALTO", play(anne, RI)),
		ok("Mario SAN_MARCO", play(mario, SM)),
		ok("David SAN_MARCO", play(david, SM), phase(PhaseAct, 1), meetings("exchange RIALTO 0 1"),
			viewHas(-1, `"card":"SAN_MARCO"`)),
		ok("You shows B,0", pair(you, "B", "0"), viewHas(-1, `"awaiting":[1],"submitted":[0]`),
			viewLacks(anne, `"cards":["B","0"]`), columns(anne, 0)),
		ok("Anne shows F,11", pair(anne, "F", "11"),
			column(you, 0, anne, "•:B •:0 X:F X:11"), column(anne, 0, you, "X:B X:0 •:F •:11"),
			columns(mario, 0), columns(david, 0), said(mario, "inkognito.event.meet_exchange", game.P("a", 0), game.P("b", 1), at(RI)),
			viewLacks(mario, "inkognito.event.shown"), viewLacks(david, "inkognito.event.shown"),
			helper(you, func(tb testing.TB, h *Helper) {
				if s := suspectOf(tb, h, anne); s.Identity != "F" || h.Ally == nil || *h.Ally != anne {
					tb.Fatalf("helper(You): Anne %+v ally %v", s, h.Ally)
				}
			}),
			helper(anne, func(tb testing.TB, h *Helper) {
				s := suspectOf(tb, h, you)
				if s.Identity != "" || s.Fragment != "" || strings.Join(s.Combos, " ") != "B/11 B/29 Z/0 X/0" {
					tb.Fatalf("helper(Anne): You %+v", s)
				}
			}),
			phase(PhasePlay, 2), turn(anne)),
	}
}

// t02 is T02: an Ambassador request, the target chooses.
func t02() []gametest.Step {
	return []gametest.Step{
		ok("Anne CA_DORO", play(anne, CD)),
		ok("Mario ACCADEMIA", play(mario, AC)),
		ok("David RIALTO", play(david, RI)),
		ok("You ARSENALE", play(you, AR), meetings("amb_meet ARSENALE 0")),
		ok("You asks David", ask(you, david), phase(PhaseBlack, 2), said(-1, "inkognito.event.asked", game.P("who", 0), game.P("target", 3)),
			viewHas(-1, `"requests":[{"requester":0,"target":3,"answered":false}]`),
			task(david, func(tb testing.TB, t *Task) {
				if t.Kind != TaskChoose || strings.Join(t.Black, ",") != "IDENTITY,NUMBER" {
					tb.Fatalf("David's task %+v", t)
				}
			})),
		ok("David shows IDENTITY", choose(david, "IDENTITY"), column(you, 1, david, "■:X"),
			column(david, 0, you, "◆:X"), columns(mario, 0), columns(anne, 1), phase(PhasePlay, 3),
			helper(you, func(tb testing.TB, h *Helper) {
				if d, m := suspectOf(tb, h, david), suspectOf(tb, h, mario); d.Identity != "X" || m.Identity != "Z" {
					tb.Fatalf("helper(You): David %+v Mario %+v", d, m)
				}
			})),
	}
}

// t03 is T03: a repeated request forces the other black card.
func t03() []gametest.Step {
	return []gametest.Step{
		ok("Mario RIALTO", play(mario, RI), turn(david)),
		ok("David CA_DORO", play(david, CD)),
		ok("You ACCADEMIA", play(you, AC)),
		ok("Anne SAN_MARCO", play(anne, SM), meetings("amb_meet ACCADEMIA 0")),
		ok("You asks David", ask(you, david), task(david, func(tb testing.TB, t *Task) {
			if strings.Join(t.Black, ",") != "NUMBER" {
				tb.Fatalf("David may show %v, want only NUMBER", t.Black)
			}
		}), func(tb testing.TB, m *match) {
			if l := m.Legal(david); len(l) != 1 || l[0].Type != ActChooseBlack {
				tb.Fatalf("David's moves %+v", l)
			}
		}),
		refused("David tries IDENTITY", "black_shown_asked", choose(david, "IDENTITY")),
		ok("David confirms NUMBER", choose(david, "NUMBER"), column(you, 2, david, "■:0"),
			helper(you, func(tb testing.TB, h *Helper) {
				if strings.Join(h.Numbers, " ") != "2911520 5211290" || h.Determined {
					tb.Fatalf("helper(You) numbers %v", h.Numbers)
				}
			})),
	}
}

// t09 brings T03's state to cycle 2, where Anne shows You {F,29}.
func t09() []gametest.Step {
	return []gametest.Step{
		ok("r4 David", play(david, AC)), ok("r4 You", play(you, SM)), ok("r4 Anne", play(anne, AR)),
		ok("r4 Mario", play(mario, CD), phase(PhaseAct, 5), meetings("amb_meet CA_DORO 0", "exchange ARSENALE 2 3")),
		ok("r5 You skips", skip(you)), ok("r5 Mario", pair(mario, "Z", "52")), ok("r5 David", pair(david, "X", "52"),
			said(-1, "inkognito.event.asked_nobody", game.P("who", 0))),
		ok("r6 Anne", play(anne, RI)), ok("r6 Mario", play(mario, SM)), ok("r6 David", play(david, CD)),
		ok("r6 You", play(you, RI), meetings("exchange RIALTO 0 1")),
		ok("Anne shows F,29", pair(anne, "F", "29")),
		ok("You shows B,Z", pair(you, "B", "Z"), helper(you, func(tb testing.TB, h *Helper) {
			if a := suspectOf(tb, h, anne); a.Fragment != "52" || !h.Determined || h.Numbers[0] != "5211290" {
				tb.Fatalf("helper(You): Anne %+v numbers %v", a, h.Numbers)
			}
		})),
		ok("r7 Mario", play(mario, AC)), ok("r7 David", play(david, AR)), ok("r7 You", play(you, CD)),
		ok("r7 Anne", play(anne, CD), meetings("exchange CA_DORO 0 1")),
	}
}

func TestScenarios_Rulebook(t *testing.T) {
	t.Parallel()
	runScenarios(t, []scenario{
		{name: "T01 the rulebook example, round 1", m: ex(), steps: t01()},
		{name: "T02 Ambassador request, the target chooses", m: ex(), steps: steps(t01(), t02())},
		{name: "T03 a repeated request forces the other black card", m: ex(), steps: steps(t01(), t02(), t03())},
		{name: "EX the original's example game (T01–T03, then a call)", m: ex(), steps: steps(t01(), t02(), t03(), t09(),
			[]gametest.Step{ok("You dials", dial(you, "52,11,29,0")), ok("Anne shows", pair(anne, "52", "B"), points(1, 1, 0, 0))})},
		{name: "T09 correct call with the ally", m: ex(), steps: steps(t01(), t02(), t03(), t09(), []gametest.Step{
			ok("You dials 5211290", dial(you, "52,11,29,0"), phase(PhaseAct, 7)),
			ok("Anne shows a pair", pair(anne, "52", "B"), phase(PhaseOver, 7), points(1, 1, 0, 0),
				said(-1, "inkognito.event.dialled", game.P("who", 0), game.X("number", "5211290"), game.T("verdict", "inkognito.verdict.correct")),
				viewHas(-1, `"dial":{"by":0,"number":"5211290","correct":true,"digits":true}`,
					`"black":[{"seat":0,"identity":"B","fragment":"11"},{"seat":1,"identity":"F","fragment":"52"}`),
				columns(you, 5), unsaid(you, "inkognito.event.shown_pair", game.P("who", 1), faceArg("a", 4)), viewLacks(mario, `"52","B"`)),
		})},
		{name: "T10 wrong call with the ally", m: ex(), steps: steps(t01(), t02(), t03(), t09(), []gametest.Step{
			ok("You dials 2911520", dial(you, "29,11,52,0")),
			ok("Anne shows a pair", pair(anne, "52", "B"), points(0, 0, 1, 1), said(-1, "inkognito.event.dialled", game.X("number", "2911520"), game.T("verdict", "inkognito.verdict.wrong"))),
		})},
	})
}

// cycle2 moves a fresh fixture to cycle 2, round 1, keeping its start seat.
func cycle2(m *match) *match {
	m.round, m.start0 = 6, (m.start0+3)%4
	return m
}

func TestScenarios_Exchanges(t *testing.T) {
	t.Parallel()
	youDavid := []gametest.Step{ok("You", play(you, RI)), ok("Anne", play(anne, CD)), ok("Mario", play(mario, AC)),
		ok("David", play(david, RI), meetings("exchange RIALTO 0 3"))}
	youMario := []gametest.Step{ok("You", play(you, RI)), ok("Anne", play(anne, CD)), ok("Mario", play(mario, RI)),
		ok("David", play(david, AC), meetings("exchange RIALTO 0 2"))}
	runScenarios(t, []scenario{
		{name: "T04 legal and illegal pairs", m: ex(), steps: steps(youDavid, []gametest.Step{
			refused("two true", "pair_not_one_true", pair(david, "X", "0")),
			refused("none true", "pair_not_one_true", pair(david, "Z", "52")),
			refused("same face", "pair_invalid", pair(david, "X", "X")),
			refused("a location", "pair_invalid", pair(david, "X", "RIALTO")),
			ok("X,52", pair(david, "X", "52")),
		})},
		{name: "T05 a pair of the same kind is legal", m: ex(), steps: steps(youMario, []gametest.Step{
			ok("You B,Z", pair(you, "B", "Z")),
			ok("Mario", pair(mario, "Z", "52"), helper(mario, func(tb testing.TB, h *Helper) {
				if y := suspectOf(tb, h, you); y.Identity != "B" || strings.Join(y.Fragments, ",") != "52,11,0" {
					tb.Fatalf("helper(Mario): You %+v", y)
				}
			})),
		})},
		{name: "T05 two numbers are legal too", m: ex(), steps: steps(youMario, []gametest.Step{ok("You 11,29", pair(you, "11", "29"))})},
		{name: "T06 no repeated pair", m: cycle2(exWith(1, []Site{AR, SM, CD, AC, RI}, func(m *match) { m.pairs[anne][you] = pairBit(0, 5) })),
			steps: []gametest.Step{
				ok("Anne", play(anne, RI)), ok("Mario", play(mario, SM)), ok("David", play(david, CD)),
				ok("You", play(you, RI), meetings("exchange RIALTO 0 1")),
				refused("Anne 11,F again", "pair_repeated", pair(anne, "11", "F")),
				ok("Anne F,29", pair(anne, "F", "29")), ok("You", pair(you, "B", "0"),
					func(tb testing.TB, m *match) {
						if sh := m.seatView(anne).Sheet.Shown[0]; sh.To != you || sh.PairsLeft != 10 {
							tb.Fatalf("Anne's panel for You %+v", sh)
						}
					}),
				ok("Mario", play(mario, AC)), ok("David", play(david, SM)), ok("You", play(you, CD)),
				ok("Anne", play(anne, AC), meetings("amb_meet SAN_MARCO 3", "exchange ACCADEMIA 1 2")),
				ok("Anne F,11 to Mario", pair(anne, "F", "11")),
			}},
		{name: "T07 detection uses this round's cards only", m: ex(), steps: steps(t01(), []gametest.Step{
			ok("Anne SAN_MARCO alone", play(anne, SM)), ok("Mario", play(mario, AC)), ok("David", play(david, RI)),
			ok("You", play(you, CD), phase(PhasePlay, 3), said(-1, "inkognito.event.no_meeting")),
		})},
		{name: "T07 three cards with the Ambassador make nothing", m: exWith(0, []Site{RI, SM, CD, AC, AR}),
			steps: []gametest.Step{ok("You", play(you, SM)), ok("Anne", play(anne, CD)), ok("Mario", play(mario, RI)),
				ok("David", play(david, RI), phase(PhasePlay, 2))}},
		{name: "T08 two meetings in one round; the target is busy elsewhere", m: exWith(1, []Site{AC, SM, CD, RI, AR}),
			steps: []gametest.Step{
				ok("Anne", play(anne, CD)), ok("Mario", play(mario, AC)), ok("David", play(david, CD)),
				ok("You", play(you, AR), meetings("exchange CA_DORO 1 3", "amb_meet ACCADEMIA 2")),
				ok("Anne F,0", pair(anne, "F", "0")), ok("David X,52", pair(david, "X", "52")),
				ok("Mario asks Anne", ask(mario, anne), phase(PhaseBlack, 1), column(anne, 0, david, "•:F •:0 X:X X:52"),
					said(-1, "inkognito.event.asked", game.P("who", 2), game.P("target", 1)), viewLacks(-1, "marks")),
				ok("Anne NUMBER", choose(anne, "NUMBER"), column(mario, 0, anne, "■:52"), columns(david, 1),
					column(anne, 1, mario, "◆:52"), phase(PhasePlay, 2)),
			}},
	})
}

func TestScenarios_Calls(t *testing.T) {
	t.Parallel()
	p4 := func() *match {
		return fixtureOf{n: 4, black: []string{"F/52", "Z/0", "B/11", "X/29"}, decks: [][]Site{{CD, SM, RI, AC, AR}}}.build()
	}
	twoExchanges := []gametest.Step{ok("P0", play(0, RI)), ok("P1", play(1, SM)), ok("P2", play(2, RI)),
		ok("P3", play(3, SM), meetings("exchange RIALTO 0 2", "exchange SAN_MARCO 1 3"))}
	runScenarios(t, []scenario{
		{name: "T11 a call with a non-ally counts as wrong", m: exWith(0, []Site{AR, SM, CD, AC, RI}), steps: []gametest.Step{
			ok("You", play(you, RI)), ok("Anne", play(anne, SM)), ok("Mario", play(mario, RI)),
			ok("David", play(david, CD), meetings("exchange RIALTO 0 2"), task(you, func(tb testing.TB, t *Task) {
				if !t.CanDial {
					tb.Fatal("DIAL not offered in an exchange with a non-ally")
				}
			})),
			ok("You dials the right digits", dial(you, "52,11,29,0")),
			ok("Mario", pair(mario, "Z", "52"), points(0, 0, 1, 1),
				viewHas(-1, `"digits":true`), said(-1, "inkognito.event.dialled", game.T("verdict", "inkognito.verdict.wrong_partner"))),
		}},
		{name: "T12 no call at an Ambassador meeting in 4p", m: ex(), steps: []gametest.Step{
			ok("You", play(you, SM)), ok("Anne", play(anne, RI)), ok("Mario", play(mario, CD)),
			ok("David", play(david, AC), meetings("amb_meet SAN_MARCO 0")),
			refused("You dials", "no_call_here", dial(you, "52,11,29,0")),
			ok("You skips", skip(you), phase(PhasePlay, 2)),
		}},
		{name: "T13 two calls in the same round", m: p4(), steps: steps(twoExchanges, []gametest.Step{
			ok("P2 dials", dial(2, "52,11,0,29")), ok("P0", pair(0, "F", "11")),
			ok("P1 dials", dial(1, "52,11,0,29")),
			ok("P3", pair(3, "X", "0"), points(0, 1, 0, 1), viewHas(-1, `"dial":{"by":1,`),
				said(2, "inkognito.event.call_lost", game.P("who", 1)), unsaid(-1, "inkognito.event.dialled", game.P("who", 2)),
				unsaid(0, "inkognito.event.dialled", game.P("who", 2)), unsaid(0, "inkognito.event.call_lost")),
		})},
		{name: "T23 match end with joint winners", m: p4(), steps: steps(twoExchanges, []gametest.Step{
			ok("P2 dials", dial(2, "52,11,0,29")), ok("P0", pair(0, "F", "11")), ok("P1", pair(1, "Z", "52")),
			ok("P3", pair(3, "X", "0"), func(tb testing.TB, m *match) {
				res, _ := m.Result()
				before := []int{2, 1, 2, 0}
				var winners []int
				for s, p := range res.Points {
					if before[s]+p >= Rules.Info(Rules{}).Series.Target {
						winners = append(winners, s)
					}
				}
				if !slices.Equal(winners, []int{0, 2}) || len(res.Winners) != 2 {
					tb.Fatalf("series winners %v (game winners %v), want [0 2]", winners, res.Winners)
				}
			}),
		})},
	})
}

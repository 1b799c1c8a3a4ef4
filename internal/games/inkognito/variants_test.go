package inkognito

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

// p3 is T18's deal: Ann F/52, Ben Z/0, Cal X/29, FICT B/11 (number 5211029).
func p3(start int, deck []Site, fict ...Site) *match {
	return fixtureOf{n: 3, black: []string{"F/52", "Z/0", "X/29", "B/11"}, start: start,
		decks: [][]Site{deck}, fict: fict}.build()
}

// p5 is T20's deal: A0 F/52, A1 B/11, A2 Z/0, A3 X/29, the Ambassador at seat 4.
func p5() *match {
	return fixtureOf{n: 5, amb: 4, black: []string{"F/52", "B/11", "Z/0", "X/29", ""}}.build()
}

func TestScenarios_ThreePlayers(t *testing.T) {
	t.Parallel()
	const amb = AmbDeck
	runScenarios(t, []scenario{
		{name: "T18 the fictitious agent", m: p3(Fict, []Site{SM, CD, RI, AC, AR}, AC, CD), steps: []gametest.Step{
			ok("Ann", play(ann, AC), said(-1, "inkognito.event.plays", game.T("who", "inkognito.who.fictitious.start"), at(AC))),
			ok("Ben", play(ben, RI)),
			ok("Cal", play(cal, SM), meetings("amb_meet SAN_MARCO 2", "peek ACCADEMIA 0 3")),
			{Name: "Cal asks FICT without a kind", Action: askKind(cal, Fict, ""), Code: "malformed"},
			ok("Ann peeks IDENTITY", peek(ann, "IDENTITY")),
			ok("Cal asks FICT NUMBER", askKind(cal, Fict, "NUMBER"), column(ann, 0, Fict, "■:B"), column(cal, 0, Fict, "■:11"),
				columns(ben, 0), said(-1, "inkognito.event.meet_peek", game.P("a", 0), at(AC)),
				said(-1, "inkognito.event.asked", game.P("who", 2), game.T("target", "inkognito.who.fictitious")),
				viewLacks(-1, "■"), viewLacks(ben, "■"), phase(PhasePlay, 2)),
			ok("Ann", play(ann, RI)), ok("Ben", play(ben, SM)),
			ok("Cal", play(cal, AR), said(-1, "inkognito.event.plays", game.T("who", "inkognito.who.fictitious.start"), at(CD)),
				said(-1, "inkognito.event.no_meeting"), phase(PhasePlay, 3)),
		}},
		{name: "T18 Ann never sees FICT's identity twice", m: p3(0, []Site{SM, CD, RI, AC, AR}, RI, SM, AC),
			steps: []gametest.Step{
				ok("Ann", play(ann, RI)), ok("Ben", play(ben, SM)),
				ok("Cal", play(cal, CD), meetings("peek RIALTO 0 3", "amb_meet SAN_MARCO 1")),
				ok("Ann peeks IDENTITY", peek(ann, "IDENTITY")), ok("Ben skips", skip(ben)),
				ok("Ben", play(ben, AC)), ok("Cal", play(cal, AR)),
				ok("Ann", play(ann, CD), meetings("amb_meet CA_DORO 0")),
				refused("Ann asks FICT's identity", "fict_seen", askKind(ann, Fict, "IDENTITY")),
				ok("Ann asks FICT's number", askKind(ann, Fict, "NUMBER"), column(ann, 1, Fict, "■:11")),
				ok("Cal", play(cal, SM)), ok("Ann", play(ann, AC)),
				ok("Ben", play(ben, RI), meetings("amb_meet RIALTO 1", "peek ACCADEMIA 0 3")),
				refused("Ann peeks again", "peeked", peek(ann, "IDENTITY"), task(ann, func(tb testing.TB, t *Task) {
					if len(t.Black) != 0 || !t.CanSkip || !t.CanDial {
						tb.Fatalf("Ann's task %+v", t)
					}
				})),
				ok("Ann skips", skip(ann)),
			}},
		{name: "T19 3p scoring: a wrong call", m: p3(0, []Site{AR, SM, RI, AC, CD}, CD), steps: []gametest.Step{
			ok("Ann", play(ann, RI)), ok("Ben", play(ben, AR)), ok("Cal", play(cal, SM), meetings("amb_meet ARSENALE 1")),
			ok("Ben dials 5211290", dial(ben, "52,11,29,0"), points(1, 0, 1)),
		}},
		{name: "T19 3p scoring: a right call", m: p3(0, []Site{AR, SM, RI, AC, CD}, CD), steps: []gametest.Step{
			ok("Ann", play(ann, RI)), ok("Ben", play(ben, AR)), ok("Cal", play(cal, SM)),
			ok("Ben dials 5211029", dial(ben, "52,11,0,29"), points(0, 1, 0)),
		}},
		{name: "T19 a call from a peek", m: p3(0, []Site{AR, SM, RI, AC, CD}, RI), steps: []gametest.Step{
			ok("Ann", play(ann, RI)), ok("Ben", play(ben, SM)), ok("Cal", play(cal, CD), meetings("peek RIALTO 0 3")),
			ok("Ann dials", dial(ann, "52,11,0,29"), points(1, 0, 0), viewHas(-1, `"by":0`)),
		}},
		{name: "R19 FICT and the Ambassador alone: nothing", m: p3(0, []Site{CD, SM, RI, AC, AR}, CD), steps: []gametest.Step{
			ok("Ann", play(ann, RI)), ok("Ben", play(ben, SM)),
			ok("Cal", play(cal, AC), meetings(), phase(PhasePlay, 2), func(tb testing.TB, m *match) {
				if m.tableView().Sites[CD].Cards[0].By != Fict || m.ambCard != noSite {
					tb.Fatalf("CA_DORO %+v", m.tableView().Sites[CD])
				}
				_ = amb
			}),
		}},
	})
}

func TestScenarios_FivePlayers(t *testing.T) {
	t.Parallel()
	const amb = 4
	interview := []gametest.Step{
		{Name: "A0 before the Ambassador", Action: play(0, RI), Rule: "§5.8", Msg: "inkognito.refuse.not_your_turn", Code: "not_your_turn"},
		ok("AMB commits RIALTO", commit(amb, RI),
			viewHas(-1, `"committed":true`), viewHas(amb, `"committed":"RIALTO"`), viewLacks(-1, `"card":"RIALTO"`)),
		ok("A0", play(0, RI)), ok("A1", play(1, SM)), ok("A2", play(2, RI)),
		ok("A3", play(3, CD), meetings("interview RIALTO 0 2"), viewHas(-1, `"card":"RIALTO"`)),
	}
	runScenarios(t, []scenario{
		{name: "T20 commit, and the interview", m: p5(), steps: steps(interview, []gametest.Step{
			refused("A0 two true", "pair_not_one_true", pair(0, "F", "52")),
			refused("A0 dials", "no_call_here", dial(0, "52,11,0,29")),
			refused("A0 shows black", "wrong_meeting", black(0, "IDENTITY")),
			ok("A0 F,0", pair(0, "F", "0")), ok("A2 Z,29", pair(2, "Z", "29")),
			ok("AMB continues", cont(amb), column(amb, 0, 0, "X:F X:0"), column(amb, 1, 2, "X:Z X:29"),
				column(0, 0, amb, "•:F •:0"), column(2, 0, amb, "•:Z •:29"), viewLacks(0, `"face":"Z"`), viewLacks(2, `"face":"F"`),
				phase(PhaseCommit, 2)),
			ok("AMB commits SAN_MARCO", commit(amb, SM)),
			ok("A1", play(1, CD)), ok("A2", play(2, SM)), ok("A3", play(3, AC)),
			ok("A0", play(0, SM), meetings("interview SAN_MARCO 0 2")),
			refused("A0 repeats 0,F", "pair_repeated", pair(0, "0", "F")),
			ok("A0 F,29", pair(0, "F", "29")),
		})},
		{name: "T21 an agent meets the Ambassador alone", m: p5(), steps: []gametest.Step{
			ok("AMB", commit(amb, AC)), ok("A0", play(0, RI)), ok("A1", play(1, AC)), ok("A2", play(2, SM)),
			ok("A3", play(3, CD), meetings("amb_meet ACCADEMIA 1")),
			refused("AMB requests", "wrong_meeting", ask(amb, 2)),
			ok("A1 asks A3", ask(1, 3)), ok("AMB continues", cont(amb), phase(PhaseBlack, 1)),
			ok("A3 IDENTITY", choose(3, "IDENTITY"), column(1, 0, 3, "■:X"), column(amb, 0, 3, "■:X"), columns(0, 0)),
			ok("AMB", commit(amb, RI)), ok("A1", play(1, SM)), ok("A2", play(2, RI)), ok("A3", play(3, AR)),
			ok("A0", play(0, CD), meetings("amb_meet RIALTO 2")),
			ok("A2 asks A3", ask(2, 3)), ok("AMB", cont(amb), task(3, func(tb testing.TB, t *Task) {
				if len(t.Black) != 2 {
					tb.Fatalf("A3 may show %v, want both", t.Black)
				}
			})),
			ok("A3 IDENTITY again", choose(3, "IDENTITY"), column(2, 0, 3, "■:X"), column(amb, 1, 3, "■:X")),
			ok("AMB", commit(amb, CD)), ok("A2", play(2, AC)), ok("A3", play(3, RI)), ok("A0", play(0, SM)),
			ok("A1", play(1, CD), meetings("amb_meet CA_DORO 1")),
			ok("A1 asks A3 again", ask(1, 3)), ok("AMB", cont(amb)),
			refused("A3 IDENTITY", "black_shown_asked", choose(3, "IDENTITY")),
			ok("A3 NUMBER", choose(3, "NUMBER"), column(1, 1, 3, "■:29")),
		}},
		{name: "T22 the Ambassador calls", m: p5(), steps: steps(interview, []gametest.Step{
			ok("A0", pair(0, "F", "0")), ok("A2", pair(2, "Z", "29")),
			ok("AMB dials 5211029", dial(amb, "52,11,0,29"), points(0, 0, 0, 0, 1)),
		})},
		{name: "T22 the Ambassador calls wrong", m: p5(), steps: steps(interview, []gametest.Step{
			ok("AMB dials first", dial(amb, "11,52,0,29")), ok("A0", pair(0, "F", "0")),
			ok("A2", pair(2, "Z", "29"), points(1, 1, 1, 1, 0)),
		})},
		{name: "R25 an agent calls from an Ambassador meeting in 5p", m: p5(), steps: []gametest.Step{
			ok("AMB", commit(amb, AC)), ok("A0", play(0, RI)), ok("A1", play(1, AC)), ok("A2", play(2, SM)),
			ok("A3", play(3, CD)), ok("A1 dials", dial(1, "52,11,0,29")), ok("AMB", cont(amb), points(0, 1, 0, 0, 0)),
		}},
	})
}

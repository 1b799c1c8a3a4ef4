package inkognito

import (
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
)

func TestScenarios_CycleAndRequests(t *testing.T) {
	t.Parallel()
	starts := func(s int) then {
		return func(tb testing.TB, m *match) {
			tb.Helper()
			if got := m.tableView().Start; got != s {
				tb.Fatalf("round %d starts with %d, want %d", m.round, got, s)
			}
		}
	}
	youAnne := []gametest.Step{ok("You", play(you, RI)), ok("Anne", play(anne, RI)), ok("Mario", play(mario, SM)),
		ok("David", play(david, SM), meetings("exchange RIALTO 0 1"))}
	youAmb := []gametest.Step{ok("You", play(you, SM)), ok("Anne", play(anne, RI)), ok("Mario", play(mario, CD)),
		ok("David", play(david, AC), meetings("amb_meet SAN_MARCO 0"))}
	runScenarios(t, []scenario{
		{name: "T14 cycle end, rotation, forced last card", m: ex(), steps: steps(youAnne, []gametest.Step{
			ok("r1 You", pair(you, "B", "0"), starts(you)), ok("r1 Anne", pair(anne, "F", "11"), starts(anne)),
			ok("r2 Anne", play(anne, CD)), ok("r2 Mario", play(mario, AC)), ok("r2 David", play(david, RI)),
			ok("r2 You", play(you, AR)), ok("r2 You skips", skip(you), starts(mario)),
			ok("r3 Mario", play(mario, RI)), ok("r3 David", play(david, CD)), ok("r3 You", play(you, AC)),
			ok("r3 Anne", play(anne, SM)), ok("r3 You skips", skip(you), starts(david)),
			ok("r4 David", play(david, AC)), ok("r4 You", play(you, SM)), ok("r4 Anne", play(anne, AR)),
			ok("r4 Mario", play(mario, CD), phase(PhaseAct, 5), starts(you),
				meetings("amb_meet CA_DORO 0", "exchange ARSENALE 2 3"),
				viewHas(-1, `"agents":[{"seat":0,"colour":"blue","hand":[],"played":"CA_DORO"}`)),
			ok("r5 You skips", skip(you)), ok("r5 Mario", pair(mario, "Z", "52")),
			ok("r5 David", pair(david, "X", "52"), phase(PhasePlay, 6), starts(anne), turn(anne),
				func(tb testing.TB, m *match) {
					for _, a := range m.tableView().Agents {
						if len(a.Hand) != 5 {
							tb.Fatalf("hand of %d after the cycle: %v", a.Seat, a.Hand)
						}
					}
					if len(m.deck) != 5 || m.deck[0] != AR {
						tb.Fatalf("deck %v, want a fresh shuffle", m.deck)
					}
					if sh := m.seatView(anne).Sheet.Shown[0]; len(sh.Pairs) != 1 || sh.Pairs[0] != [2]string{"F", "11"} || sh.PairsLeft != 11 {
						tb.Fatalf("Anne's ledger for You %+v", sh)
					}
				}),
		})},
		{name: "T15 voluntary black reveal", m: ex(), steps: steps(youAnne, []gametest.Step{
			ok("You shows IDENTITY", black(you, "IDENTITY")),
			ok("Anne", pair(anne, "F", "11"), column(anne, 0, you, "■:B •:F •:11"), column(you, 0, anne, "◆:B X:F X:11"),
				columns(mario, 0), viewLacks(mario, "■", "IDENTITY")),
			ok("Anne", play(anne, AR)), ok("Mario", play(mario, AC)), ok("David", play(david, RI)),
			ok("You", play(you, CD), meetings("amb_meet ARSENALE 1")),
			ok("Anne asks You", ask(anne, you), task(you, func(tb testing.TB, t *Task) {
				if strings.Join(t.Black, ",") != "NUMBER" {
					tb.Fatalf("You may show %v, want only NUMBER", t.Black)
				}
			}), viewLacks(mario, "NUMBER", "forced"), viewHas(mario, `"requests":[{"requester":1,"target":0,"answered":false}]`)),
			ok("You confirms NUMBER", choose(you, "NUMBER"), column(anne, 1, you, "■:11")),
			ok("Mario", play(mario, RI)), ok("David", play(david, CD)), ok("You", play(you, SM)),
			ok("Anne", play(anne, AC), meetings("amb_meet ACCADEMIA 1")),
			refused("Anne asks You again", "target_exhausted", ask(anne, you)),
			ok("Anne skips", skip(anne)),
		})},
		{name: "T15 a black card is never shown twice", m: ex(func(m *match) { m.blacks[you][anne] = 1 << KindIdentity }),
			steps: steps(youAnne, []gametest.Step{
				refused("You shows IDENTITY again", "black_shown", black(you, "IDENTITY")),
				ok("You shows NUMBER", black(you, "NUMBER")),
			})},
		{name: "T16 no legal pair left", m: ex(func(m *match) {
			for _, p := range m.black[anne].legalPairs() {
				m.pairs[anne][you] |= pairBit(p[0], p[1])
			}
		}), steps: steps(youAnne, []gametest.Step{
			refused("You passes", "must_show", pass(you)),
			ok("You", pair(you, "B", "0")),
			refused("Anne repeats", "pair_repeated", pair(anne, "F", "11"), task(anne, func(tb testing.TB, t *Task) {
				if len(t.Pairs) != 0 || t.PairsLeft != 0 || !t.CanPass || !t.CanDial || len(t.Black) != 2 {
					tb.Fatalf("Anne's task %+v", t)
				}
			})),
			refused("Anne two true", "pair_not_one_true", pair(anne, "F", "52")),
			ok("Anne passes", pass(anne), func(tb testing.TB, m *match) {
				if c := m.seatView(you).Sheet.Columns[0]; c.Note.ID != NoteNoNewPair {
					tb.Fatalf("You's column %+v", c)
				}
			}),
		})},
		{name: "T17 skip, and ineligible targets", m: ex(func(m *match) { m.blacks[david][you] = 3 }),
			steps: steps(youAmb, []gametest.Step{
				refused("You asks David", "target_exhausted", ask(you, david), task(you, func(tb testing.TB, t *Task) {
					if strings.Trim(strings.Join(strings.Fields(itoaAll(t.Targets)), ","), " ") != "1,2" {
						tb.Fatalf("targets %v", t.Targets)
					}
				})),
				refused("You asks yourself", "target_other", ask(you, you)),
				refused("You asks seat 7", "target_other", ask(you, 7)),
				ok("You skips", skip(you), said(-1, "inkognito.event.asked_nobody", game.P("who", 0))),
			})},
		{name: "R4 one sealed action, final once accepted", m: ex(), steps: steps(youAnne, []gametest.Step{
			ok("You", pair(you, "B", "0")),
			refused("You again", "already_acted", pair(you, "B", "29")),
			{Name: "Mario is not in a meeting", Action: pair(mario, "Z", "52"), Rule: "§5.4", Msg: "inkognito.refuse.not_in_meeting", Code: "not_your_turn"},
			refused("a request in an exchange", "wrong_meeting", ask(anne, mario)),
			refused("a play during ACT", "not_your_turn", play(mario, AR)),
		})},
		{name: "§5.7 plays in turn, from the hand", m: ex(), steps: []gametest.Step{
			{Name: "Anne out of turn", Action: play(anne, RI), Rule: "§5.8", Msg: "inkognito.refuse.not_your_turn", Code: "not_your_turn"},
			refused("a choice with no request", "nobody_asked", choose(you, "NUMBER")),
			refused("a commit in 4p", "not_ambassador", commit(you, RI)),
			ok("You", play(you, RI)), ok("Anne", play(anne, AR)), ok("Mario", play(mario, CD)), ok("David", play(david, AC)),
			ok("Anne", play(anne, RI)), ok("Mario", play(mario, SM)), ok("David", play(david, CD)),
			refused("You plays RIALTO twice", "card_played", play(you, RI)),
		}},
	})
}

func itoaAll(xs []int) string {
	var b strings.Builder
	for _, x := range xs {
		b.WriteString(itoa(x) + " ")
	}
	return b.String()
}

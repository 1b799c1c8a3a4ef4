// Package cup is "Under the Cup", the example game of
// docs/adding-a-game.md: two players, a number hidden under a cup, three
// guesses to find it. It is offered only with --dev-games.
//
// The rules, numbered as refusals and tests cite them:
//
//	R1  Two players play a match of Rounds rounds (2, 4 or 6). In round r
//	    seat (r-1) mod 2 hides and the other seat guesses.
//	R2  The hider puts a whole number from 1 to 9 under the cup. Only the
//	    hider sees it until the cup is lifted.
//	R3  Then the guesser names a number from 1 to 9, at most three times a
//	    round. A wrong guess is answered in public: the number under the
//	    cup is higher, or lower.
//	R4  A right guess scores the guesser a point; after three wrong
//	    guesses the hider scores one. Either way the cup is lifted for all
//	    to see and the next round starts.
//	R5  With a turn timer (TurnSeconds, 0 for none) the referee acts for
//	    the seat awaited when its time runs out: it hides a number drawn
//	    from the match's seeded stream for a hider, and counts a lost guess
//	    for a guesser. The timer is logged as the referee's action, so a
//	    replay runs it out again at the same point.
//	R6  After the last round the most points win; equal points share the
//	    win.
//
// House rulings, where the rules are silent: H1 a guess may repeat an
// earlier one (it is lost like any wrong guess); H2 only the seat the
// match awaits may act, and only the referee runs a timer out.
package cup

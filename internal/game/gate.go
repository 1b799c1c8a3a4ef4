package game

// Gate keeps the two sides of the table apart: the referee (System) sends
// only the timer actions the room fires, and a seat of the match only the
// others. Each game refuses the wrong side under its own ruling and in its
// own words, so a player reads which ruling keeps the clock the referee's.
type Gate struct {
	// Rule is the ruling both refusals cite.
	Rule string
	// Timer reports whether an action type is one only the referee sends.
	Timer func(typ string) bool
	// RefereeOnly is the message refusing a player's action sent by System;
	// TimerIsReferees the one refusing a timer sent by a seat.
	RefereeOnly, TimerIsReferees string
}

// Check refuses a when its sender may not send it in a match of n seats:
// a player's action from the referee, a seat the match does not have, a
// timer from a seat.
func (g Gate) Check(a Action, n int) error {
	if a.Seat == System {
		if !g.Timer(a.Type) {
			return Illegal(g.Rule, g.RefereeOnly)
		}
		return nil
	}
	if a.Seat < 0 || int(a.Seat) >= n {
		return Malformed("no seat %d in a game of %d", a.Seat, n)
	}
	if g.Timer(a.Type) {
		return Illegal(g.Rule, g.TimerIsReferees)
	}
	return nil
}

// Clock is a match's game time. An action's time is never earlier than
// the previous action's, so a hiccup of the server's clock cannot move a
// deadline back, reopen a window or run a cooldown backwards.
type Clock struct {
	// Now is the time of the latest action, or of the start, in Unix ms.
	Now int64
}

// At is a's game time.
func (c Clock) At(a Action) int64 { return max(a.At, c.Now) }

// Tick moves the clock to a's game time and returns it.
func (c *Clock) Tick(a Action) int64 {
	c.Now = c.At(a)
	return c.Now
}

// Checked is what an action that passed Check decodes to. The room applies
// only checked actions, so Apply cannot fail: a refusal here is a bug in
// the engine (Check and Apply disagree), and it panics.
func Checked[C any](c C, err error) C {
	if err != nil {
		panic("Apply of a refused action: " + err.Error())
	}
	return c
}

// Judge checks a in the order every game does: nothing after the end
// (over), then the action's data (decode), then the gate for a match of n
// seats, then the game's own rules (check) on the decoded command, which
// it returns ready to apply.
func Judge[C any](a Action, n int, over bool, g Gate, decode func() (C, error), check func(C) error) (C, error) {
	var zero C
	if over {
		return zero, Over()
	}
	c, err := decode()
	if err != nil {
		return zero, err
	}
	if err := g.Check(a, n); err != nil {
		return zero, err
	}
	if err := check(c); err != nil {
		return zero, err
	}
	return c, nil
}

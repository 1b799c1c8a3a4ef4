package game

// EndedByHostID is the summary id of a match the host ended before its
// rules did: nobody won and nobody scored.
const EndedByHostID = "game.ended_by_host"

// AbandonedID is the summary id of a match the server ended because no
// person's seat had acted for hours (its argument n): nobody won and nobody
// scored, as when the host ends one.
const AbandonedID = "game.ended_abandoned"

// EndedByHost is the result of a match of seats players that the host
// ended: no winners, zero points each. Its log stops where the host ended
// it, so a replay of it simply reaches no result of its own.
func EndedByHost(seats int) Result {
	return Result{Winners: []Seat{}, Points: make([]int, seats), Summary: M(EndedByHostID)}
}

// Abandoned is the result of a match of seats players that ended after
// hours without a move by any person: recorded like EndedByHost, with the
// reason and the hours in its summary.
func Abandoned(seats, hours int) Result {
	return Result{Winners: []Seat{}, Points: make([]int, seats), Summary: M(AbandonedID, N("n", hours))}
}

// EndedByHost reports whether the host ended the match rather than its rules.
func (r Result) EndedByHost() bool { return r.Summary.ID == EndedByHostID }

// EndedEarly reports whether the match ended before its rules ended it: by
// the host, or abandoned.
func (r Result) EndedEarly() bool { return r.EndedByHost() || r.Summary.ID == AbandonedID }

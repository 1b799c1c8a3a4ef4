package game

// EndedByHostID is the summary id of a match the host ended before its
// rules did: nobody won and nobody scored.
const EndedByHostID = "game.ended_by_host"

// EndedByHost is the result of a match of seats players that the host
// ended: no winners, zero points each. Its log stops where the host ended
// it, so a replay of it simply reaches no result of its own.
func EndedByHost(seats int) Result {
	return Result{Winners: []Seat{}, Points: make([]int, seats), Summary: M(EndedByHostID)}
}

// EndedByHost reports whether the host ended the match rather than its rules.
func (r Result) EndedByHost() bool { return r.Summary.ID == EndedByHostID }

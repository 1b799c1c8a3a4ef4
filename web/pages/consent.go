package pages

// ConsentLine is what the live region shows about the host moving a seat
// whose phone is connected: on that phone the question (Asked, for its
// seat SeatID), on the host's how each request stands (Moves).
type ConsentLine struct {
	Asked  bool
	SeatID string
	Moves  []MoveLine
}

// MoveLine is the host's request to move one seat: State is "asking",
// "allowed" or "refused".
type MoveLine struct {
	SeatID string
	Name   string
	State  string
}

package couriers

// Colour is a player's colour: agents, suitcases, clue cards, combat cards
// and bases all come in the four colours (§2).
type Colour int

// The four colours in clockwise turn order (§4.5).
const (
	// Red starts in the NW corner and delivers in the SE.
	Red Colour = iota
	// Blue starts in the NE corner and delivers in the SW.
	Blue
	// Green starts in the SE corner and delivers in the NW.
	Green
	// Yellow starts in the SW corner and delivers in the NE.
	Yellow
)

// colourCount is the number of colours in the box.
const colourCount = 4

var colourNames = [colourCount]string{"red", "blue", "green", "yellow"}

// String is the colour's id, as in agent and suitcase ids.
func (c Colour) String() string {
	if c < 0 || c >= colourCount {
		return "none"
	}
	return colourNames[c]
}

func colourByName(s string) (Colour, bool) {
	for i, n := range colourNames {
		if n == s {
			return Colour(i), true
		}
	}
	return -1, false
}

// seatColours gives seat i its colour: two players take a diagonal pair
// (R25), three the first three colours, four all, turned by shift (H17):
// seat i plays the colour seat i+shift would. Seats follow the clockwise
// order red, blue, green, yellow (§4.5) from wherever the turn starts, so
// the seat after mine always plays the colour after mine.
func seatColours(n, shift int) []Colour {
	in := []Colour{Red, Blue, Green, Yellow}
	switch n {
	case 2:
		in = []Colour{Red, Green}
	case 3:
		in = []Colour{Red, Blue, Green}
	}
	out := make([]Colour, len(in))
	for s := range out {
		out[s] = in[(s+shift)%len(in)]
	}
	return out
}

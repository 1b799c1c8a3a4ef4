package vaultboard

// SeatColour is the CSS colour this board draws a seat's colour name in, so
// the pages around the board (lobby list, standings) match it.
func SeatColour(name string) string { return colourCSS(name) }

package kit

// A seat colour's sign is a shape drawn on everything that colour marks
// (a courier's coat, a suitcase, a spy), so that a player who cannot tell
// red from green still tells whose piece it is. Shapes belong to colour
// names, not to games: a red piece wears a circle in every game, and no
// two colours share a shape, so no palette can either.
var signs = map[string]string{
	"red":    "M-.8 0a.8.8 0 1 0 1.6 0a.8.8 0 1 0-1.6 0z",
	"blue":   "M0-.9L.9.75H-.9z",
	"green":  "M-.72-.72h1.44v1.44h-1.44z",
	"yellow": "M0-.95L.95 0L0 .95L-.95 0z",
	"pink":   "M-.42-.8h.84L.9 0L.42.8h-.84L-.9 0z",
	"purple": "M0-.95L.22-.3H.9L.35.1L.56.78L0 .37L-.56.78L-.35.1L-.9-.3H-.22z",
	"orange": "M0 .9L.9-.75H-.9z",
	"white":  "M-.3-.9h.6v.6h.6v.6h-.6v.6h-.6v-.6h-.6v-.6h.6z",
	"black":  "M-.85-.5L-.5-.85L0-.35L.5-.85L.85-.5L.35 0L.85.5L.5.85L0 .35L-.5.85L-.85.5L-.35 0z",
}

// SignPath is the outline of colour name's sign, an SVG path in the box
// from -1,-1 to 1,1; "" for a colour with no sign.
func SignPath(name string) string { return signs[name] }

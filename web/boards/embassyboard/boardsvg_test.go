package embassyboard

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"topsecret/internal/games/embassy"
)

var update = flag.Bool("update", false, "rewrite board.svg from the engine's board model")

// TestBoardSVG keeps the committed board.svg what drawBoardSVG makes of
// the engine's board model; go test -run TestBoardSVG -update rewrites it.
func TestBoardSVG(t *testing.T) {
	got := drawBoardSVG()
	if *update {
		if err := os.WriteFile("board.svg", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("board.svg")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Fatal("board.svg differs from the drawing of the board model; run go test -run TestBoardSVG -update")
	}
	if n := len(got); n > 24<<10 {
		t.Errorf("board.svg is %d bytes, want at most 24 KiB", n)
	}
}

// drawBoardSVG draws the static board: streets, forbidden area, barbed
// wire, wells, start squares, the embassies with their black card squares,
// arrows and flags. The fragment #q1, #q2 or #q3 turns it by that many
// clockwise quarter turns (CSS :target), keeping the flags upright, so a
// phone loads one file whichever corner is its own.
func drawBoardSVG() string {
	var b strings.Builder
	// One element (or one group of them) a line, for readable diffs.
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d">`, side, side)
	w(`<style>#r{transform-origin:%dpx %dpx}.f{transform-box:fill-box;transform-origin:center}`, side/2, side/2)
	for q := 1; q <= 3; q++ {
		w(`#q%d:target~#r{transform:rotate(%ddeg)}#q%d:target~#r .f{transform:rotate(-%ddeg)}`, q, 90*q, q, 90*q)
	}
	w(`</style>`)
	w(`<defs><pattern id="h" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
		`<rect width="3" height="3" fill="#a89a7c"/><path d="M0 0v3" stroke="#94876a" stroke-width="1.2"/></pattern>` +
		`<pattern id="x" width="5" height="5" patternUnits="userSpaceOnUse">` +
		`<rect width="5" height="5" fill="#3f5b35"/><path d="M0 0l5 5M5 0l-5 5" stroke="#22351c" stroke-width=".7"/>` +
		`<circle cx="2.5" cy="2.5" r=".7" fill="#8da07f"/></pattern></defs>`)
	w(`<g id="q1"/><g id="q2"/><g id="q3"/><g id="r">`)
	w(`<rect width="%d" height="%d" fill="#ddd4bd"/>`, side, side)
	w(`<path fill="url(#h)" d="%s"/>`, runs(func(k embassy.Kind) bool { return k == embassy.Forbidden || k == embassy.Arrow }))
	w(`<path fill="none" stroke="#b3a98f" stroke-width=".35" d="%s"/>`, gridLines())
	w(`<path fill="url(#x)" stroke="#22351c" stroke-width=".4" d="%s"/>`, runs(func(k embassy.Kind) bool { return k == embassy.Wire }))
	for _, wl := range model.Wells {
		x, y := wl.Col*unit+unit/2, wl.Row*unit+unit/2
		w(`<circle cx="%d" cy="%d" r="4.2" fill="#5b6b7d" stroke="#26303b" stroke-width=".8"/><circle cx="%d" cy="%d" r="2.6" fill="#141c26"/>`, x, y, x, y)
	}
	for _, h := range model.Homes {
		x, y := h.Square.Col*unit, h.Square.Row*unit
		w(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/><circle cx="%d" cy="%d" r="3" fill="none" stroke="#fff" stroke-width="1.2" opacity=".85"/>`,
			x, y, unit, unit, palette.CSS(h.Colour), x+unit/2, y+unit/2)
	}
	for _, e := range model.Embassies {
		drawEmbassy(&b, e)
	}
	w(`</g></svg>`)
	return b.String()
}

// runs is a path of the squares whose kind matches, one rectangle per
// horizontal run.
func runs(match func(embassy.Kind) bool) string {
	var b strings.Builder
	for r, row := range model.Cells {
		for c := 0; c < len(row); {
			if !match(row[c]) {
				c++
				continue
			}
			start := c
			for c < len(row) && match(row[c]) {
				c++
			}
			fmt.Fprintf(&b, "M%d %dh%dv%dh-%dz", start*unit, r*unit, (c-start)*unit, unit, (c-start)*unit)
		}
	}
	return b.String()
}

// gridLines are the lines between squares a spy can count steps over.
func gridLines() string {
	walk := func(k embassy.Kind) bool {
		return k == embassy.Street || k == embassy.Well || k == embassy.Forbidden || k == embassy.Arrow
	}
	var b strings.Builder
	for r := range embassy.Size {
		for c := range embassy.Size {
			if !walk(model.Cells[r][c]) {
				continue
			}
			if c+1 < embassy.Size && walk(model.Cells[r][c+1]) {
				fmt.Fprintf(&b, "M%d %dv%d", (c+1)*unit, r*unit, unit)
			}
			if r+1 < embassy.Size && walk(model.Cells[r+1][c]) {
				fmt.Fprintf(&b, "M%d %dh%d", c*unit, (r+1)*unit, unit)
			}
		}
	}
	return b.String()
}

// drawEmbassy draws one building: its walls, the black card square, the
// arrows of its entrances and its flag on the side away from the card.
func drawEmbassy(b *strings.Builder, e embassy.Embassy) {
	x, y := e.Left*unit, e.Top*unit
	fmt.Fprintf(b, `<rect x="%d.6" y="%d.6" width="18.8" height="18.8" rx="1.2" fill="#f2ead6" stroke="#3b3326" stroke-width="1.2"/>`, x, y)
	cx, cy := e.Card.Col*unit, e.Card.Row*unit
	fmt.Fprintf(b, `<rect x="%d.5" y="%d.5" width="7" height="7" rx=".6" fill="#16130e"/>`, cx+1, cy+1)
	for _, in := range e.Entrances {
		fmt.Fprintf(b, `<path d="%s" fill="#b3261e"/>`, arrow(in))
	}
	dx, dy := 4.0, 4.0
	if e.Card.Col != e.Left {
		dx = -4
	}
	if e.Card.Row != e.Top {
		dy = -4
	}
	fx, fy := float64(x)+10+dx-5.5, float64(y)+10+dy-3.5
	fmt.Fprintf(b, `<g transform="translate(%s %s)"><g class="f">%s<rect width="11" height="7" fill="none" stroke="#2a2419" stroke-width=".35"/></g></g>`+"\n",
		num(fx), num(fy), flags[e.Letter])
}

// arrow is the triangle of an entrance square pointing into its building.
func arrow(in embassy.Entrance) string {
	cx, cy := float64(in.Square.Col*unit+unit/2), float64(in.Square.Row*unit+unit/2)
	switch in.Arrow {
	case ">":
		return fmt.Sprintf("M%s %sl6 3.5l-6 3.5z", num(cx-3), num(cy-3.5))
	case "<":
		return fmt.Sprintf("M%s %sl-6 3.5l6 3.5z", num(cx+3), num(cy-3.5))
	case "^":
		return fmt.Sprintf("M%s %sl3.5 -6l3.5 6z", num(cx-3.5), num(cy+3))
	}
	return fmt.Sprintf("M%s %sl3.5 6l3.5 -6z", num(cx-3.5), num(cy-3))
}

// flags are the embassies' flags, drawn in an 11×7 box (simplified, so
// they read at 20 pixels wide).
var flags = map[string]string{
	// USA: stripes and the blue canton.
	"A": `<rect width="11" height="7" fill="#b22234"/><path d="M0 1.5h11M0 3.5h11M0 5.5h11" stroke="#fff" stroke-width="1"/><rect width="5" height="3.5" fill="#3c3b6e"/>`,
	// Canada: red, white, red and the leaf.
	"B": `<rect width="11" height="7" fill="#fff"/><rect width="2.75" height="7" fill="#d52b1e"/><rect x="8.25" width="2.75" height="7" fill="#d52b1e"/><path d="M5.5 1.4l1 1.5l.9-.3l-.3 1.6l.9.2l-1.6 1.1v1h-1.8v-1l-1.6-1.1l.9-.2l-.3-1.6l.9.3z" fill="#d52b1e"/>`,
	// Norway: red with a blue cross edged in white.
	"C": `<rect width="11" height="7" fill="#ba0c2f"/><path d="M4 0v7M0 3.5h11" stroke="#fff" stroke-width="2"/><path d="M4 0v7M0 3.5h11" stroke="#00205b" stroke-width="1"/>`,
	// Holland: red, white, blue.
	"D": `<rect width="11" height="7" fill="#fff"/><rect width="11" height="2.34" fill="#ae1c28"/><rect y="4.66" width="11" height="2.34" fill="#21468b"/>`,
	// Soviet Union: red with the gold star.
	"E": `<rect width="11" height="7" fill="#cc0000"/><path d="M2.2.7l.45 1.3h1.35l-1.1.8l.42 1.3l-1.12-.8l-1.12.8l.42-1.3l-1.1-.8h1.35z" fill="#ffd700"/>`,
	// Japan: the red sun.
	"F": `<rect width="11" height="7" fill="#fff"/><circle cx="5.5" cy="3.5" r="2.1" fill="#bc002d"/>`,
	// Denmark: red with a white cross.
	"G": `<rect width="11" height="7" fill="#c8102e"/><path d="M4 0v7M0 3.5h11" stroke="#fff" stroke-width="1.2"/>`,
	// Austria: red, white, red.
	"H": `<rect width="11" height="7" fill="#fff"/><rect width="11" height="2.34" fill="#c8102e"/><rect y="4.66" width="11" height="2.34" fill="#c8102e"/>`,
	// Great Britain: the Union flag.
	"I": `<rect width="11" height="7" fill="#012169"/><path d="M0 0l11 7M11 0l-11 7" stroke="#fff" stroke-width="1.4"/><path d="M0 0l11 7M11 0l-11 7" stroke="#c8102e" stroke-width=".5"/><path d="M5.5 0v7M0 3.5h11" stroke="#fff" stroke-width="2.2"/><path d="M5.5 0v7M0 3.5h11" stroke="#c8102e" stroke-width="1.2"/>`,
	// Italy: green, white, red.
	"J": `<rect width="11" height="7" fill="#fff"/><rect width="3.67" height="7" fill="#009246"/><rect x="7.33" width="3.67" height="7" fill="#ce2b37"/>`,
	// Switzerland: red with the white cross.
	"K": `<rect width="11" height="7" fill="#da291c"/><path d="M5.5 1.2v4.6M3.2 3.5h4.6" stroke="#fff" stroke-width="1.4"/>`,
	// Germany: black, red, gold.
	"L": `<rect width="11" height="7" fill="#ffce00"/><rect width="11" height="2.34" fill="#000"/><rect y="2.33" width="11" height="2.34" fill="#dd0000"/>`,
	// France: blue, white, red.
	"M": `<rect width="11" height="7" fill="#fff"/><rect width="3.67" height="7" fill="#002395"/><rect x="7.33" width="3.67" height="7" fill="#ed2939"/>`,
	// Spain: red, gold, red.
	"N": `<rect width="11" height="7" fill="#aa151b"/><rect y="1.75" width="11" height="3.5" fill="#f1bf00"/>`,
	// Poland: white over red.
	"O": `<rect width="11" height="7" fill="#fff"/><rect y="3.5" width="11" height="3.5" fill="#dc143c"/>`,
	// Finland: white with a blue cross.
	"P": `<rect width="11" height="7" fill="#fff"/><path d="M4 0v7M0 3.5h11" stroke="#003580" stroke-width="1.6"/>`,
}

package couriersboard

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"topsecret/web/kit"
	"topsecret/web/words"
)

var update = flag.Bool("update", false, "rewrite board.<lang>.svg from the engine's board model")

// TestBoardSVG keeps each committed board.<lang>.svg what drawBoardSVG
// makes of the engine's board model and that language's city names in
// the catalogue; go test -run TestBoardSVG -update rewrites them.
func TestBoardSVG(t *testing.T) {
	for _, l := range words.Languages {
		file := "board." + l.Tag + ".svg"
		got := drawBoardSVG(cityNames(t, l.Tag))
		if *update {
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != got {
			t.Fatalf("%s differs from the drawing of the board model; run go test -run TestBoardSVG -update", file)
		}
		if n := len(got); n > 24<<10 {
			t.Errorf("%s is %d bytes, want at most 24 KiB", file, n)
		}
	}
}

// cityNames are the cities' names in lang, read from the catalogue the
// pages speak, so the drawing's words are the catalogue's.
func cityNames(tb testing.TB, lang string) map[string]string {
	tb.Helper()
	b, err := os.ReadFile("messages/" + lang + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	var all map[string]any
	if err := json.Unmarshal(b, &all); err != nil {
		tb.Fatal(err)
	}
	out := map[string]string{}
	for _, c := range model.Cities {
		s, ok := all[c.Term].(string)
		if !ok {
			tb.Fatalf("no catalogue name for %s", c.Term)
		}
		out[c.ID] = s
	}
	return out
}

// Colours of the drawing: a night-blue sea, dark land, pale routes.
const (
	sea      = "#15222f"
	grid     = "#1b2b3b"
	coast    = "#3c5147"
	land     = "#27362f"
	route    = "#d9c89d"
	dotFill  = "#f2e8cf"
	dotLine  = "#141414"
	labelInk = "#e9dfc6"
	// labelSize is the city names' font size in map units: tiny when the
	// whole map fits a phone, readable zoomed in and on the table screen.
	labelSize = 17
)

// drawBoardSVG draws the static map: sea and land, the routes, the cities
// with their names, the four corners' start and arrival bases and the
// clue squares (face down: a frame lays delivered clues over them).
func drawBoardSVG(names map[string]string) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">`,
		model.Width, model.Height)
	// The land is a blur of discs around the cities, cut sharp again: the
	// discs melt into continents.
	w(`<defs><filter id="g" x="0" y="0" width="%d" height="%d" filterUnits="userSpaceOnUse">`+
		`<feGaussianBlur stdDeviation="11"/><feColorMatrix values="1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 24 -11"/></filter></defs>`,
		model.Width, model.Height)
	w(`<rect width="%d" height="%d" fill="%s"/>`, model.Width, model.Height, sea)
	w(`<path stroke="%s" stroke-width="1.5" d="`, grid)
	for x := 50; x < model.Width; x += 100 {
		w(`M%d 0V%d`, x, model.Height)
	}
	for y := 50; y < model.Height; y += 100 {
		w(`M0 %dH%d`, y, model.Width)
	}
	w(`"/>`)
	for _, b := range model.Bases {
		if b.Kind == "start" {
			w(`<circle cx="%d" cy="%d" r="120" fill="%s" opacity=".13"/>`, b.X, b.Y, palette.CSS(b.Colour))
		}
	}
	landMass(&b, 50, coast)
	landMass(&b, 45, land)
	drawRoutes(&b)
	for _, c := range model.Cities {
		w(`<circle cx="%d" cy="%d" r="9" fill="%s" stroke="%s" stroke-width="2.5"/>`, c.X, c.Y, dotFill, dotLine)
	}
	drawLabels(&b, names)
	for _, bs := range model.Bases {
		drawBase(&b, bs.ID)
	}
	for _, s := range model.ClueSquares {
		w(`<rect x="%d" y="%d" width="20" height="20" rx="3" fill="#10161d" stroke="%s" stroke-width="2.5"/>`,
			s.X-10, s.Y-10, palette.CSS(s.Colour))
		w(`<text x="%d" y="%d" font-size="13" font-weight="700" text-anchor="middle" fill="%s">%s</text>`,
			s.X, s.Y+5, palette.CSS(s.Colour), s.Letter)
	}
	w(`</svg>`)
	b.WriteString("\n")
	return b.String()
}

// landMass draws a disc of radius r around every city in one colour,
// through the melting filter.
func landMass(b *strings.Builder, r int, fill string) {
	fmt.Fprintf(b, `<g filter="url(#g)" fill="%s">`, fill)
	for _, c := range model.Cities {
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="%d"/>`, c.X, c.Y, r)
	}
	b.WriteString(`</g>`)
}

// drawRoutes draws the links: city to city in one pale path, each base's
// links dashed in its colour.
func drawRoutes(b *strings.Builder) {
	var cities strings.Builder
	bases := map[string]*strings.Builder{}
	for _, l := range model.Links {
		from, to := places[l.From], places[l.To]
		seg := fmt.Sprintf("M%s %sL%s %s", num(from.At.X), num(from.At.Y), num(to.At.X), num(to.At.Y))
		if from.City && to.City {
			cities.WriteString(seg)
			continue
		}
		base := from
		if to.Colour != "" {
			base = to
		}
		if bases[base.Colour] == nil {
			bases[base.Colour] = &strings.Builder{}
		}
		bases[base.Colour].WriteString(seg)
	}
	fmt.Fprintf(b, `<path fill="none" stroke="%s" stroke-opacity=".5" stroke-width="3.5" stroke-linecap="round" d="%s"/>`, route, cities.String())
	for _, col := range []string{"red", "blue", "green", "yellow"} {
		if p := bases[col]; p != nil {
			fmt.Fprintf(b, `<path fill="none" stroke="%s" stroke-opacity=".8" stroke-width="3.5" stroke-dasharray="7 6" d="%s"/>`,
				palette.CSS(col), p.String())
		}
	}
}

// drawBase draws a start base (a square with an arrow out: agents only
// leave it) or an arrival base (a target: its colour delivers there).
func drawBase(b *strings.Builder, id string) {
	p := places[id]
	x, y, col := p.At.X, p.At.Y, palette.CSS(p.Colour)
	if p.Start {
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="64" height="64" rx="14" fill="%s" stroke="#0d0d0d" stroke-width="3"/>`,
			num(x-32), num(y-32), col)
		fmt.Fprintf(b, `<path d="M%s %sh-14v28h14M%s %sh16m-7-7l7 7l-7 7" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" opacity=".9"/>`,
			num(x-2), num(y-14), num(x-10), num(y))
		drawSign(b, p.Colour, x+17, y-17, 9)
		return
	}
	fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="25" fill="#10161d" stroke="%s" stroke-width="5"/>`, num(x), num(y), col)
	fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="14" fill="none" stroke="%s" stroke-width="4"/>`, num(x), num(y), col)
	drawSign(b, p.Colour, x, y, 8)
}

// drawSign draws colour's sign (kit.SignPath) centred on x, y, size
// units from centre to edge: white with a dark rim, so the colour is never
// the only clue whose base or clue square it is.
func drawSign(b *strings.Builder, colour string, x, y, size float64) {
	fmt.Fprintf(b, `<path d="%s" transform="translate(%s %s) scale(%s)" fill="#fff" stroke="#111" stroke-width="%s"/>`,
		kit.SignPath(colour), num(x), num(y), num(size), num(2.2/size))
}

// box is a label's or an obstacle's rectangle in map units.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlap(b box) float64 {
	w := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
	h := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// spot is one place a city's name may go, relative to its dot.
type spot struct {
	dx, dy float64
	anchor string // text-anchor
}

// spots are the candidate places of a name, best first: below the dot
// (agents stand above it, lying suitcases sit to its right), then beside.
var spots = []spot{{0, 30, "middle"}, {-14, 30, "end"}, {14, 30, "start"}, {-15, 6, "end"}, {0, -40, "middle"}, {16, 6, "start"}}

// drawLabels writes every city's name where it overlaps least with the
// other names, the dots, the bases and the clue squares.
func drawLabels(b *strings.Builder, names map[string]string) {
	var taken []box
	for _, c := range model.Cities {
		taken = append(taken, box{float64(c.X) - 12, float64(c.Y) - 12, float64(c.X) + 12, float64(c.Y) + 12})
	}
	for _, bs := range model.Bases {
		taken = append(taken, box{float64(bs.X) - 34, float64(bs.Y) - 34, float64(bs.X) + 34, float64(bs.Y) + 34})
	}
	for _, s := range model.ClueSquares {
		taken = append(taken, box{float64(s.X) - 12, float64(s.Y) - 12, float64(s.X) + 12, float64(s.Y) + 12})
	}
	for _, c := range model.Cities {
		name := names[c.ID]
		width := float64(utf8.RuneCountInString(name)) * labelSize * .56
		best, bestBox, bestScore := spots[0], box{}, math.Inf(1)
		for i, s := range spots {
			bx := labelBox(float64(c.X)+s.dx, float64(c.Y)+s.dy, width, s.anchor)
			score := float64(i) * 20
			for _, t := range taken {
				score += bx.overlap(t)
			}
			if bx.x0 < 0 || bx.x1 > float64(model.Width) || bx.y1 > float64(model.Height) {
				score += 1e6
			}
			if score < bestScore {
				best, bestBox, bestScore = s, bx, score
			}
		}
		taken = append(taken, bestBox)
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%d" font-weight="600" text-anchor="%s" fill="%s" stroke="%s" stroke-width="4" stroke-linejoin="round" paint-order="stroke">%s</text>`,
			num(float64(c.X)+best.dx), num(float64(c.Y)+best.dy), labelSize, best.anchor, labelInk, sea, xmlEscape(name))
	}
}

// labelBox is the rectangle a name of width w takes at (x, y) with anchor.
func labelBox(x, y, w float64, anchor string) box {
	switch anchor {
	case "end":
		x -= w
	case "middle":
		x -= w / 2
	}
	return box{x, y - labelSize*.8, x + w, y + labelSize*.25}
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

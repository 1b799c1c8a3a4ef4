package pages

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"topsecret/web/kit"
)

// The night chart is drawn here, on the server, as SVG: the page runs no
// chart library. Its viewBox is about a phone's width in CSS pixels, so
// its words read at 390px and grow with the screen on a TV. Each player's
// line wears a colour of its own and, at every match they played, the
// sign of that colour name (web/kit/sign.go), and ends in their name and
// points: no line is told from another by its colour alone.

// Chart geometry, in viewBox units.
const (
	chartW, chartH        = 300, 190
	chartLeft, chartRight = 24, 206 // the plot; names stand right of it
	chartTop, chartBottom = 10, 166
	chartLabelGap         = 13 // the least distance between two end labels
	chartMark             = 4.2
	chartNameMax          = 9 // runes of a name at a line's end
)

// ChartColour is one line's look: a colour name whose sign marks its
// points, and its colour on the dark page. They follow Okabe and Ito's
// colour-blind-safe set, lightened to stand out on the page.
type ChartColour struct{ Sign, CSS string }

// ChartColours are the lines' looks in the order players first played.
var ChartColours = []ChartColour{
	{"blue", "#56b4e9"}, {"orange", "#e69f00"}, {"green", "#2cc08e"}, {"yellow", "#f0e442"},
	{"pink", "#e08fbf"}, {"red", "#f07a3a"}, {"purple", "#b39dff"}, {"white", "#e8e8e8"},
}

// ColourOf is the look of the line of the i-th player to play.
func ColourOf(i int) ChartColour { return ChartColours[i%len(ChartColours)] }

// ChartLine is one player's night, match by match.
type ChartLine struct {
	Name string
	// Totals are their night points in halves after each match of the
	// night; Played says which matches they played. Before their first
	// match they have no line.
	Totals []int
	Played []bool
}

// Chart is the drawing of the night's standings after each match.
type Chart struct {
	// ID prefixes the ids of its title and description.
	ID          string
	Title, Desc string
	Width       int
	Height      int
	Grid        []ChartTick // the points' lines, bottom up
	Ticks       []ChartTick // the matches' numbers
	Paths       []ChartPath
	Left, Right float64
	Top, Bottom float64
}

// ChartTick is a label on an axis at Pos.
type ChartTick struct {
	Pos   float64
	Label string
}

// ChartPath is one player's line, its marks and its label.
type ChartPath struct {
	Points string // the polyline's "x,y x,y …"
	Colour string
	Marks  []ChartPoint
	Sign   string // the marks' SVG path in a -1…1 box
	Label  ChartPoint
	Text   string // name and points at the line's end
}

// ChartPoint is a point of the drawing.
type ChartPoint struct{ X, Y float64 }

// Transform places a mark at the point.
func (p ChartPoint) Transform() string {
	return "translate(" + num(p.X) + " " + num(p.Y) + ") scale(" + num(chartMark) + ")"
}

func num(f float64) string { return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64) }

// NewChart draws lines over matches; points words a total of halves.
// It is the zero Chart (nothing to draw) before the first match.
func NewChart(id, title, desc string, lines []ChartLine, matches int, points func(int) string) Chart {
	c := Chart{ID: id, Title: title, Desc: desc, Width: chartW, Height: chartH,
		Left: chartLeft, Right: chartRight, Top: chartTop, Bottom: chartBottom}
	if matches == 0 || len(lines) == 0 {
		return Chart{}
	}
	top := 1
	for _, l := range lines {
		for _, t := range l.Totals {
			top = max(top, (t+1)/2)
		}
	}
	step := niceStep(top)
	top = (top + step - 1) / step * step
	x := func(k int) float64 { return chartLeft + float64(k)*(chartRight-chartLeft)/float64(matches) }
	y := func(halves int) float64 {
		return chartBottom - float64(halves)/float64(2*top)*(chartBottom-chartTop)
	}
	for v := 0; v <= top; v += step {
		c.Grid = append(c.Grid, ChartTick{Pos: y(2 * v), Label: strconv.Itoa(v)})
	}
	every := (matches + 7) / 8
	for k := 1; k <= matches; k++ {
		if k%every == 0 || k == 1 {
			c.Ticks = append(c.Ticks, ChartTick{Pos: x(k), Label: strconv.Itoa(k)})
		}
	}
	for i, l := range lines {
		c.Paths = append(c.Paths, chartPath(i, l, x, y, points))
	}
	spread(c.Paths)
	return c
}

// chartPath is line l, the i-th, drawn with the scales x and y.
func chartPath(i int, l ChartLine, x func(int) float64, y func(int) float64, points func(int) string) ChartPath {
	look := ColourOf(i)
	p := ChartPath{Colour: look.CSS, Sign: kit.SignPath(look.Sign)}
	first := slices.Index(l.Played, true)
	if first < 0 {
		first = len(l.Totals)
	}
	var pts []string
	at := func(k, halves int) ChartPoint { return ChartPoint{x(k), y(halves)} }
	start := at(first, 0)
	pts = append(pts, num(start.X)+","+num(start.Y))
	last := 0
	for k := first; k < len(l.Totals); k++ {
		pt := at(k+1, l.Totals[k])
		pts = append(pts, num(pt.X)+","+num(pt.Y))
		if l.Played[k] {
			p.Marks = append(p.Marks, pt)
		}
		last = l.Totals[k]
	}
	p.Points = strings.Join(pts, " ")
	p.Label = ChartPoint{chartRight + 8, y(last) + 4}
	p.Text = short(l.Name) + " " + points(last)
	return p
}

// short cuts a long name to fit right of the plot.
func short(name string) string {
	r := []rune(name)
	if len(r) <= chartNameMax {
		return name
	}
	return string(r[:chartNameMax-1]) + "…"
}

// niceStep is a step of 1, 2 or 5 times a power of ten that draws top in
// at most four steps.
func niceStep(top int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if top <= 4*m*p {
				return m * p
			}
		}
	}
}

// spread moves the end labels apart, keeping their order, so that two
// players level on points both read.
func spread(ps []ChartPath) {
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ps[a].Label.Y, ps[b].Label.Y) })
	for j := 1; j < len(order); j++ {
		prev, cur := &ps[order[j-1]].Label, &ps[order[j]].Label
		cur.Y = max(cur.Y, prev.Y+chartLabelGap)
	}
	// Labels pushed below the drawing come back up, together.
	if n := len(order); n > 0 {
		if over := ps[order[n-1]].Label.Y - (chartH - 2); over > 0 {
			for _, i := range order {
				ps[i].Label.Y -= over
			}
		}
	}
}

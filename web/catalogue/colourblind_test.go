package catalogue_test

import (
	"io/fs"
	"math"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"topsecret/static"
	"topsecret/web/kit"
)

// minSeatDelta is the least CIEDE2000 difference two seat colours of one
// game may keep, for normal vision and under each simulated dichromacy.
// A ΔE2000 of about 1 is a just-noticeable difference between two large
// patches side by side; seat marks are small (a coat, a chip), seen from
// across a table and named without a neighbour to compare with, where
// colour-difference work for small marks (Szafir 2017, "Modeling Color
// Difference for Visualization Design") finds the needed difference grows
// several-fold. 10 is our "tell them apart at a glance" line; the shapes
// and initials every mark also carries do the rest.
const minSeatDelta = 10

// dichromacies are Machado, Oliveira and Fernandes (2009) simulation
// matrices at severity 1.0, applied to linear RGB.
var dichromacies = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
	{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
}

// TestSeatColours_DistinctForColourBlindPlayers reads each game's seat
// palette where boards take it from and checks every pair under each
// simulated colour-vision type.
func TestSeatColours_DistinctForColourBlindPlayers(t *testing.T) {
	for _, g := range every.All() {
		names := colourNames(g.Palette)
		for _, d := range dichromacies {
			t.Run(g.Slug+"/"+d.name, func(t *testing.T) {
				for i, a := range names {
					for _, b := range names[i+1:] {
						la := lab(simulate(d.m, linearRGB(t, g.Palette[a])))
						lb := lab(simulate(d.m, linearRGB(t, g.Palette[b])))
						if got := ciede2000(la, lb); got < minSeatDelta {
							t.Errorf("%s %s and %s %s differ by ΔE2000 %.1f, want at least %d", a, g.Palette[a], b, g.Palette[b], got, minSeatDelta)
						}
					}
				}
			})
		}
	}
}

// TestSeatColours_EachHasItsOwnSign: colour is never the only signal, so
// every seat colour carries a shape no other colour of its game wears.
func TestSeatColours_EachHasItsOwnSign(t *testing.T) {
	for _, g := range every.All() {
		seen := map[string]string{}
		for _, c := range colourNames(g.Palette) {
			s := kit.SignPath(c)
			if s == "" {
				t.Errorf("%s: seat colour %q has no sign", g.Slug, c)
			}
			if other, ok := seen[s]; ok && s != "" {
				t.Errorf("%s: %s and %s share a sign", g.Slug, c, other)
			}
			seen[s] = c
		}
	}
}

// colourClass is a stylesheet's copy of a seat colour for SVG fills.
var colourClass = regexp.MustCompile(`\.c-([a-z]+)\s*\{\s*fill:\s*(#[0-9a-fA-F]{6})`)

// TestSeatColours_StylesheetsCopyThePalette: a board's stylesheet that
// repeats a seat colour (for SVG fills) repeats the palette's, so the
// check above covers what the players see.
func TestSeatColours_StylesheetsCopyThePalette(t *testing.T) {
	for _, g := range every.All() {
		if g.Assets == nil {
			continue
		}
		for _, name := range g.Stylesheets {
			css, err := fs.ReadFile(g.Assets, name)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range colourClass.FindAllStringSubmatch(string(css), -1) {
				if want := g.Palette[m[1]]; want != m[2] {
					t.Errorf("%s: %s has .c-%s %s, palette says %q", g.Slug, name, m[1], m[2], want)
				}
			}
		}
	}
}

func colourNames(p kit.Palette) []string {
	var out []string
	for n := range p {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func linearRGB(tb testing.TB, hex string) [3]float64 {
	tb.Helper()
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if len(hex) != 7 || err != nil {
		tb.Fatalf("seat colour %q is not #rrggbb", hex)
	}
	var c [3]float64
	for i, shift := range []uint{16, 8, 0} {
		s := float64(v>>shift&255) / 255
		if s <= 0.04045 {
			c[i] = s / 12.92
		} else {
			c[i] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return c
}

func simulate(m [3][3]float64, c [3]float64) [3]float64 {
	var out [3]float64
	for i := range out {
		out[i] = math.Max(0, math.Min(1, m[i][0]*c[0]+m[i][1]*c[1]+m[i][2]*c[2]))
	}
	return out
}

// lab converts linear sRGB to CIELAB under D65.
func lab(c [3]float64) [3]float64 {
	x := (0.4124564*c[0] + 0.3575761*c[1] + 0.1804375*c[2]) / 0.95047
	y := 0.2126729*c[0] + 0.7151522*c[1] + 0.0721750*c[2]
	z := (0.0193339*c[0] + 0.1191920*c[1] + 0.9503041*c[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// ciede2000 is the CIE colour difference of 2000 (Sharma, Wu and Dalal's
// formulation), with kL = kC = kH = 1.
func ciede2000(p, q [3]float64) float64 {
	rad := math.Pi / 180
	c1, c2 := math.Hypot(p[1], p[2]), math.Hypot(q[1], q[2])
	cb7 := math.Pow((c1+c2)/2, 7)
	g := 0.5 * (1 - math.Sqrt(cb7/(cb7+math.Pow(25, 7))))
	a1, a2 := (1+g)*p[1], (1+g)*q[1]
	c1p, c2p := math.Hypot(a1, p[2]), math.Hypot(a2, q[2])
	hue := func(b, a float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		return math.Mod(math.Atan2(b, a)/rad+360, 360)
	}
	h1, h2 := hue(p[2], a1), hue(q[2], a2)
	dh, hb := 0.0, h1+h2
	if c1p*c2p != 0 {
		dh = h2 - h1
		switch {
		case dh > 180:
			dh -= 360
		case dh < -180:
			dh += 360
		}
		switch {
		case math.Abs(h1-h2) <= 180:
			hb = (h1 + h2) / 2
		case h1+h2 < 360:
			hb = (h1 + h2 + 360) / 2
		default:
			hb = (h1 + h2 - 360) / 2
		}
	}
	dL, dC := q[0]-p[0], c2p-c1p
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh*rad/2)
	lb, cbp := (p[0]+q[0])/2, (c1p+c2p)/2
	tt := 1 - 0.17*math.Cos((hb-30)*rad) + 0.24*math.Cos(2*hb*rad) + 0.32*math.Cos((3*hb+6)*rad) - 0.20*math.Cos((4*hb-63)*rad)
	cbp7 := math.Pow(cbp, 7)
	rt := -math.Sin(60*math.Exp(-math.Pow((hb-275)/25, 2))*rad) * 2 * math.Sqrt(cbp7/(cbp7+math.Pow(25, 7)))
	sl := 1 + 0.015*(lb-50)*(lb-50)/math.Sqrt(20+(lb-50)*(lb-50))
	sc, sh := 1+0.045*cbp, 1+0.015*cbp*tt
	return math.Sqrt(math.Pow(dL/sl, 2) + math.Pow(dC/sc, 2) + math.Pow(dH/sh, 2) + rt*(dC/sc)*(dH/sh))
}

// TestCIEDE2000_KnownPairs pins the formula to Sharma et al.'s test data.
func TestCIEDE2000_KnownPairs(t *testing.T) {
	for _, c := range []struct {
		p, q [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, 2.5, 0}, [3]float64{73, 25, -18}, 27.1492},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{22.7233, 20.0904, -46.6940}, [3]float64{23.0331, 14.9730, -42.5619}, 2.0373},
	} {
		if got := ciede2000(c.p, c.q); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("ΔE2000(%v, %v) = %.4f, want %.4f", c.p, c.q, got, c.want)
		}
	}
}

// signCopy is access.css's drawing of a colour's sign.
var signCopy = regexp.MustCompile(`--sign-([a-z]+): url\("data:image/svg\+xml,[^"]*?d='([^']+)'`)

// TestSigns_StylesheetCopiesEachSign: the stylesheet draws each sign in
// lines of text from a copy of its outline; the copy is the outline.
func TestSigns_StylesheetCopiesEachSign(t *testing.T) {
	css, err := fs.ReadFile(static.FS, "css/access.css")
	if err != nil {
		t.Fatal(err)
	}
	copies := map[string]string{}
	for _, m := range signCopy.FindAllStringSubmatch(string(css), -1) {
		copies[m[1]] = m[2]
	}
	for _, g := range every.All() {
		for _, c := range colourNames(g.Palette) {
			if got, want := copies[c], kit.SignPath(c); got != want {
				t.Errorf("access.css --sign-%s draws %q, want %q", c, got, want)
			}
		}
	}
}

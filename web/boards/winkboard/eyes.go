package winkboard

import (
	"fmt"
	"math"
	"strconv"

	"github.com/a-h/templ"

	"topsecret/internal/games/wink"
	"topsecret/web/kit"
)

// spot is a point on the virtual table, in percent of its box.
type spot struct{ X, Y float64 }

// ringSpot places seat s around an ellipse with seat bottom at the bottom
// and the others clockwise (the next seat on my left, as at a real table).
func ringSpot(s, bottom, n int, rx, ry float64) spot {
	if n <= 0 {
		return spot{50, 50}
	}
	r := ((s-bottom)%n + n) % n
	a := math.Pi/2 + float64(r)*2*math.Pi/float64(n)
	return spot{X: 50 + rx*math.Cos(a), Y: 50 + ry*math.Sin(a)}
}

// eyeSpot is seat s on the remote table.
func (m *phone) eyeSpot(s int) spot { return ringSpot(s, m.V.Me, m.V.Seats, 38, 37) }

// tileSpot is location tile i (of 4) in the centre of the remote table.
func tileSpot(i int) spot {
	xs := [4]float64{38, 62, 38, 62}
	ys := [4]float64{40, 40, 60, 60}
	if i < 0 || i > 3 {
		return spot{50, 50}
	}
	return spot{xs[i], ys[i]}
}

func (m *phone) tileIndex(code string) int {
	for i, l := range m.V.Locations {
		if l.Code == code {
			return i
		}
	}
	return -1
}

// watching is the seat whose eyes I see, or -1.
func (m *phone) watching() int {
	if m.V.Eyes == nil || m.V.Eyes.Watching == nil {
		return -1
	}
	return m.V.Eyes.Watching.Seat
}

// looking is where the watched player looks, or -1.
func (m *phone) looking() int {
	if m.V.Eyes == nil || m.V.Eyes.Watching == nil {
		return -1
	}
	return m.V.Eyes.Watching.Looking
}

// lastGlance is the watched player's latest glance still on screen.
func (m *phone) lastGlance() (wink.Sighting, bool) {
	if m.V.Eyes == nil {
		return wink.Sighting{}, false
	}
	w := m.watching()
	ss := m.V.Eyes.Sightings
	for i := len(ss) - 1; i >= 0; i-- {
		s := ss[i]
		if s.Kind == wink.SightSignal && s.From == w && m.Now-s.At < 4000 {
			return s, true
		}
	}
	return wink.Sighting{}, false
}

// gazeTarget is the point the watched player's eye-line runs to, if any.
func (m *phone) gazeTarget() (spot, bool) {
	if g, ok := m.lastGlance(); ok {
		if i := m.tileIndex(g.Location); i >= 0 {
			return tileSpot(i), true
		}
	}
	if l := m.looking(); l >= 0 {
		return m.eyeSpot(l), true
	}
	return spot{}, false
}

// pupil is the pupil offset (in px of a 24px eye box) toward where the
// watched player looks.
func (m *phone) pupil() (float64, float64) {
	w := m.watching()
	to, ok := m.gazeTarget()
	if w < 0 || !ok {
		return 0, 0
	}
	from := m.eyeSpot(w)
	dx, dy := to.X-from.X, to.Y-from.Y
	d := math.Hypot(dx, dy)
	if d < 0.01 {
		return 0, 0
	}
	return 3.2 * dx / d, 3.2 * dy / d
}

// ready says a cooldown (Unix ms) has passed.
func (m *phone) ready(at int64) bool { return at <= m.Now }

// enableAt is the data-enable-at attribute value, empty when unused.
func enableAt(at int64) string {
	if at == 0 {
		return ""
	}
	return kit.I64(at)
}

// sightLine is one of my latest sightings, worded.
type sightLine struct {
	Seq  int
	Kind string
	Text string
	From int
}

// sightings are my latest three sightings, newest first.
func (m *phone) sightings() []sightLine {
	if m.V.Eyes == nil {
		return nil
	}
	var out []sightLine
	ss := m.V.Eyes.Sightings
	for i := len(ss) - 1; i >= 0 && len(out) < 3; i-- {
		s := ss[i]
		from := seatArg("from", s.From)
		var text string
		switch {
		case s.Kind == wink.SightWink && s.To == m.V.Me:
			text = m.t("wink.ui.sight.wink_you", from)
		case s.Kind == wink.SightWink:
			text = m.t("wink.ui.sight.wink", from, seatArg("to", s.To))
		case s.Kind == wink.SightSignal:
			text = m.t("wink.ui.sight.signal", from, msgArg("place", wink.PlaceTerm(s.Location)))
		case s.Kind == wink.SightWinkedAtYou:
			text = m.t("wink.ui.sight.winked_at_you", from)
		default:
			continue
		}
		out = append(out, sightLine{Seq: s.Seq, Kind: s.Kind, Text: text, From: s.From})
	}
	return out
}

// freshWink is the seq of the watched player's latest wink if it is still
// playing, else 0: the big avatar blinks once.
func (m *phone) freshWink() int {
	if m.V.Eyes == nil {
		return 0
	}
	w := m.watching()
	ss := m.V.Eyes.Sightings
	for i := len(ss) - 1; i >= 0; i-- {
		s := ss[i]
		if s.From == w && s.Kind == wink.SightWink && m.Now-s.At < 3000 {
			return s.Seq
		}
	}
	return 0
}

// focused is the name of the player I look at, to draw in bold.
func (m *phone) focused() map[string]string { return map[string]string{"who": m.name(m.V.Eyes.Focus)} }

// focusData is set_focus's data for seat q.
func focusData(q int) string { return `{"seat":` + strconv.Itoa(q) + `}` }

// posStyle places an element at a spot (percent).
func posStyle(p spot) templ.SafeCSS {
	return templ.SafeCSS(fmt.Sprintf("left:%.2f%%;top:%.2f%%;", p.X, p.Y))
}

// posSeatStyle places a seat and sets its colour.
func posSeatStyle(p spot, colour string) templ.SafeCSS { return posStyle(p) + seatStyle(colour) }

func f2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

package pages

import (
	"strings"
	"testing"
)

func halves(h int) string { return strings.Repeat("|", h) }

// A line starts where its player first played, wears a mark at each match
// they played and none at one they sat out, and ends in their name; two
// players level at the end are both named, apart.
func TestNewChart(t *testing.T) {
	lines := []ChartLine{
		{Name: "Ann", Totals: []int{2, 2, 4}, Played: []bool{true, false, true}},
		{Name: "Bo", Totals: []int{0, 2, 4}, Played: []bool{true, true, true}},
		{Name: "Cyrillianne", Totals: []int{0, 0, 1}, Played: []bool{false, false, true}},
	}
	c := NewChart("c", "title", "desc", lines, 3, halves)
	for _, tc := range []struct {
		name      string
		path      ChartPath
		points    int
		marks     int
		startsAtX float64
		text      string
	}{
		{"Ann sat match 2 out", c.Paths[0], 4, 2, chartLeft, "Ann ||||"},
		{"Bo played all three", c.Paths[1], 4, 3, chartLeft, "Bo ||||"},
		{"Cy joined at match 3", c.Paths[2], 2, 1, chartLeft + 2*(chartRight-chartLeft)/3.0, "Cyrillia… |"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pts := strings.Fields(tc.path.Points)
			if len(pts) != tc.points {
				t.Fatalf("points %q, want %d", tc.path.Points, tc.points)
			}
			if len(tc.path.Marks) != tc.marks {
				t.Fatalf("%d marks, want %d", len(tc.path.Marks), tc.marks)
			}
			if want := num(tc.startsAtX) + "," + num(chartBottom); pts[0] != want {
				t.Fatalf("starts at %s, want %s", pts[0], want)
			}
			if tc.path.Text != tc.text {
				t.Fatalf("label %q, want %q", tc.path.Text, tc.text)
			}
		})
	}
	if d := c.Paths[1].Label.Y - c.Paths[0].Label.Y; d < chartLabelGap && -d < chartLabelGap {
		t.Fatalf("Ann's and Bo's labels are %v apart, want at least %v", d, chartLabelGap)
	}
	if got := len(c.Grid); got < 2 || c.Grid[0].Label != "0" {
		t.Fatalf("grid %+v", c.Grid)
	}
	if empty := NewChart("c", "t", "d", nil, 0, halves); len(empty.Paths) != 0 {
		t.Fatal("a night without matches draws a chart")
	}
}

func TestNiceStep(t *testing.T) {
	for top, want := range map[int]int{1: 1, 4: 1, 5: 2, 8: 2, 9: 5, 20: 5, 21: 10, 140: 50} {
		if got := niceStep(top); got != want {
			t.Errorf("niceStep(%d) = %d, want %d", top, got, want)
		}
	}
}

package night

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/game"
)

// said is a highlight as the tests read it: its kind, the number of its
// match and its value.
type said struct {
	Kind   string
	Number int
	Value  int
}

func told(n Night) []said {
	out := []said{}
	for _, h := range n.Highlights {
		out = append(out, said{h.Kind, n.Matches[h.Match].Number, h.Value})
	}
	return out
}

func feat(kind string, value int, seat game.Seat) game.Highlight {
	return game.Highlight{Kind: kind, Value: value, Seats: []game.Seat{seat}, Msg: game.M(kind, game.P("who", seat), game.N("n", value))}
}

func TestTally_Highlights(t *testing.T) {
	four := []string{"ann", "bo", "cy", "di"}
	deal := func(n, mins int, points []int, winner game.Seat, feats ...game.Highlight) Match {
		m := match(n, "vault", mins, four, won(points, winner))
		m.Feats = feats
		return m
	}
	for _, tc := range []struct {
		name    string
		matches []Match
		want    []said
	}{
		{
			name:    "one match is no longest or quickest",
			matches: []Match{match(1, "embassy", 30, four, won([]int{1, 0, 0, 0}, 0))},
			want:    []said{},
		},
		{
			name: "longest, quickest and the closest of the scored finishes",
			matches: []Match{
				match(1, "wink", 20, four, won([]int{4, 3, 1, 0}, 0)),
				match(2, "embassy", 55, four, won([]int{0, 1, 0, 0}, 1)),
				match(3, "vault", 12, four, won([]int{80, 60, 78, -5}, 0)),
			},
			want: []said{{"night.longest", 2, 55}, {"night.quickest", 3, -12}, {"night.closest", 1, -1}},
		},
		{
			name: "points that only mark the winner are no close finish",
			matches: []Match{
				match(1, "inkognito", 20, four, won([]int{1, 0, 1, 0}, 0, 2)),
				match(2, "embassy", 30, four, won([]int{0, 1, 0, 0}, 1)),
			},
			want: []said{{"night.longest", 2, 30}, {"night.quickest", 1, -20}},
		},
		{
			name: "a streak of wins, a sat-out match does not break it; matches all as long say nothing",
			matches: []Match{
				match(1, "wink", 10, four, won([]int{3, 0, 0, 0}, 0)),
				match(2, "embassy", 10, []string{"bo", "cy"}, won([]int{1, 0}, 0)),
				match(3, "wink", 10, four, won([]int{3, 0, 0, 0}, 0)),
				match(4, "wink", 10, four, won([]int{3, 0, 0, 0}, 0)),
			},
			want: []said{{"night.streak", 4, 3}},
		},
		{
			name: "a match ended early is no highlight",
			matches: []Match{
				match(1, "wink", 10, four, won([]int{3, 2, 0, 0}, 0)),
				match(2, "wink", 90, four, game.EndedByHost(4)),
				match(3, "wink", 11, four, won([]int{3, 1, 0, 0}, 0)),
			},
			want: []said{{"night.longest", 3, 11}, {"night.quickest", 1, -10}, {"night.closest", 1, -1}, {"night.streak", 3, 2}},
		},
		{
			name: "the best feat of each kind the games declare, the earlier on a tie",
			matches: []Match{
				deal(1, 10, []int{50, 40, 0, 0}, 0, feat("vault.biggest_deal", 50, 0), feat("vault.other", 1, 1)),
				deal(2, 10, []int{10, 90, 0, 0}, 1, feat("vault.biggest_deal", 90, 1), feat("vault.other", 1, 2)),
				deal(3, 10, []int{10, 90, 0, 0}, 1, feat("vault.biggest_deal", 90, 1)),
			},
			want: []said{{"night.closest", 1, -10}, {"night.streak", 3, 2},
				{"vault.biggest_deal", 2, 90}, {"vault.other", 1, 1}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, told(Tally(tc.matches))); diff != "" {
				t.Fatalf("highlights (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTally_HighlightNamesItsMatchSeat(t *testing.T) {
	n := Tally([]Match{
		match(1, "wink", 10, []string{"ann", "bo"}, won([]int{3, 0}, 1)),
		match(2, "wink", 10, []string{"cy", "bo"}, won([]int{0, 3}, 1)),
	})
	var streak *Highlight
	for i := range n.Highlights {
		if n.Highlights[i].Kind == "night.streak" {
			streak = &n.Highlights[i]
		}
	}
	if streak == nil {
		t.Fatalf("no streak in %+v", n.Highlights)
	}
	m := n.Matches[streak.Match]
	if got := m.Seats[streak.Seats[0]].SeatID; got != "bo" {
		t.Fatalf("the streak names %s, want bo", got)
	}
}

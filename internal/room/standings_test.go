package room

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

func finishedMatch(points []int, winners ...game.Seat) store.Match {
	seats := []store.MatchSeat{{SeatID: "a", Name: "Ann"}, {SeatID: "b", Name: "Ben"}, {SeatID: "c", Name: "Cy"}}
	return store.Match{Status: store.StatusFinished, Seats: seats[:len(points)],
		Result: &game.Result{Points: points, Winners: winners}}
}

func TestStandings(t *testing.T) {
	tests := []struct {
		name    string
		matches []store.Match
		target  int
		want    []Standing
	}{
		{"no matches", nil, 0, []Standing{}},
		{"wins count without a target", []store.Match{
			finishedMatch([]int{3, 5}, 1), finishedMatch([]int{4, 2}, 0), finishedMatch([]int{1, 6}, 1),
		}, 0, []Standing{
			{SeatID: "b", Name: "Ben", Points: 13, Wins: 2, Played: 3, Leader: true},
			{SeatID: "a", Name: "Ann", Points: 8, Wins: 1, Played: 3},
		}},
		{"ties share the lead", []store.Match{finishedMatch([]int{2, 2}, 0, 1)}, 0, []Standing{
			{SeatID: "a", Name: "Ann", Points: 2, Wins: 1, Played: 1, Leader: true},
			{SeatID: "b", Name: "Ben", Points: 2, Wins: 1, Played: 1, Leader: true},
		}},
		{"points race to the target", []store.Match{
			finishedMatch([]int{700, 400}, 0), finishedMatch([]int{300, 500}, 1),
		}, 1200, []Standing{
			{SeatID: "a", Name: "Ann", Points: 1000, Wins: 1, Played: 2, Leader: true},
			{SeatID: "b", Name: "Ben", Points: 900, Wins: 1, Played: 2},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Standings(tt.matches, tt.target)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("standings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStandings_SeriesEndsAtTarget(t *testing.T) {
	ms := []store.Match{finishedMatch([]int{2, 1}, 0), finishedMatch([]int{1, 0}, 0)}
	got := Standings(ms, 3)
	if len(got) != 2 || !got[0].Champion || got[0].Points != 3 || got[1].Champion {
		t.Fatalf("finished series = %+v, want Ann champion on 3", got)
	}
	// The next match opens a new series from zero.
	got = Standings(append(ms, finishedMatch([]int{0, 1}, 1)), 3)
	if got[0].Name != "Ben" || got[0].Points != 1 || got[0].Played != 1 || got[0].Champion {
		t.Fatalf("new series = %+v, want Ben leading on 1 after one match", got)
	}
}

func TestSeriesState(t *testing.T) {
	race := game.Series{Target: 3, Unit: "points"}
	won := []store.Match{finishedMatch([]int{2, 1}, 0), finishedMatch([]int{1, 0}, 0)}
	tests := []struct {
		name    string
		rules   game.Series
		matches []store.Match
		playing bool
		want    SeriesState
	}{
		{"before any match", race, nil, false,
			SeriesState{Target: 3, Unit: "points", Leaders: []string{}, Champions: []string{}}},
		{"in progress", race, won[:1], false,
			SeriesState{Target: 3, Unit: "points", Leaders: []string{"a"}, Champions: []string{}}},
		{"won: a rematch opens a new series", race, won, false,
			SeriesState{Target: 3, Unit: "points", Leaders: []string{"a"}, Champions: []string{"a"}, Over: true, NewSeriesNext: true}},
		{"won, the new series' first match in play", race, won, true,
			SeriesState{Target: 3, Unit: "points", Leaders: []string{"a"}, Champions: []string{"a"}, Over: true}},
		{"new series after one match", race, append(won[:2:2], finishedMatch([]int{0, 1}, 1)), false,
			SeriesState{Target: 3, Unit: "points", Leaders: []string{"b"}, Champions: []string{}}},
		{"open-ended never ends", game.Series{Unit: "wins"}, []store.Match{finishedMatch([]int{9, 0}, 0), finishedMatch([]int{0, 9}, 1)}, false,
			SeriesState{Unit: "wins", Leaders: []string{"a", "b"}, Champions: []string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := seriesState(tt.rules, Standings(tt.matches, tt.rules.Target), tt.playing)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("series (-want +got):\n%s", diff)
			}
		})
	}
}

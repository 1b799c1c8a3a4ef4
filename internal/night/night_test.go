package night

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

func seats(ids ...string) []store.MatchSeat {
	out := make([]store.MatchSeat, len(ids))
	for i, id := range ids {
		out[i] = store.MatchSeat{SeatID: id, Name: "name-" + id}
	}
	return out
}

func won(points []int, winners ...game.Seat) game.Result {
	return game.Result{Winners: winners, Points: points}
}

var dusk = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// match is a finished match of game between ids that took mins minutes,
// numbered from 1 in the order the test lists them.
func match(n int, slug string, mins int, ids []string, r game.Result) Match {
	start := dusk.Add(time.Duration(n) * time.Hour)
	return Match{ID: slug + "-" + string(rune('0'+n)), Number: n, Game: slug, Seats: seats(ids...), Result: r,
		Started: start, Finished: start.Add(time.Duration(mins) * time.Minute)}
}

func TestEarned(t *testing.T) {
	for _, tc := range []struct {
		name   string
		result game.Result
		seats  int
		want   []Points
	}{
		{"a winner and three placed by points", won([]int{40, 85, 10, 60}, 1), 4, []Points{2, 6, 0, 4}},
		{"two players", won([]int{0, 1}, 1), 2, []Points{0, 2}},
		{"eight players, one winner, the rest level", won([]int{1, 0, 0, 0, 0, 0, 0, 0}, 0), 8, []Points{14, 6, 6, 6, 6, 6, 6, 6}},
		{"two winners share first", won([]int{5, 5, 3}, 0, 1), 3, []Points{3, 3, 0}},
		{"a tie for second splits second and third", won([]int{9, 4, 4, 1}, 0), 4, []Points{6, 3, 3, 0}},
		{"negative scores place below zero", won([]int{-20, 30, 0}, 1), 3, []Points{0, 4, 2}},
		{"winners are first whatever their points", won([]int{0, 7, 3}, 0), 3, []Points{4, 2, 0}},
		{"ended by the host gives nothing", game.EndedByHost(3), 3, []Points{0, 0, 0}},
		{"abandoned gives nothing", game.Abandoned(4, 12), 4, []Points{0, 0, 0, 0}},
		{"everybody level", won([]int{2, 2, 2}, 0, 1, 2), 3, []Points{2, 2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Earned(tc.result, tc.seats)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("Earned (-want +got):\n%s", diff)
			}
			// Every pair of seats shares one point, so a counted match
			// hands out n(n-1)/2 points whoever finishes where.
			sum := 0
			for _, p := range got {
				sum += int(p)
			}
			if want := tc.seats * (tc.seats - 1); !tc.result.EndedEarly() && sum != want {
				t.Fatalf("halves handed out = %d, want %d", sum, want)
			}
		})
	}
}

func TestPoints_String(t *testing.T) {
	for p, want := range map[Points]string{0: "0", 1: "½", 2: "1", 7: "3½", 14: "7"} {
		if got := p.String(); got != want {
			t.Errorf("Points(%d) = %q, want %q", int(p), got, want)
		}
		b, _ := json.Marshal(p)
		if want := map[Points]string{0: "0", 1: "0.5", 2: "1", 7: "3.5", 14: "7"}[p]; string(b) != want {
			t.Errorf("Points(%d) JSON = %s, want %s", int(p), b, want)
		}
	}
}

// line is a table line as the tests read it.
type line struct {
	ID     string
	Rank   int
	Points Points
	Wins   int
	Played int
}

func lines(n Night) []line {
	out := make([]line, len(n.Table))
	for i, p := range n.Table {
		out[i] = line{n.Players[p.Player].SeatID, p.Rank, p.Points, p.Wins, p.Played}
	}
	return out
}

func TestTally(t *testing.T) {
	for _, tc := range []struct {
		name    string
		matches []Match
		want    []line
		after   [][]Points // every match's totals, index = first appearance
	}{
		{
			name: "mixed games, Cy sits couriers out and is not penalised",
			matches: []Match{
				match(1, "wink", 20, []string{"ann", "bo", "cy", "di"}, won([]int{3, 1, 2, 0}, 0)),
				match(2, "couriers", 40, []string{"ann", "bo", "di"}, won([]int{6, 10, 2}, 1)),
				match(3, "embassy", 30, []string{"cy", "di"}, won([]int{1, 0}, 0)),
			},
			want: []line{
				{"ann", 1, 8, 1, 2},
				{"bo", 2, 6, 1, 2},
				{"cy", 2, 6, 1, 2},
				{"di", 4, 0, 0, 3},
			},
			after: [][]Points{{6, 2, 4, 0}, {8, 6, 4, 0}, {8, 6, 6, 0}},
		},
		{
			name: "level on points and wins share a rank and the next skips",
			matches: []Match{
				match(1, "vault", 15, []string{"ann", "bo", "cy"}, won([]int{50, 20, 20}, 0)),
				match(2, "vault", 15, []string{"ann", "bo", "cy"}, won([]int{20, 50, 20}, 1)),
			},
			want: []line{
				{"ann", 1, 5, 1, 2},
				{"bo", 1, 5, 1, 2},
				{"cy", 3, 2, 0, 2},
			},
			after: [][]Points{{4, 1, 1}, {5, 5, 2}},
		},
		{
			name: "shared winners share first place",
			matches: []Match{
				match(1, "inkognito", 25, []string{"ann", "bo", "cy", "di"}, won([]int{1, 0, 1, 0}, 0, 2)),
				match(2, "wink", 25, []string{"ann", "bo", "cy", "di"}, won([]int{1, 4, 2, 2}, 1)),
			},
			want: []line{
				{"cy", 1, 8, 1, 2},
				{"bo", 2, 7, 1, 2},
				{"ann", 3, 5, 1, 2},
				{"di", 4, 4, 0, 2},
			},
			after: [][]Points{{5, 1, 5, 1}, {5, 7, 8, 4}},
		},
		{
			name: "level on points, wins break the tie",
			matches: []Match{
				match(1, "vault", 15, []string{"ann", "bo", "cy"}, won([]int{5, 3, 0}, 0)),
				match(2, "wink", 15, []string{"ann", "bo", "cy"}, won([]int{0, 2, 3}, 2)),
			},
			want:  []line{{"ann", 1, 4, 1, 2}, {"cy", 1, 4, 1, 2}, {"bo", 3, 4, 0, 2}},
			after: [][]Points{{4, 2, 0}, {4, 4, 4}},
		},
		{
			name: "a match ended early counts for nobody",
			matches: []Match{
				match(1, "vault", 10, []string{"ann", "bo"}, won([]int{10, 5}, 0)),
				match(2, "couriers", 5, []string{"ann", "bo"}, game.EndedByHost(2)),
			},
			want:  []line{{"ann", 1, 2, 1, 1}, {"bo", 2, 0, 0, 1}},
			after: [][]Points{{2, 0}, {2, 0}},
		},
		{
			name:  "no matches, no table",
			want:  []line{},
			after: nil,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := Tally(tc.matches)
			if diff := cmp.Diff(tc.want, lines(n)); diff != "" {
				t.Fatalf("table (-want +got):\n%s", diff)
			}
			var after [][]Points
			for _, m := range n.Matches {
				after = append(after, m.After)
			}
			if diff := cmp.Diff(tc.after, after); diff != "" {
				t.Fatalf("after each match (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTally_PlayersKeepTheirLatestName(t *testing.T) {
	a := match(1, "wink", 10, []string{"ann", "bo"}, won([]int{1, 0}, 0))
	b := match(2, "wink", 10, []string{"bo", "ann"}, won([]int{1, 0}, 0))
	b.Seats[1].Name = "Annie"
	n := Tally([]Match{a, b})
	want := []Player{{SeatID: "ann", Name: "Annie"}, {SeatID: "bo", Name: "name-bo"}}
	if diff := cmp.Diff(want, n.Players); diff != "" {
		t.Fatalf("players (-want +got):\n%s", diff)
	}
	if got := n.Matches[1].Players; !cmp.Equal(got, []int{1, 0}) {
		t.Fatalf("match 2's seats are players %v, want [1 0]", got)
	}
}

func TestFromStore(t *testing.T) {
	at := dusk.Add(time.Hour)
	res := won([]int{1, 0}, 0)
	ms := []store.Match{
		{ID: "c", Number: 3, Status: store.StatusPlaying, Setup: game.Setup{Game: "wink"}},
		{ID: "b", Number: 2, Status: store.StatusFinished, Result: &res, FinishedAt: &at, Setup: game.Setup{Game: "vault", Started: dusk.UnixMilli()}},
		{ID: "a", Number: 1, Status: store.StatusFinished, Result: &res, FinishedAt: &at, CreatedAt: dusk, Setup: game.Setup{Game: "wink"}},
	}
	got := FromStore(ms)
	if len(got) != 2 || got[0].ID != "a" || got[1].ID != "b" {
		t.Fatalf("FromStore kept %+v, want a then b", got)
	}
	if got[1].Game != "vault" || !got[1].Started.Equal(dusk) || got[1].Finished.Sub(got[1].Started) != time.Hour {
		t.Fatalf("match b reads %+v", got[1])
	}
}

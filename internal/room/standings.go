package room

import (
	"sort"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Standing is one player's line in a room's series: summed match points and
// wins since the current series began.
type Standing struct {
	SeatID string `json:"seat_id"`
	Name   string `json:"name"`
	Points int    `json:"points"`
	Wins   int    `json:"wins"`
	Played int    `json:"played"`
	Leader bool   `json:"leader"`
	// Champion marks the player who reached the series target and won the
	// series these standings show; SeriesState says the same for clients.
	Champion bool `json:"champion,omitempty"`
}

// SeriesState is where a room's series stands: what it is played to, who
// leads the standings shown, and whether they belong to a series that ended.
// A series with a target ends when a match leaves someone at or above it;
// the standings go on showing that series, champion and all, until the next
// match finishes and opens a new one from zero.
type SeriesState struct {
	// Target is the points total that wins the series; 0 means it is
	// open-ended and never ends.
	Target int `json:"target"`
	// Unit is what the standings rank by: "points" (with a target) or "wins".
	Unit string `json:"unit"`
	// Leaders are the seat ids of the players ranked first in the standings
	// shown: several on a tie, none before the first finished match.
	Leaders []string `json:"leaders"`
	// Champions are the seat ids of the players who won the series shown by
	// reaching the target in the lead: one, or several on a tie; none while
	// the series is still being played.
	Champions []string `json:"champions"`
	// Over says the series shown has ended: it has champions.
	Over bool `json:"over"`
	// NewSeriesNext says the next match started in this room opens a new
	// series from zero: the series shown is over and no match is being
	// played. (While the first match of the new series is played, the
	// standings still show the series that ended, and this is false.)
	NewSeriesNext bool `json:"new_series_next"`
}

// seriesState sums standings up for a game's series rules; playing says a
// match is being played now.
func seriesState(rules game.Series, standings []Standing, playing bool) SeriesState {
	st := SeriesState{Target: rules.Target, Unit: rules.Unit, Leaders: []string{}, Champions: []string{}}
	for _, s := range standings {
		if s.Leader {
			st.Leaders = append(st.Leaders, s.SeatID)
		}
		if s.Champion {
			st.Champions = append(st.Champions, s.SeatID)
		}
	}
	st.Over = len(st.Champions) > 0
	st.NewSeriesNext = st.Over && !playing
	return st
}

// standings adds up the room's finished matches of its current game: each
// game of the night keeps its own series. With a series target (vault
// 1200, inkognito 3) the series restarts after someone reached it, so the
// table shows the series in progress and the last champion.
func (r *Room) standings() []Standing {
	return Standings(ofGame(r.finishedOldestFirst(), r.rec.Game), r.entry.Info.Series.Target)
}

func (r *Room) finishedOldestFirst() []store.Match {
	var ms []store.Match
	if r.match != nil && r.match.rec.Status == store.StatusFinished {
		ms = append(ms, r.match.rec)
	}
	ms = append(ms, r.finished...)
	for i, j := 0, len(ms)-1; i < j; i, j = i+1, j-1 {
		ms[i], ms[j] = ms[j], ms[i]
	}
	return ms
}

// Standings adds up finished matches, oldest first, into series standings.
func Standings(matches []store.Match, target int) []Standing {
	var rows []*Standing
	byID := map[string]*Standing{}
	reset := func() { rows, byID = nil, map[string]*Standing{} }
	var last []Standing
	for _, m := range matches {
		if m.Result == nil {
			continue
		}
		for i, s := range m.Seats {
			st, ok := byID[s.SeatID]
			if !ok {
				st = &Standing{SeatID: s.SeatID}
				byID[s.SeatID] = st
				rows = append(rows, st)
			}
			st.Name = s.Name
			st.Played++
			if i < len(m.Result.Points) {
				st.Points += m.Result.Points[i]
			}
		}
		for _, w := range m.Result.Winners {
			if int(w) < len(m.Seats) {
				byID[m.Seats[w].SeatID].Wins++
			}
		}
		if target > 0 && champion(rows, target) {
			last = rank(rows, target)
			reset()
		} else {
			last = nil
		}
	}
	if len(rows) == 0 && last != nil {
		return last
	}
	return rank(rows, target)
}

func champion(rows []*Standing, target int) bool {
	for _, s := range rows {
		if s.Points >= target {
			return true
		}
	}
	return false
}

func rank(rows []*Standing, target int) []Standing {
	out := make([]Standing, len(rows))
	for i, s := range rows {
		out[i] = *s
	}
	// A series with a target is a race to points; an open series counts wins.
	key := func(s Standing) (int, int) {
		if target > 0 {
			return s.Points, s.Wins
		}
		return s.Wins, s.Points
	}
	sort.SliceStable(out, func(i, j int) bool {
		a1, a2 := key(out[i])
		b1, b2 := key(out[j])
		return a1 > b1 || a1 == b1 && a2 > b2
	})
	if len(out) == 0 {
		return out
	}
	top, _ := key(out[0])
	for i := range out {
		k, _ := key(out[i])
		out[i].Leader = k == top
		out[i].Champion = target > 0 && out[i].Points >= target && out[i].Leader
	}
	return out
}

package room

import (
	"sort"

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
	// Champion marks the player who reached the series target.
	Champion bool `json:"champion,omitempty"`
}

// standings adds up the room's finished matches. With a series target
// (vault 1200, inkognito 3) the series restarts after someone reached it, so
// the table shows the series in progress and the last champion.
func (r *Room) standings() []Standing {
	return Standings(r.finishedOldestFirst(), r.entry.Info.Series.Target)
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

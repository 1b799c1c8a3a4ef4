package night

import (
	"math"
	"slices"
	"time"

	"topsecret/internal/game"
)

// Highlight is one feat of the night, told in a line of the recap.
type Highlight struct {
	// Kind is the platform's ("night.longest", "night.quickest",
	// "night.closest", "night.streak") or a game's ("vault.biggest_deal").
	Kind string `json:"kind"`
	// Match is the index in Night.Matches of the match it happened in;
	// Msg's seat arguments name that match's seats.
	Match int         `json:"match"`
	Seats []game.Seat `json:"seats"`
	Value int         `json:"value"`
	Msg   game.Msg    `json:"msg"`
}

// highlights are the night's feats: what every game shares, found here
// from the results and times alone, then the best feat of each kind the
// games declared, in the order their kinds first came up.
func highlights(ms []Played) []Highlight {
	var out []Highlight
	long, quick := longest(ms, 1), longest(ms, -1)
	if long != nil && long.Value == -quick.Value {
		// Matches all as long as each other: neither says anything.
		long, quick = nil, nil
	}
	for _, h := range []*Highlight{long, quick, closest(ms), streak(ms)} {
		if h != nil {
			out = append(out, *h)
		}
	}
	return append(out, feats(ms)...)
}

// minutes is how long m took, rounded, at least one.
func minutes(m Match) int {
	return max(1, int(math.Round(m.Finished.Sub(m.Started).Minutes())))
}

// longest is the longest match (sign 1) or the quickest (-1) of a night
// of two counted matches or more: with one, it would say nothing.
func longest(ms []Played, sign int) *Highlight {
	best, n := -1, 0
	var span time.Duration
	for i, m := range ms {
		if !m.Counted {
			continue
		}
		n++
		d := m.Finished.Sub(m.Started) * time.Duration(sign)
		if best < 0 || d > span {
			best, span = i, d
		}
	}
	if n < 2 {
		return nil
	}
	m := ms[best]
	kind, id := "night.longest", "game.night.highlight.longest"
	if sign < 0 {
		kind, id = "night.quickest", "game.night.highlight.quickest"
	}
	mins := minutes(m.Match)
	return &Highlight{Kind: kind, Match: best, Seats: m.Result.Winners, Value: mins * sign,
		Msg: game.M(id, gameName(m.Game), game.N("number", m.Number), game.N("n", mins))}
}

// gameName is the argument naming a game, by its catalogue id.
func gameName(slug string) game.Arg { return game.T("game", slug+".info.name") }

// closest is the counted match whose winners led the best of the rest by
// the fewest points. Only matches whose points are scores count: one
// where somebody who did not win scored, so a game whose points only mark
// the winner (embassy, inkognito) is never a close finish by a point.
func closest(ms []Played) *Highlight {
	best, margin := -1, 0
	for i, m := range ms {
		d, ok := lead(m)
		if ok && (best < 0 || d < margin) {
			best, margin = i, d
		}
	}
	if best < 0 {
		return nil
	}
	m := ms[best]
	return &Highlight{Kind: "night.closest", Match: best, Seats: m.Result.Winners, Value: -margin,
		Msg: game.M("game.night.highlight.closest", game.PS("who", m.Result.Winners), game.N("n", margin),
			gameName(m.Game), game.N("number", m.Number))}
}

// lead is by how many points m's winners led the best of the others, when
// m is a counted match with a winner and its points are scores.
func lead(m Played) (int, bool) {
	r := m.Result
	if !m.Counted || len(r.Winners) == 0 || len(r.Points) < len(m.Seats) {
		return 0, false
	}
	top, rest, scored := math.MinInt, math.MinInt, false
	for s, p := range r.Points[:len(m.Seats)] {
		if slices.Contains(r.Winners, game.Seat(s)) {
			top = max(top, p)
			continue
		}
		rest = max(rest, p)
		scored = scored || p != 0
	}
	if !scored || rest == math.MinInt || top <= rest {
		return 0, false
	}
	return top - rest, true
}

// streak is the most matches in a row one player won, of the matches they
// played (a match sat out does not break it): two at least.
func streak(ms []Played) *Highlight {
	run := map[int]int{}
	var best *Highlight
	for i, m := range ms {
		if !m.Counted {
			continue
		}
		for s, p := range m.Players {
			if !slices.Contains(m.Result.Winners, game.Seat(s)) {
				run[p] = 0
				continue
			}
			run[p]++
			if run[p] >= 2 && (best == nil || run[p] > best.Value) {
				seat := game.Seat(s)
				best = &Highlight{Kind: "night.streak", Match: i, Seats: []game.Seat{seat}, Value: run[p],
					Msg: game.M("game.night.highlight.streak", game.P("who", seat), game.N("n", run[p]))}
			}
		}
	}
	return best
}

// feats keeps the best feat of each kind the games declared: the highest
// value, the earlier match on a tie.
func feats(ms []Played) []Highlight {
	var out []Highlight
	at := map[string]int{}
	for i, m := range ms {
		if !m.Counted {
			continue
		}
		for _, f := range m.Feats {
			h := Highlight{Kind: f.Kind, Match: i, Seats: f.Seats, Value: f.Value, Msg: f.Msg}
			j, ok := at[f.Kind]
			switch {
			case !ok:
				at[f.Kind] = len(out)
				out = append(out, h)
			case f.Value > out[j].Value:
				out[j] = h
			}
		}
	}
	return out
}

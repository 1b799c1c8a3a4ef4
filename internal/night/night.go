// Package night ranks the people of a game night over every match they
// played, whatever the game: the night table, the standings after each
// match (the chart's points) and the night's highlights.
//
// A match of n players hands out night points by finishing place: each
// player earns one point for every player who finished behind them and
// half a point for every player level with them (docs/night.md). The
// winners share first place; the others are placed by the match's points.
// A player who sat a match out earns nothing from it and loses nothing.
// The package reads finished matches only; it never touches the network,
// the database or the clock.
package night

import (
	"cmp"
	"slices"
	"strconv"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// Match is one finished match of the night.
type Match struct {
	ID     string
	Number int
	Game   string            // the game's slug
	Seats  []store.MatchSeat // index = game seat
	Result game.Result
	// Started and Finished are when it was dealt and when it ended.
	Started, Finished time.Time
	// Feats are what its game found remarkable (game.Highlighter), read
	// from its replay; nil when the caller did not look.
	Feats []game.Highlight
}

// FromStore turns a room's matches (in any order) into the night's
// finished matches, oldest first; matches still being played are left out.
func FromStore(ms []store.Match) []Match {
	var out []Match
	for _, m := range ms {
		if m.Status != store.StatusFinished || m.Result == nil {
			continue
		}
		started := m.CreatedAt
		if m.Setup.Started != 0 {
			started = time.UnixMilli(m.Setup.Started)
		}
		finished := started
		if m.FinishedAt != nil {
			finished = *m.FinishedAt
		}
		out = append(out, Match{ID: m.ID, Number: m.Number, Game: m.Setup.Game, Seats: m.Seats, Result: *m.Result,
			Started: started, Finished: finished})
	}
	slices.SortFunc(out, func(a, b Match) int { return cmp.Compare(a.Number, b.Number) })
	return out
}

// Points are night points in halves, so a tie's share is exact.
type Points int

// String writes the points as people read them: "3", "3½", "½".
func (p Points) String() string {
	whole := strconv.Itoa(int(p) / 2)
	if p%2 == 0 {
		return whole
	}
	if p < 2 {
		return "½"
	}
	return whole + "½"
}

// MarshalJSON writes the points as a number: 3.5.
func (p Points) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(p)/2, 'f', -1, 64), nil
}

// Player is one person (or bot) of the night, known by their seat in the
// room, which stays theirs from match to match.
type Player struct {
	SeatID string `json:"seat_id"`
	// Name is the name they played their latest match under.
	Name string `json:"name"`
	Bot  bool   `json:"bot"`
}

// Place is one line of the night table.
type Place struct {
	// Player is the index of the player in Night.Players.
	Player int `json:"player"`
	// Rank is 1 for the leaders; players level on points and wins share one.
	Rank   int    `json:"rank"`
	Points Points `json:"points"`
	Wins   int    `json:"wins"`
	Played int    `json:"played"`
}

// Played is one match of the night with what it gave each seat.
type Played struct {
	Match
	// Counted says the match handed out night points: false for a match
	// the host ended (or the server abandoned) before its rules ended it.
	Counted bool
	// Players are the Night.Players index of each game seat.
	Players []int
	// Earned are the night points of each game seat.
	Earned []Points
	// After is every player's night total once this match is counted,
	// index = Night.Players; a player who has not played yet has 0.
	After []Points
}

// Night is the night's table and what led to it.
type Night struct {
	// Players are everyone who played, in the order they first played:
	// the index is their line in the chart.
	Players []Player
	// Table ranks the players, leaders first.
	Table []Place
	// Matches are the finished matches, oldest first.
	Matches []Played
	// Highlights are the night's feats, the platform's first.
	Highlights []Highlight
}

// Tally adds up the night's finished matches, oldest first.
func Tally(ms []Match) Night {
	var n Night
	index := map[string]int{}
	var totals []Points
	var wins, played []int
	for _, m := range ms {
		p := Played{Match: m, Counted: !m.Result.EndedEarly(), Players: make([]int, len(m.Seats))}
		for s, seat := range m.Seats {
			i, ok := index[seat.SeatID]
			if !ok {
				i = len(n.Players)
				index[seat.SeatID] = i
				n.Players = append(n.Players, Player{SeatID: seat.SeatID})
				totals, wins, played = append(totals, 0), append(wins, 0), append(played, 0)
			}
			n.Players[i].Name, n.Players[i].Bot = seat.Name, seat.Bot
			p.Players[s] = i
		}
		p.Earned = make([]Points, len(m.Seats))
		if p.Counted {
			p.Earned = Earned(m.Result, len(m.Seats))
			for s, i := range p.Players {
				totals[i] += p.Earned[s]
				played[i]++
			}
			for _, w := range m.Result.Winners {
				if int(w) >= 0 && int(w) < len(p.Players) {
					wins[p.Players[w]]++
				}
			}
		}
		p.After = slices.Clone(totals)
		n.Matches = append(n.Matches, p)
	}
	n.Table = rank(totals, wins, played)
	n.Highlights = highlights(n.Matches)
	return n
}

// rank orders the players by points, then wins; players level on both
// share a rank, and the next rank skips as many places (1, 1, 3).
func rank(totals []Points, wins, played []int) []Place {
	out := make([]Place, len(totals))
	for i := range totals {
		out[i] = Place{Player: i, Points: totals[i], Wins: wins[i], Played: played[i]}
	}
	ahead := func(a, b Place) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Wins, a.Wins))
	}
	slices.SortStableFunc(out, ahead)
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && ahead(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// Earned is what a finished match of seats players gives each seat: one
// point (two halves) for every seat that finished behind it and half a
// point for every seat level with it. The winners share first place;
// the other seats follow by their points in the match, equal points
// level. A match that ended early gives nothing.
func Earned(r game.Result, seats int) []Points {
	out := make([]Points, seats)
	if r.EndedEarly() {
		return out
	}
	won := make([]bool, seats)
	for _, w := range r.Winners {
		if int(w) >= 0 && int(w) < seats {
			won[w] = true
		}
	}
	points := func(s int) int {
		if s < len(r.Points) {
			return r.Points[s]
		}
		return 0
	}
	// place compares two seats' finishes: below zero when a finished ahead.
	place := func(a, b int) int {
		switch {
		case won[a] && won[b]:
			return 0
		case won[a]:
			return -1
		case won[b]:
			return 1
		}
		return cmp.Compare(points(b), points(a))
	}
	for a := range seats {
		for b := range seats {
			switch c := place(a, b); {
			case a == b:
			case c < 0:
				out[a] += 2
			case c == 0:
				out[a]++
			}
		}
	}
	return out
}

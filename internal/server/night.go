package server

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/night"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/layout"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// The night's recap is for whoever may read the room's history: anyone
// holding the room's code (forward refuses guessers before a look-up), as
// for /r/{code}/history. Closing the night is the host's alone.

// cachedNight is a room's tallied night, valid while its matches are
// the ones it was tallied from.
type cachedNight struct {
	key   string
	night night.Night
}

// nightOf tallies room code's finished matches with the feats their
// games declare, read from their replays; playing says a match is being
// played now. A tally is kept until another match finishes.
func (s *Server) nightOf(ctx context.Context, code string) (n night.Night, playing bool, err error) {
	ms, err := s.Store.Matches(ctx, code)
	if err != nil {
		return night.Night{}, false, err
	}
	key := strconv.Itoa(len(ms))
	for _, m := range ms {
		playing = playing || m.Status != store.StatusFinished
		key += "|" + m.ID + m.Status
	}
	if c, ok := s.tallies.get(code); ok && c.key == key {
		return c.night, playing, nil
	}
	played := night.FromStore(ms)
	for i, m := range played {
		t, err := s.timeline(ctx, m.ID)
		if err != nil {
			// A game this server does not offer still counts; it has no feats.
			s.Log.Warn("night: no replay", "match", m.ID, "err", err)
			continue
		}
		if played[i].Feats, err = t.Highlights(); err != nil {
			s.Log.Warn("night: no highlights", "match", m.ID, "err", err)
		}
	}
	n = night.Tally(played)
	s.tallies.put(code, cachedNight{key: key, night: n})
	return n, playing, nil
}

// handleRecapPage is /r/{code}/recap: the night's table, chart, matches
// and highlights, in the reader's language.
func (s *Server) handleRecapPage(w http.ResponseWriter, r *http.Request) {
	code := room.NormalizeCode(chi.URLParam(r, "code"))
	if !room.ValidCode(code) {
		s.error(w, r, store.ErrNotFound)
		return
	}
	n, playing, err := s.nightOf(r.Context(), code)
	if err != nil {
		s.error(w, r, err)
		return
	}
	rd := reader(r, nil)
	takeHome := false
	_ = s.Rooms.With(r.Context(), code, func(rm *room.Room) error {
		takeHome = s.nightTaker(r, rm)
		return nil
	})
	p := pages.Recap{Code: code, Playing: playing, TakeHome: takeHome,
		Night: nightView(rd, "night-recap", n.Players, n.Table, stepsOf(n), false)}
	for _, m := range n.Matches {
		p.Matches = append(p.Matches, s.recapMatch(r, n, m))
	}
	for _, h := range n.Highlights {
		p.Highlights = append(p.Highlights, reader(r, seatNames(n.Matches[h.Match].Seats)).Say(h.Msg))
	}
	title := rd.Say(game.M("game.night.title", game.X("code", code)))
	s.render(w, r, http.StatusOK, layout.Page(title, pages.RecapPage(p), layout.Record))
}

// recapMatch words one match of the night for the recap.
func (s *Server) recapMatch(r *http.Request, n night.Night, m night.Played) pages.RecapMatch {
	names := seatNames(m.Seats)
	rd := reader(r, names)
	rm := pages.RecapMatch{ID: m.ID, Number: m.Number, Game: s.gameName(r, m.Game)}
	for _, w := range m.Result.Winners {
		rm.Winners = append(rm.Winners, rd.Name(w))
	}
	if !m.Counted {
		rm.Ended = rd.Say(m.Result.Summary)
	}
	for seat, pts := range m.Earned {
		rm.Earned = append(rm.Earned, rd.Say(game.M("game.night.earned", game.P("who", game.Seat(seat)), game.X("points", pts.String()))))
	}
	return rm
}

func seatNames(seats []store.MatchSeat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Name
	}
	return out
}

// stepsOf is the night's matches as the chart draws them.
func stepsOf(n night.Night) []room.NightStep {
	out := make([]room.NightStep, len(n.Matches))
	for i, m := range n.Matches {
		out[i] = room.NightStep{Number: m.Number, Game: m.Game, Players: m.Players, After: m.After}
	}
	return out
}

// nightView words the night table and draws its chart for rd; id names
// the chart on its page.
func nightView(rd words.Reader, id string, players []night.Player, table []night.Place, steps []room.NightStep, closed bool) pages.NightView {
	v := pages.NightView{Matches: len(steps), Closed: closed}
	for _, p := range table {
		v.Lines = append(v.Lines, pages.NightLine{Rank: p.Rank, Name: players[p.Player].Name, Bot: players[p.Player].Bot,
			Leader: p.Rank == 1 && p.Points > 0, Points: p.Points.String(), Wins: p.Wins, Played: p.Played, Look: pages.ColourOf(p.Player)})
	}
	lines := make([]pages.ChartLine, len(players))
	for i, p := range players {
		lines[i] = pages.ChartLine{Name: p.Name, Totals: make([]int, len(steps)), Played: make([]bool, len(steps))}
	}
	for k, st := range steps {
		for i := range lines {
			if i < len(st.After) {
				lines[i].Totals[k] = int(st.After[i])
			}
		}
		for _, i := range st.Players {
			lines[i].Played[k] = true
		}
	}
	v.Chart = pages.NewChart(id, rd.Say(game.M("game.night.chart")), chartWords(rd, players, steps), lines, len(steps),
		func(h int) string { return night.Points(h).String() })
	return v
}

// chartWords says the chart in words, for those who cannot see it: each
// match's standings, best first.
func chartWords(rd words.Reader, players []night.Player, steps []room.NightStep) string {
	var out []string
	seen := make([]bool, len(players))
	for _, st := range steps {
		for _, i := range st.Players {
			seen[i] = true
		}
		var order []int
		for i := range players {
			if seen[i] {
				order = append(order, i)
			}
		}
		slices.SortStableFunc(order, func(a, b int) int { return int(st.After[b]) - int(st.After[a]) })
		var standing []string
		for _, i := range order {
			standing = append(standing, players[i].Name+" "+st.After[i].String())
		}
		out = append(out, rd.Say(game.M("game.night.chart_after", game.N("number", st.Number), game.X("standings", rd.List(standing)))))
	}
	return strings.Join(out, " ")
}

// nightJSON is /api/rooms/{code}/night: the recap for programs.
type nightJSON struct {
	Code       string          `json:"code"`
	Closed     bool            `json:"closed"`
	Playing    bool            `json:"playing"`
	Players    []night.Player  `json:"players"`
	Table      []night.Place   `json:"table"`
	Matches    []nightMatch    `json:"matches"`
	Highlights []nightFeatJSON `json:"highlights"`
}

type nightMatch struct {
	ID      string         `json:"id"`
	Number  int            `json:"number"`
	Game    string         `json:"game"`
	Counted bool           `json:"counted"`
	Winners []game.Seat    `json:"winners"`
	Players []int          `json:"players"`
	Earned  []night.Points `json:"earned"`
	After   []night.Points `json:"after"`
	Summary saidMsg        `json:"summary"`
	Started int64          `json:"started"`
	Ended   int64          `json:"finished"`
}

type nightFeatJSON struct {
	Kind  string      `json:"kind"`
	Match int         `json:"match"`
	Seats []game.Seat `json:"seats"`
	Value int         `json:"value"`
	saidMsg
}

// handleNightGet answers the recap as JSON, worded in the reader's language.
func (s *Server) handleNightGet(w http.ResponseWriter, r *http.Request) {
	code := room.NormalizeCode(chi.URLParam(r, "code"))
	rec, err := s.Store.Room(r.Context(), code)
	if err != nil {
		s.error(w, r, err)
		return
	}
	n, playing, err := s.nightOf(r.Context(), code)
	if err != nil {
		s.error(w, r, err)
		return
	}
	out := nightJSON{Code: code, Closed: rec.NightClosed, Playing: playing, Players: n.Players, Table: n.Table,
		Matches: []nightMatch{}, Highlights: []nightFeatJSON{}}
	if out.Players == nil {
		out.Players, out.Table = []night.Player{}, []night.Place{}
	}
	for _, m := range n.Matches {
		rd := reader(r, seatNames(m.Seats))
		out.Matches = append(out.Matches, nightMatch{ID: m.ID, Number: m.Number, Game: m.Game, Counted: m.Counted,
			Winners: orNoSeats(m.Result.Winners), Players: m.Players, Earned: m.Earned, After: m.After,
			Summary: said(rd, m.Result.Summary), Started: m.Started.UnixMilli(), Ended: m.Finished.UnixMilli()})
	}
	for _, h := range n.Highlights {
		rd := reader(r, seatNames(n.Matches[h.Match].Seats))
		out.Highlights = append(out.Highlights, nightFeatJSON{Kind: h.Kind, Match: h.Match, Seats: orNoSeats(h.Seats), Value: h.Value, saidMsg: said(rd, h.Msg)})
	}
	writeJSON(w, http.StatusOK, out)
}

func orNoSeats(s []game.Seat) []game.Seat {
	if s == nil {
		return []game.Seat{}
	}
	return s
}

// handleNightClose is POST /api/rooms/{code}/night {"closed":true|false}:
// the host closes the night (every screen shows the recap) or plays on.
func (s *Server) handleNightClose(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Closed *bool `json:"closed"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if req.Closed == nil {
		s.error(w, r, bad("game.night.refuse.closed"))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.CloseNight(r.Context(), s.identity(r, rm), *req.Closed); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"closed": *req.Closed})
		return nil
	})
}

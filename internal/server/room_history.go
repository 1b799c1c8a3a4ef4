package server

import (
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/layout"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// handleRoomHistory is /r/{code}/history: the room's finished matches,
// newest first, each opening its replay, and the series standings. A match
// in progress is only mentioned: nothing of it is listed.
func (s *Server) handleRoomHistory(w http.ResponseWriter, r *http.Request) {
	code := room.NormalizeCode(chi.URLParam(r, "code"))
	if !room.ValidCode(code) {
		s.error(w, r, store.ErrNotFound)
		return
	}
	s.history(w, r, code, true)
}

// handleMatchHistory is /m/{id}/history, where a replay links: the same
// history of the match's room for anyone holding a replay link, without
// the room's code (which lets anyone into the room) or a word of a match
// being played there. A match still being played has no history page.
func (s *Server) handleMatchHistory(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	m, ok := s.matchOf(w, r, id)
	if !ok {
		return
	}
	if m.Status != store.StatusFinished {
		s.replayError(w, r, &stillPlaying{number: m.Number})
		return
	}
	s.history(w, r, m.RoomCode, false)
}

// history renders room code's history; named says whether the page may
// name the room.
func (s *Server) history(w http.ResponseWriter, r *http.Request, code string, named bool) {
	rm, err := s.Store.Room(r.Context(), code)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ms, err := s.Store.Matches(r.Context(), code)
	if err != nil {
		s.error(w, r, err)
		return
	}
	info := game.Info{Slug: rm.Game, Name: rm.Game}
	if g, ok := s.games.Lookup(rm.Game); ok {
		info = g.Rules.Info()
	}
	rd := reader(r, nil)
	h := pages.History{Game: rd.Game(info)}
	title := rd.Say(game.M("game.page.history.game", game.X("game", s.gameName(r, info.Slug))))
	if named {
		h.Code = code
		title = rd.Say(game.M("game.page.title.history", game.X("game", s.gameName(r, info.Slug)), game.X("code", code)))
	}
	var finished []store.Match // oldest first, below
	for _, m := range ms {
		if m.Status != store.StatusFinished {
			h.Playing = named
			continue
		}
		finished = append(finished, m)
		row, err := s.historyRow(r, m)
		if err != nil {
			s.error(w, r, err)
			return
		}
		h.Matches = append(h.Matches, row)
	}
	slices.Reverse(finished)
	h.Series = append(h.Series, s.historySeries(rd, info, finished))
	for _, slug := range gamesPlayed(finished) {
		if slug == info.Slug {
			continue
		}
		other := game.Info{Slug: slug, Name: slug}
		if g, ok := s.games.Lookup(slug); ok {
			other = g.Rules.Info()
		}
		h.Series = append(h.Series, s.historySeries(rd, other, finished))
	}
	s.render(w, r, http.StatusOK, layout.Page(title, pages.HistoryPage(h), layout.Record))
}

// historySeries is game g's series among a room's finished matches,
// oldest first.
func (s *Server) historySeries(rd words.Reader, g game.Info, finished []store.Match) pages.HistorySeries {
	hs := pages.HistorySeries{Game: rd.Game(g)}
	var of []store.Match
	for _, m := range finished {
		if m.Setup.Game == g.Slug {
			of = append(of, m)
		}
	}
	for _, st := range room.Standings(of, g.Series.Target) {
		hs.Standings = append(hs.Standings, pages.Standing{Name: st.Name, Points: st.Points, Wins: st.Wins, Played: st.Played, Leader: st.Leader})
		if st.Champion {
			hs.Champion = st.Name
		}
	}
	return hs
}

// gamesPlayed are the games of matches, each once, newest first.
func gamesPlayed(matches []store.Match) []string {
	var out []string
	for i := len(matches) - 1; i >= 0; i-- {
		if g := matches[i].Setup.Game; !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

func (s *Server) historyRow(r *http.Request, m store.Match) (pages.HistoryRow, error) {
	log, err := s.Store.Actions(r.Context(), m.ID)
	if err != nil {
		return pages.HistoryRow{}, err
	}
	row := pages.HistoryRow{ID: m.ID, Number: m.Number, Game: s.gameName(r, m.Setup.Game),
		Date: date(reader(r, nil), m.CreatedAt, false), Length: length(reader(r, nil), len(log), m)}
	names := make([]string, len(m.Seats))
	for i, st := range m.Seats {
		names[i] = st.Name
	}
	row.Seats = names
	if m.Result != nil {
		for _, w := range m.Result.Winners {
			if int(w) >= 0 && int(w) < len(names) {
				row.Winners = append(row.Winners, names[w])
			}
		}
		if m.Result.EndedEarly() {
			row.Summary = reader(r, names).Say(m.Result.Summary)
		}
	}
	return row, nil
}

// gameName is a game's name in r's reader's language, or its slug if unknown.
func (s *Server) gameName(r *http.Request, slug string) string {
	if g, ok := s.games.Lookup(slug); ok {
		return reader(r, nil).Game(g.Rules.Info()).Name
	}
	return slug
}

package server

import (
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/games"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/layout"
	"topsecret/web/pages"
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
	entry, _ := games.Lookup(rm.Game)
	h := pages.History{Code: code, Game: reader(r, nil).Game(entry.Info)}
	var finished []store.Match
	for _, m := range ms {
		if m.Status != store.StatusFinished {
			h.Playing = true
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
	for _, st := range room.Standings(finished, entry.Info.Series.Target) {
		h.Standings = append(h.Standings, pages.Standing{Name: st.Name, Points: st.Points, Wins: st.Wins, Played: st.Played, Leader: st.Leader})
		if st.Champion {
			h.Champion = st.Name
		}
	}
	s.render(w, r, http.StatusOK, layout.Page(reader(r, nil).Say(game.M("game.page.title.history", game.X("game", gameName(r, entry.Info.Slug)), game.X("code", code))), pages.HistoryPage(h), replaySheet))
}

func (s *Server) historyRow(r *http.Request, m store.Match) (pages.HistoryRow, error) {
	log, err := s.Store.Actions(r.Context(), m.ID)
	if err != nil {
		return pages.HistoryRow{}, err
	}
	row := pages.HistoryRow{ID: m.ID, Number: m.Number, Game: gameName(r, m.Setup.Game),
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
func gameName(r *http.Request, slug string) string {
	if e, ok := games.Lookup(slug); ok {
		return reader(r, nil).Game(e.Info).Name
	}
	return slug
}

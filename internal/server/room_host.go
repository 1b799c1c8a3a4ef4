package server

import (
	"net/http"

	"topsecret/internal/game"
	"topsecret/internal/room"
)

// handleHostPass gives the host role to a seat ("Make host"); host only.
func (s *Server) handleHostPass(w http.ResponseWriter, r *http.Request) {
	var req struct {
		SeatID string `json:"seat_id"`
	}
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if req.SeatID == "" {
		s.error(w, r, bad("game.page.error.missing_field", game.X("field", "seat_id")))
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.PassHost(r.Context(), s.identity(r, rm), req.SeatID); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// handleHostBack returns the host role to the caller, from whom it passed
// by itself while their phone was away.
func (s *Server) handleHostBack(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.TakeHostBack(r.Context(), s.identity(r, rm)); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/room"
)

// handleSeatReplace lets a bot play a seat in the running match; host only.
func (s *Server) handleSeatReplace(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.Replace(r.Context(), s.identity(r, rm), chi.URLParam(r, "id")); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// handleSeatTakeBack hands a seat a bot plays back to its player: only the
// holder of that seat's token may.
func (s *Server) handleSeatTakeBack(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		seat, ok := rm.SeatByToken(r.Context(), seatToken(r, rm.Code()))
		if !ok || seat.ID != chi.URLParam(r, "id") {
			return room.ErrNotSeated
		}
		if err := rm.TakeBack(r.Context(), seat.ID); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// handleMatchEnd ends the running match with no winner; host only.
func (s *Server) handleMatchEnd(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.EndMatch(r.Context(), s.identity(r, rm)); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

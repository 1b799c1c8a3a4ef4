package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/pages"
)

// consentJSON answers the host's "Move to another phone" for a seat whose
// phone is connected: that phone was asked, and the link comes once it
// allows the move.
type consentJSON struct {
	Status  string `json:"status"`
	Name    string `json:"name"`
	Message string `json:"message"`
}

// writeConsentAsked answers 202: the seat's phone is asked to allow the move.
func writeConsentAsked(w http.ResponseWriter, r *http.Request, name string) {
	msg := reader(r, nil).Say(game.M("game.rejoin.consent.asked", game.X("name", name)))
	writeJSON(w, http.StatusAccepted, consentJSON{Status: "asking", Name: name, Message: msg})
}

func (s *Server) handleMoveAllow(w http.ResponseWriter, r *http.Request)  { s.answerMove(w, r, true) }
func (s *Server) handleMoveRefuse(w http.ResponseWriter, r *http.Request) { s.answerMove(w, r, false) }

// answerMove is a seat's phone allowing or refusing the host's request to
// move the seat to another phone; only the seat's own token may answer.
func (s *Server) answerMove(w http.ResponseWriter, r *http.Request, allow bool) {
	s.withRoom(w, r, func(rm *room.Room) error {
		if err := rm.AnswerMove(r.Context(), s.identity(r, rm), chi.URLParam(r, "id"), allow); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
		return nil
	})
}

// consentLine is what a frame's live region shows about the host moving a
// connected seat.
func consentLine(f *room.Frame) pages.ConsentLine {
	var l pages.ConsentLine
	if f.Rejoin == nil {
		return l
	}
	l.Asked, l.SeatID = f.Rejoin.MoveAsked, f.SeatID
	for _, m := range f.Rejoin.Moves {
		l.Moves = append(l.Moves, pages.MoveLine{SeatID: m.SeatID, Name: m.Name, State: m.State})
	}
	return l
}

package server

import (
	"net/http"

	"topsecret/internal/room"
)

// Room codes are the only secret guarding a room, so an address that
// keeps trying codes that lead nowhere is refused, before any look-up in
// the store: a refused guess costs the database nothing. A room known to
// exist (running here, or found lately) is let through whatever its
// address spent, so one guesser behind a café's router or a carrier's
// shared address does not lock everyone else there out of their rooms.

// mayLookUp reports whether code may be looked up for r.
func (s *Server) mayLookUp(r *http.Request, code string) bool {
	if s.Rooms.Running(code) {
		return true
	}
	if _, ok := s.found.get(code); ok {
		return true
	}
	return s.Doorman.MayMiss(clientAddr(r))
}

// roomExists reports whether code names a room, asking the store only
// when nothing here knows it.
func (s *Server) roomExists(r *http.Request, code string) bool {
	if !room.ValidCode(code) {
		return false
	}
	if _, ok := s.found.get(code); ok || s.Rooms.Running(code) {
		return true
	}
	_, err := s.Store.Room(r.Context(), code)
	return err == nil
}

// missed counts a code r named that leads to no room against r's address.
func (s *Server) missed(r *http.Request, code string) {
	s.found.delete(code) // a room found before may have been deleted since
	s.Doorman.AllowMiss(clientAddr(r))
}

// refuse answers err as the router would, in the request's language and
// with the same headers, from a middleware that runs before it.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	secureHeaders(speakLanguage(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.error(w, r, err)
	}))).ServeHTTP(w, r)
}

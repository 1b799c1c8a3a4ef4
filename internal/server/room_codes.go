package server

import (
	"net/http"

	"topsecret/internal/room"
)

// Room codes are the only secret guarding a room, so an address that
// keeps trying codes that lead nowhere is refused, before any look-up in
// the store: a refused guess costs the database nothing. It is refused
// alike whether or not the code names a room, since any other answer
// (the room for a room, a refusal for a made-up code) would tell the
// guesser which codes are rooms at no cost at all. Only a request that
// shows it has been in the room gets in whatever its address spent: its
// seat or host token, or the room's arrival stamp, for a room running
// here; the host token or the stamp for one found or made here lately.
// So one guesser behind a café's router or a carrier's shared address
// does not lock the others there out of their rooms. Each is checked in
// memory, so a made-up one costs no look-up.

// mayLookUp reports whether code may be looked up for r.
func (s *Server) mayLookUp(r *http.Request, code string) bool {
	if s.Doorman.MayMiss(clientAddr(r)) {
		return true
	}
	k, ok := s.found.get(code)
	if rm, loaded := s.Rooms.Loaded(code); loaded {
		if id := s.identity(r, rm); id.SeatID != "" || id.Moved != "" {
			return true
		}
		k, ok = rm.Keyhole(), true
	}
	return ok && k.Admits(hostToken(r, code), arrivalStamp(r, code))
}

// arrivalStamp is the arrival stamp r brings for room code, or "".
func arrivalStamp(r *http.Request, code string) string {
	if c, err := r.Cookie(arrivalCookie(code)); err == nil {
		return c.Value
	}
	return ""
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

package server

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/room"
)

// missing is a 404 that names what is missing (a room, a match, a seat or
// a page), so its page says "No such room" rather than a bare "Not found",
// and keeps the room code the person typed to correct it.
type missing struct {
	what string // "room", "match", "seat" or "page"
	code string // the room code the address named, normalised; may be ""
}

func (e *missing) Error() string { return "no such " + e.what }

// title is the page's heading: "No such room".
func (e *missing) title() string { return "No such " + e.what }

// message says what to do about it, for pages and JSON alike.
func (e *missing) message() string {
	switch e.what {
	case "room":
		if e.code != "" {
			return "There is no room " + e.code + ". Check the code and try again."
		}
		return "There is no such room. Check the code and try again."
	case "match":
		return "There is no such match: the link may be cut short, or from another server."
	case "seat":
		return "There is no such seat in this room: it may have been removed."
	}
	return "There is nothing at this address."
}

// missingFor names what a request's "not found" is missing, from the route
// that answered it: a replay or match address misses a match; a room
// address misses its room, unless the room exists, when a seat or the
// shared match is what is missing; any other address misses a page.
func (s *Server) missingFor(r *http.Request) *missing {
	pattern := ""
	if rc := chi.RouteContext(r.Context()); rc != nil {
		pattern = rc.RoutePattern()
	}
	switch {
	case strings.HasPrefix(pattern, "/m/"), strings.HasPrefix(pattern, "/api/matches/"):
		return &missing{what: "match"}
	case strings.Contains(pattern, "{code}"):
		code := room.NormalizeCode(chi.URLParam(r, "code"))
		if _, err := s.Store.Room(r.Context(), code); err != nil {
			return &missing{what: "room", code: code}
		}
		switch {
		case strings.Contains(pattern, "/seats"), strings.HasSuffix(pattern, "/host"):
			return &missing{what: "seat", code: code}
		case strings.HasSuffix(pattern, "/watch"):
			return &missing{what: "match", code: code}
		}
		return &missing{what: "page", code: code}
	}
	// An address of its own, such as a code typed after the slash
	// ("/abc123"): the box offers it as a code.
	code := room.NormalizeCode(strings.Trim(r.URL.Path, "/"))
	if !room.ValidCode(code) {
		code = ""
	}
	return &missing{what: "page", code: code}
}

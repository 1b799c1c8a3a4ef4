package server

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/words"
)

// missing is a 404 that names what is missing (a room, a match, a seat or
// a page), so its page says "No such room" rather than a bare "Not found",
// and keeps the room code the person typed to correct it.
type missing struct {
	what string // "room", "match", "seat", "game" or "page"
	code string // the room code the address named, normalised; may be ""
}

func (e *missing) Error() string { return "no such " + e.what }

// title is the page's heading: "No such room".
func (e *missing) title(rd words.Reader) string {
	switch e.what {
	case "room":
		return rd.Say(game.M("game.page.missing.room_title"))
	case "match":
		return rd.Say(game.M("game.page.missing.match_title"))
	case "seat":
		return rd.Say(game.M("game.page.missing.seat_title"))
	}
	return rd.Say(game.M("game.page.missing.page_title"))
}

// message says what to do about it, for pages and JSON alike.
func (e *missing) message() game.Msg {
	switch e.what {
	case "room":
		if e.code != "" {
			return game.M("game.page.missing.room_code", game.X("code", e.code))
		}
		return game.M("game.page.missing.room")
	case "match":
		return game.M("game.page.missing.match")
	case "seat":
		return game.M("game.page.missing.seat")
	case "game":
		return game.M("game.page.missing.game")
	}
	return game.M("game.page.missing.page")
}

// errorTitle heads an error page by what kind of failure it is.
func errorTitle(rd words.Reader, status int) string {
	switch {
	case status == http.StatusForbidden:
		return rd.Say(game.M("game.page.error.title_forbidden"))
	case status == http.StatusNotFound:
		return rd.Say(game.M("game.page.missing.page_title"))
	case status == http.StatusTooManyRequests:
		return rd.Say(game.M("game.page.error.title_slow"))
	case status >= 500:
		return rd.Say(game.M("game.page.went_wrong"))
	}
	return rd.Say(game.M("game.page.error.title_refused"))
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
		if !s.roomExists(r, code) {
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

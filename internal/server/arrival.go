package server

import (
	"net/http"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// arrivalCookie holds a browser's arrival stamp for room code: when it
// first opened the room (room.ArrivalStamp).
func arrivalCookie(code string) string { return "ts_came_" + code }

// arrival returns when the browser of r first came into rm, and stamps a
// browser that brings no valid stamp as coming now (zero time returned).
func (s *Server) arrival(w http.ResponseWriter, r *http.Request, rm *room.Room) time.Time {
	if c, err := r.Cookie(arrivalCookie(rm.Code())); err == nil {
		if at, ok := rm.Arrived(c.Value); ok {
			return at
		}
	}
	s.setCookie(w, r, arrivalCookie(rm.Code()), rm.ArrivalStamp())
	return time.Time{}
}

// pictures are a request's signs worded for rd.
func pictures(signs []room.Sign, rd words.Reader) []pages.Picture {
	out := make([]pages.Picture, len(signs))
	for i, s := range signs {
		out[i] = pages.Picture{Emoji: s.Emoji, Name: rd.Say(game.M(s.Word))}
	}
	return out
}

// cameSaid tells the host how long before asking the asking phone first
// came into the room, and whether that was only just now (never, or under
// a minute): a stranger's tell, shown so it stands out. The span is fixed
// when the phone asks, so the prompt needs no clock to stay true.
func cameSaid(a room.AskState) (said game.Msg, fresh bool) {
	before := a.At.Sub(a.Came)
	switch {
	case a.Came.IsZero():
		return game.M("game.rejoin.came_never"), true
	case before < time.Minute:
		return game.M("game.rejoin.came_just"), true
	case before < 2*time.Hour:
		return game.M("game.rejoin.came_minutes", game.N("n", int(before/time.Minute))), false
	}
	return game.M("game.rejoin.came_hours", game.N("n", int(before/time.Hour))), false
}

package server

import (
	"net/http"
	"strings"
	"time"

	"topsecret/internal/room"
)

// Cookie names carry the room code so one browser can sit in several rooms.
func seatCookie(code string) string { return "ts_seat_" + code }
func hostCookie(code string) string { return "ts_host_" + code }

const cookieAge = 30 * 24 * time.Hour

func (s *Server) setCookie(w http.ResponseWriter, r *http.Request, name, value string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: int(cookieAge.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.overHTTPS(r)})
}

// seatToken is the caller's seat token: ?token= (for bots and tools) or the cookie.
func seatToken(r *http.Request, code string) string {
	if t := r.URL.Query().Get("token"); t != "" {
		return t
	}
	if c, err := r.Cookie(seatCookie(code)); err == nil {
		return c.Value
	}
	return ""
}

// hostToken is the caller's host token: the Authorization header, ?host= or the cookie.
func hostToken(r *http.Request, code string) string {
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		return strings.TrimPrefix(h, "Bearer ")
	}
	if t := r.URL.Query().Get("host"); t != "" {
		return t
	}
	if c, err := r.Cookie(hostCookie(code)); err == nil {
		return c.Value
	}
	return ""
}

// identity resolves who a request speaks for in a room.
func (s *Server) identity(r *http.Request, rm *room.Room) room.Identity {
	id := room.Identity{Host: rm.HostToken(hostToken(r, rm.Code()))}
	token := seatToken(r, rm.Code())
	if seat, ok := rm.SeatByToken(r.Context(), token); ok {
		id.SeatID = seat.ID
	} else if token != "" {
		// A token that no longer holds a seat may have held one that moved
		// to another phone; its page then says so.
		id.Moved, _ = rm.MovedFrom(r.Context(), token)
	}
	return id
}

// baseURL is the public address for links: the configured one, or the
// request's own (with the LAN address for a page opened at localhost). Its
// scheme follows X-Forwarded-Proto whether or not TrustProxy is set, unlike
// overHTTPS: the link goes back only to the request that named it.
func (s *Server) baseURL(r *http.Request) string {
	if s.BaseURL != "" {
		return strings.TrimRight(s.BaseURL, "/")
	}
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + linkHost(r, s.LANHost)
}

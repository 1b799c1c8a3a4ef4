package server

import (
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// sameOriginWrites refuses a state-changing API call that a page of another
// origin could have sent with this browser's cookies: a page on another port
// of the host's machine must not start the host's match. Browsers send a
// cross-origin request without a preflight only as a form or a "simple"
// body, never as application/json, and they always say where a request
// comes from (Origin, Sec-Fetch-Site). Tools holding a Bearer token carry
// their credential themselves, so no page can borrow it.
func (s *Server) sameOriginWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions ||
			strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
			next.ServeHTTP(w, r)
			return
		}
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			writeJSON(w, http.StatusUnsupportedMediaType, saidError(reader(r, nil), "unsupported_media_type", "game.page.error.json_only"))
			return
		}
		if len(r.Cookies()) > 0 && !s.sameOrigin(r) {
			writeJSON(w, http.StatusForbidden, saidError(reader(r, nil), "cross_origin", "game.page.error.cross_origin"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether a browser says the request comes from this
// server's own pages: Sec-Fetch-Site, else an Origin whose host is the
// request's host or an allowed one (--base-url's).
func (s *Server) sameOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin":
		return true
	case "same-site", "cross-site":
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" || o == "null" {
		return false
	}
	u, err := url.Parse(o)
	if err != nil || u.Host == "" {
		return false
	}
	return strings.EqualFold(u.Host, r.Host) || slices.ContainsFunc(s.OriginPatterns, func(p string) bool {
		return strings.EqualFold(p, u.Host)
	})
}

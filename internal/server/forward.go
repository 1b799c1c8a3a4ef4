package server

import (
	"errors"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"

	"topsecret/internal/room"
	"topsecret/internal/store"
)

// forwardedHeader marks a request one instance forwarded to another. The
// owner answers it itself or with 503, never forwards it again, so two
// instances that disagree for a moment about a room cannot bounce a
// request between them.
const forwardedHeader = "X-Topsecret-Forwarded"

// roomCodeOf returns the room code a path addresses (/r/{code}/… or
// /api/rooms/{code}/…), or "".
func roomCodeOf(path string) string {
	var rest string
	switch {
	case strings.HasPrefix(path, "/r/"):
		rest = path[len("/r/"):]
	case strings.HasPrefix(path, "/api/rooms/"):
		rest = path[len("/api/rooms/"):]
	default:
		return ""
	}
	code, _, _ := strings.Cut(rest, "/")
	code = room.NormalizeCode(code)
	if !room.ValidCode(code) {
		return ""
	}
	return code
}

// forward sends a room's requests and websockets to the instance that runs
// the room, when that is another one; every other request, and every room
// run here (or to be loaded here now), goes on to the router. A code that
// names no room is answered here, so its one look-up is the only one.
func (s *Server) forward(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := roomCodeOf(r.URL.Path)
		if code == "" {
			next.ServeHTTP(w, r)
			return
		}
		if s.Draining() && strings.HasSuffix(r.URL.Path, "/ws") {
			// No new sockets while handing rooms over: the client retries
			// and the load balancer, seeing /readyz fail, sends it elsewhere.
			s.error(w, r, store.ErrBusy)
			return
		}
		if !s.mayLookUp(r, code) {
			s.refuse(w, r, &slowDown{"game.page.slow.codes"})
			return
		}
		rm, err := s.Rooms.Get(r.Context(), code)
		if errors.Is(err, store.ErrNotFound) {
			s.missed(r, code)
			s.refuse(w, r, &missing{what: "room", code: code})
			return
		}
		e, elsewhere := room.IsElsewhere(err)
		switch {
		case err == nil:
			s.found.put(code, rm.Keyhole())
		case elsewhere:
			if k, ok := s.found.get(code); !ok || k == (room.Keyhole{}) {
				// Read once, so that a neighbour of a guesser who shows it
				// has been in the room is let through here too.
				k = room.Keyhole{}
				if rec, err := s.Store.Room(r.Context(), code); err == nil {
					k = room.KeyholeOf(rec)
				}
				s.found.put(code, k)
			}
		}
		switch {
		case !elsewhere:
			next.ServeHTTP(w, r) // the handler meets the same room or error
		case r.Header.Get(forwardedHeader) != "":
			s.error(w, r, store.ErrBusy)
		default:
			s.proxyTo(e.Address).ServeHTTP(w, r)
		}
	})
}

// proxyTo returns the reverse proxy to another instance, made once per
// address. httputil.ReverseProxy carries websocket upgrades as well.
func (s *Server) proxyTo(addr string) http.Handler {
	if p, ok := s.proxies.Load(addr); ok {
		return p.(http.Handler)
	}
	target, err := url.Parse(addr)
	if err != nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.error(w, r, errors.New("bad instance address "+addr))
		})
	}
	p := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			// The owner checks websocket origins and same-origin writes
			// against the host the browser used, so that host goes along.
			pr.Out.Host = pr.In.Host
			if s.TrustProxy {
				// The front's headers name the phone and its scheme: keep them.
				pr.Out.Header["X-Forwarded-For"] = pr.In.Header["X-Forwarded-For"]
			}
			pr.SetXForwarded()
			if p := pr.In.Header.Get("X-Forwarded-Proto"); s.TrustProxy && p != "" {
				pr.Out.Header.Set("X-Forwarded-Proto", p)
			}
			pr.Out.Header.Set(forwardedHeader, "1")
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			// The owner died after our look-up: the client retries, and
			// by then its lease has lapsed or another instance runs it.
			s.Log.Debug("forward to room owner", "addr", addr, "path", r.URL.Path, "err", err)
			s.error(w, r, store.ErrBusy)
		},
	}
	got, _ := s.proxies.LoadOrStore(addr, http.Handler(p))
	return got.(http.Handler)
}

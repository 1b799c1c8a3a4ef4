package server

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"slices"
	"strings"

	"topsecret/internal/game"
	"topsecret/static"
)

// wrongHost is a request for a name this server is not reached at.
type wrongHost struct{ host string }

func (e *wrongHost) Error() string { return "not served at " + e.host }

// checkHost refuses, with 421, a request whose Host is not a name this
// server is meant to be reached at. DNS rebinding points a name the
// attacker owns at this machine, so that a page of that name, opened on a
// phone or computer of the party's network, reads this server as its own;
// its requests still carry the attacker's name as Host. Health checks
// answer any name, as load balancers call them by whatever address they
// know, and so do the public static files, so the refusal's page is
// drawn as every other.
func (s *Server) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p == "/healthz" || p == "/readyz" || strings.HasPrefix(p, static.Prefix) || s.servesHost(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		s.warn(r, "wrong_host", "host", r.Host)
		s.refuse(w, r, &wrongHost{r.Host})
	})
}

// servesHost reports whether host (with or without a port) is a name this
// server answers at: an IP address (which no one can rebind), a name only
// this machine or its network can resolve (localhost, .local, .home.arpa,
// .internal, a name without dots), this machine's name, the base URL's
// host or one of Hosts.
func (s *Server) servesHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if _, err := netip.ParseAddr(host); err == nil || host == "" || !strings.Contains(host, ".") {
		return true
	}
	for _, local := range []string{".localhost", ".local", ".home.arpa", ".internal"} {
		if strings.HasSuffix(host, local) {
			return true
		}
	}
	if host == s.machine {
		return true
	}
	if u, err := url.Parse(s.BaseURL); err == nil && s.BaseURL != "" && strings.EqualFold(u.Hostname(), host) {
		return true
	}
	return slices.ContainsFunc(s.Hosts, func(h string) bool {
		if hh, _, err := net.SplitHostPort(h); err == nil {
			h = hh
		}
		return strings.EqualFold(strings.TrimSuffix(h, "."), host)
	})
}

// machineName is this machine's host name, lower case; "" when unknown.
func machineName() string {
	h, err := os.Hostname()
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// wrongHostMsg words a wrongHost refusal.
func wrongHostMsg(e *wrongHost) game.Msg {
	return game.M("game.page.error.wrong_host", game.X("host", e.host))
}

package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// DefaultProxies are the proxies believed when none are named: this
// machine only, as `topsecret front` or a Caddy beside the server.
var DefaultProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

// ParseProxies reads a comma-separated list of proxy addresses and
// networks ("127.0.0.1, 10.0.0.0/8, ::1"), a bare address naming itself.
func ParseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a network such as 10.0.0.0/8", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// clientKey carries the address a trusted proxy named for the request.
type clientKey struct{}

// realIP believes X-Forwarded-For only from a peer that is one of
// TrustedProxies, and then takes its right-most address that is not one of
// them: every proxy appends the address it saw, so what lies left of the
// first stranger was written by the stranger. X-Real-IP, True-Client-IP
// and Forwarded are never read, since common proxies pass a client's own
// values through. A peer that is not a trusted proxy has its
// X-Forwarded-For and X-Forwarded-Proto removed, so nothing further in
// (the HTTPS check, forwarding to another instance) believes them.
func (s *Server) realIP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.TrustProxy {
			next.ServeHTTP(w, r)
			return
		}
		peer, ok := peerAddr(r.RemoteAddr)
		if !ok || !inAny(peer, s.TrustedProxies) {
			r.Header.Del("X-Forwarded-For")
			r.Header.Del("X-Forwarded-Proto")
			next.ServeHTTP(w, r)
			return
		}
		if c, ok := forwardedClient(r.Header.Values("X-Forwarded-For"), s.TrustedProxies); ok {
			r = r.WithContext(context.WithValue(r.Context(), clientKey{}, c))
		}
		next.ServeHTTP(w, r)
	})
}

// forwardedClient walks X-Forwarded-For from the right past the trusted
// proxies. When every hop is trusted the left-most is the client (a
// request made on a proxy's own machine). An entry that is not an address
// stops the walk with nothing believed.
func forwardedClient(headers []string, trusted []netip.Prefix) (netip.Addr, bool) {
	var hops []string
	for _, h := range headers {
		hops = append(hops, strings.Split(h, ",")...)
	}
	var last netip.Addr
	for i := len(hops) - 1; i >= 0; i-- {
		h := strings.TrimSpace(hops[i])
		if h == "" {
			continue
		}
		a, err := netip.ParseAddr(h)
		if err != nil {
			return netip.Addr{}, false
		}
		a = a.Unmap().WithZone("")
		if !inAny(a, trusted) {
			return a, true
		}
		last = a
	}
	return last, last.IsValid()
}

// peerAddr is the address of the connection's other end.
func peerAddr(remote string) (netip.Addr, bool) {
	if h, _, err := net.SplitHostPort(remote); err == nil {
		remote = h
	}
	a, err := netip.ParseAddr(remote)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

func inAny(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr is the key every per-address limit counts under: the
// client's address (the peer's, or the one a trusted proxy named), an
// IPv6 address cut to its /64. One IPv6 home or phone gets a whole /64 to
// pick addresses from, as one IPv4 home gets one address behind its router.
func clientAddr(r *http.Request) string {
	a, ok := r.Context().Value(clientKey{}).(netip.Addr)
	if !ok {
		if a, ok = peerAddr(r.RemoteAddr); !ok {
			return r.RemoteAddr
		}
	}
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

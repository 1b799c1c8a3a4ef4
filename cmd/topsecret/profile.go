package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"strings"
	"time"
)

// serveProfiles serves Go's runtime profiles on addr (a loopback address:
// they show the program's insides), so a slow server under real load can
// be profiled where it runs: go tool pprof http://addr/debug/pprof/profile.
func serveProfiles(addr string, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("profiles: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: loopbackOnly(mux, ln.Addr()), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	log.Info("runtime profiles", "url", "http://"+ln.Addr().String()+"/debug/pprof/")
	return nil
}

// loopbackOnly answers only requests that name this machine by a loopback
// name or address, or the address it listens on. A web page whose own name
// the attacker points at 127.0.0.1 (DNS rebinding) would otherwise read the
// profiles as its own origin, the command line with a --database-url
// password included; its requests still carry the attacker's name.
func loopbackOnly(next http.Handler, listening net.Addr) http.Handler {
	own := ""
	if a, ok := listening.(*net.TCPAddr); ok && !a.IP.IsUnspecified() {
		own = a.IP.String()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
		ip := net.ParseIP(host)
		if host == "localhost" || strings.HasSuffix(host, ".localhost") || (ip != nil && (ip.IsLoopback() || ip.String() == own)) {
			next.ServeHTTP(w, r)
			return
		}
		http.Error(w, "profiles answer only at a loopback address, such as http://127.0.0.1:port/debug/pprof/", http.StatusMisdirectedRequest)
	})
}

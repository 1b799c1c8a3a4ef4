package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// runFront is `topsecret front`: the round-robin load balancer in front of
// several instances, for a machine without one (the fleet's proof and
// a newcomer's first try use it; production can use any proxy).
func runFront(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("front", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", ":8090", "listen address")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: topsecret front [-addr :8090] http://instance-1:8081 http://instance-2:8082 …")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	var instances []string
	for _, a := range fs.Args() {
		u, err := url.Parse(a)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("front: %q is not an instance's http:// address", a)
		}
		instances = append(instances, strings.TrimSuffix(a, "/"))
	}
	if len(instances) == 0 {
		fs.Usage()
		return errors.New("front: name at least one instance")
	}
	rr := newRoundRobin(func() []string { return instances })
	go rr.watchHealth(ctx)
	srv := &http.Server{Addr: *addr, Handler: rr, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	fmt.Fprintf(stdout, "front on %s, round robin over %s\n", *addr, strings.Join(instances, " "))
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// roundRobin is the front any load balancer would be: each request goes
// to the next instance whose /readyz answered 200 at its last check. No
// sticky sessions: an instance forwards a room it does not own.
type roundRobin struct {
	targets func() []string // the instances to serve from, by URL

	mu      sync.Mutex
	ready   map[string]bool // instance URL → its last /readyz was 200
	proxies map[string]*httputil.ReverseProxy
	next    atomic.Uint64
}

// newRoundRobin fronts targets, each taken as ready until its first check.
func newRoundRobin(targets func() []string) *roundRobin {
	rr := &roundRobin{targets: targets, ready: map[string]bool{}, proxies: map[string]*httputil.ReverseProxy{}}
	for _, u := range targets() {
		rr.ready[u] = true
	}
	return rr
}

// watchHealth polls every instance's /readyz, as a load balancer's health
// check does, until ctx ends: a draining instance gets no new clients.
func (rr *roundRobin) watchHealth(ctx context.Context) {
	c := &http.Client{Timeout: 300 * time.Millisecond}
	for ctx.Err() == nil {
		for _, u := range rr.targets() {
			resp, err := c.Get(u + "/readyz")
			ok := err == nil && resp.StatusCode == http.StatusOK
			if err == nil {
				resp.Body.Close()
			}
			rr.mu.Lock()
			rr.ready[u] = ok
			rr.mu.Unlock()
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// clientHeaders name a request's client besides X-Forwarded-For; the
// front never passes a client's own on.
var clientHeaders = []string{"X-Real-IP", "True-Client-IP", "Forwarded", "X-Client-IP", "CF-Connecting-IP"}

// ServeHTTP sends each request, websockets included, to the next ready
// instance in turn, with the client's address and scheme in X-Forwarded-*
// headers for instances started with --trust-proxy.
func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	targets := rr.targets()
	rr.mu.Lock()
	var ups []string
	for _, u := range targets {
		if rr.ready[u] {
			ups = append(ups, u)
		}
	}
	var p *httputil.ReverseProxy
	if len(ups) > 0 {
		u := ups[rr.next.Add(1)%uint64(len(ups))]
		if p = rr.proxies[u]; p == nil {
			target, _ := url.Parse(u)
			p = &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(target)
				// X-Forwarded-For names the phone alone (a client's own is
				// dropped before Rewrite); the other headers that name a
				// client go, as whatever a client wrote there is a lie a
				// server behind another proxy might believe.
				pr.SetXForwarded()
				for _, h := range clientHeaders {
					pr.Out.Header.Del(h)
				}
				pr.Out.Host = pr.In.Host
			}, ErrorLog: log.New(io.Discard, "", 0)}
			rr.proxies[u] = p
		}
	}
	rr.mu.Unlock()
	if p == nil {
		http.Error(w, "no instance ready", http.StatusBadGateway)
		return
	}
	p.ServeHTTP(w, r)
}

package main

import (
	"context"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fleet is several in-process instances on one PostgreSQL database behind
// a round-robin front.
type fleet struct {
	t     *testing.T
	dsn   string
	front *httptest.Server

	mu        sync.Mutex
	instances []*Main // by slot; nil while down
}

func newFleet(t *testing.T, dsn string, n int) *fleet {
	f := &fleet{t: t, dsn: dsn, instances: make([]*Main, n)}
	for i := range n {
		f.start(i)
	}
	f.front = startRoundRobin(t, func() []string {
		var us []string
		for _, m := range f.live() {
			us = append(us, m.URL())
		}
		return us
	})
	return f
}

// start boots the instance in slot i, as a fresh process would.
func (f *fleet) start(i int) *Main {
	f.t.Helper()
	m := NewMain()
	m.Config.Addr = "127.0.0.1:0"
	m.Config.DatabaseURL = f.dsn
	m.Config.BotDelay = 150 * time.Millisecond
	m.Config.NoLimits = true
	m.Config.LeaseTTL = 3 * time.Second
	m.crashable = true
	m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := m.Run(context.Background()); err != nil {
		f.t.Fatalf("run instance %d: %v", i, err)
	}
	f.mu.Lock()
	f.instances[i] = m
	f.mu.Unlock()
	return m
}

// kill cuts instance i as kill -9 would: no lease released, no goodbye.
func (f *fleet) kill(i int) {
	f.mu.Lock()
	m := f.instances[i]
	f.instances[i] = nil
	f.mu.Unlock()
	m.Crash()
}

// stop stops instance i as SIGTERM does: it drains, then exits.
func (f *fleet) stop(i int) {
	f.mu.Lock()
	m := f.instances[i]
	f.mu.Unlock()
	if err := m.Close(); err != nil {
		f.t.Errorf("close instance %d: %v", i, err)
	}
	f.mu.Lock()
	f.instances[i] = nil
	f.mu.Unlock()
}

func (f *fleet) live() []*Main {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ms []*Main
	for _, m := range f.instances {
		if m != nil {
			ms = append(ms, m)
		}
	}
	return ms
}

func (f *fleet) closeAll() {
	for i, m := range f.instances {
		if m != nil {
			f.stop(i)
		}
	}
}

// roundRobin is the front any load balancer would be: each request goes
// to the next instance whose /readyz answered 200 at its last check. No
// sticky sessions.
type roundRobin struct {
	targets func() []string // the instances running now, by URL

	mu      sync.Mutex
	ready   map[string]bool // instance URL → its last /readyz was 200
	proxies map[string]*httputil.ReverseProxy
	next    atomic.Uint64
}

// startRoundRobin serves a front over targets until the test ends.
func startRoundRobin(t *testing.T, targets func() []string) *httptest.Server {
	rr := &roundRobin{targets: targets, ready: map[string]bool{}, proxies: map[string]*httputil.ReverseProxy{}}
	for _, u := range targets() {
		rr.ready[u] = true
	}
	front := httptest.NewServer(http.HandlerFunc(rr.serve))
	t.Cleanup(front.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go rr.watchHealth(ctx)
	return front
}

// watchHealth polls every instance's /readyz, as a load balancer's health check does.
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
		time.Sleep(100 * time.Millisecond)
	}
}

// serve sends each request to the next ready instance in turn.
func (rr *roundRobin) serve(w http.ResponseWriter, r *http.Request) {
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

// spread counts the rooms live on each running instance, by slot.
func (f *fleet) spread() map[int]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := map[int]int{}
	for i, m := range f.instances {
		if m != nil {
			n[i] = len(m.Rooms.Live())
		}
	}
	return n
}

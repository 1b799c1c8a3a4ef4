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

// fleet is several instances on one PostgreSQL database behind a
// round-robin front that, like any load balancer, sends clients only to
// instances whose /readyz answers 200. No sticky sessions.
type fleet struct {
	t     *testing.T
	dsn   string
	front *httptest.Server

	mu        sync.Mutex
	instances []*Main         // by slot; nil while down
	ready     map[string]bool // instance URL → its last /readyz was 200
	proxies   map[string]*httputil.ReverseProxy
	next      atomic.Uint64
}

func newFleet(t *testing.T, dsn string, n int) *fleet {
	f := &fleet{t: t, dsn: dsn, instances: make([]*Main, n), ready: map[string]bool{}, proxies: map[string]*httputil.ReverseProxy{}}
	for i := range n {
		f.start(i)
	}
	f.front = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.front.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go f.watchHealth(ctx)
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
	f.ready[m.URL()] = true
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

// watchHealth polls every instance's /readyz, as a load balancer's health check does.
func (f *fleet) watchHealth(ctx context.Context) {
	c := &http.Client{Timeout: 300 * time.Millisecond}
	for ctx.Err() == nil {
		for _, m := range f.live() {
			u := m.URL()
			resp, err := c.Get(u + "/readyz")
			ok := err == nil && resp.StatusCode == http.StatusOK
			if err == nil {
				resp.Body.Close()
			}
			f.mu.Lock()
			f.ready[u] = ok
			f.mu.Unlock()
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// serve sends each request to the next ready instance in turn.
func (f *fleet) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	var ups []string
	for _, m := range f.instances {
		if m != nil && f.ready[m.URL()] {
			ups = append(ups, m.URL())
		}
	}
	var p *httputil.ReverseProxy
	if len(ups) > 0 {
		u := ups[f.next.Add(1)%uint64(len(ups))]
		if p = f.proxies[u]; p == nil {
			target, _ := url.Parse(u)
			p = &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(target)
				pr.Out.Host = pr.In.Host
			}, ErrorLog: log.New(io.Discard, "", 0)}
			f.proxies[u] = p
		}
	}
	f.mu.Unlock()
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

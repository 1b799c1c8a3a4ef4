package main

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync"
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

// startRoundRobin serves a front over targets until the test ends.
func startRoundRobin(t *testing.T, targets func() []string) *httptest.Server {
	rr := newRoundRobin(targets)
	front := httptest.NewServer(rr)
	t.Cleanup(front.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go rr.watchHealth(ctx)
	return front
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

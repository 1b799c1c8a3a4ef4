package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"topsecret/internal/server"
)

// `topsecret front` sends requests to its instances in turn, skips one
// whose /readyz fails (draining, or its database gone), tells instances
// the client's address, and refuses a target that is not an address.
func TestFront_RoundRobinOverReadyInstances(t *testing.T) {
	var draining atomic.Bool
	instance := func(name string, ready func() bool) *httptest.Server {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/readyz" {
				if !ready() {
					w.WriteHeader(http.StatusServiceUnavailable)
				}
				return
			}
			io.WriteString(w, name+" "+r.Header.Get("X-Forwarded-For"))
		}))
		t.Cleanup(s.Close)
		return s
	}
	a := instance("a", func() bool { return true })
	b := instance("b", func() bool { return !draining.Load() })

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() { done <- run(ctx, []string{"front", "-addr", addr, a.URL, b.URL}, &out, io.Discard) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("front: %v", err)
		}
	})

	get := func() string {
		for range 50 {
			resp, err := http.Get("http://" + addr + "/r/ABC")
			if err != nil {
				time.Sleep(20 * time.Millisecond)
				continue
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return string(b)
		}
		t.Fatal("the front never answered")
		return ""
	}
	seen := map[string]int{}
	for range 10 {
		got := get()
		name, from, _ := strings.Cut(got, " ")
		if from != "127.0.0.1" {
			t.Fatalf("an instance read X-Forwarded-For %q", from)
		}
		seen[name]++
	}
	if seen["a"] != 5 || seen["b"] != 5 {
		t.Fatalf("ten requests went %v, want five each", seen)
	}

	draining.Store(true)
	time.Sleep(400 * time.Millisecond) // a health check or more
	for range 6 {
		if got := get(); !strings.HasPrefix(got, "a ") {
			t.Fatalf("a request went to the draining instance: %q", got)
		}
	}

	if err := run(context.Background(), []string{"front", "localhost:8081"}, io.Discard, io.Discard); err == nil {
		t.Fatal("the front took an address without http://")
	}
}

// startFront runs `topsecret front` over instances on a free port until the
// test ends, and returns its URL.
func startFront(t *testing.T, instances ...string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"front", "-addr", addr}, instances...), io.Discard, io.Discard)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("front: %v", err)
		}
	})
	for range 100 {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the front never listened")
	return ""
}

// Behind `topsecret front` a server started with --trust-proxy counts each
// phone by the address the front saw: whatever a phone writes in
// X-Forwarded-For, X-Real-IP, True-Client-IP or Forwarded, the front drops
// or replaces, so no phone passes for many to dodge the per-address limits.
func TestFront_ClientCannotNameItsOwnAddress(t *testing.T) {
	t.Parallel()
	m := MustRunMain(t, t.TempDir())
	m.Server.TrustProxy = true
	m.Server.Doorman.Rooms = server.Allowance{PerMinute: 0.001, Burst: 1}
	front := startFront(t, m.URL())
	create := func(addr string) int {
		req, _ := http.NewRequest("POST", front+"/api/rooms", strings.NewReader(`{"game":"wink"}`))
		req.Header.Set("Content-Type", "application/json")
		for _, h := range []string{"X-Forwarded-For", "X-Real-IP", "True-Client-IP", "X-Client-IP"} {
			req.Header.Set(h, addr)
		}
		req.Header.Set("Forwarded", "for="+addr)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := create("198.51.100.1"); st != http.StatusCreated {
		t.Fatalf("first room: status %d, want 201", st)
	}
	if st := create("198.51.100.2"); st != http.StatusTooManyRequests {
		t.Fatalf("a second room, claiming another address: status %d, want 429", st)
	}

	// What the front passes on, seen by an instance.
	var got http.Header
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.Header.Clone() }))
	t.Cleanup(echo.Close)
	front = startFront(t, echo.URL)
	req, _ := http.NewRequest("GET", front+"/", nil)
	for _, h := range clientHeaders {
		req.Header.Set(h, "198.51.100.3")
	}
	req.Header.Set("X-Forwarded-For", "198.51.100.3")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if xff := got.Get("X-Forwarded-For"); xff != "127.0.0.1" {
		t.Errorf("X-Forwarded-For %q, want the phone's address alone", xff)
	}
	for _, h := range clientHeaders {
		if v := got.Get(h); v != "" {
			t.Errorf("the front passed %s: %q", h, v)
		}
	}
}

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

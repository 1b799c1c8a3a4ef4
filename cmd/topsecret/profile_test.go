package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
)

// The runtime profiles show the command line, a --database-url password
// included: a page whose name an attacker points at this machine (DNS
// rebinding) must not read them, so they answer loopback names only.
func TestProfiles_AnswerLoopbackNamesOnly(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, port, _ := net.SplitHostPort(addr)
	m := NewMain()
	m.Config.Addr = "127.0.0.1:0"
	m.Config.DataDir = t.TempDir()
	m.Config.Profiles = addr
	m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	for _, tt := range []struct {
		host string
		want int
	}{
		{addr, http.StatusOK},
		{"localhost:" + port, http.StatusOK},
		{"attacker.example:" + port, http.StatusMisdirectedRequest},
		{"192.168.1.20:" + port, http.StatusMisdirectedRequest},
	} {
		req, _ := http.NewRequestWithContext(t.Context(), "GET", "http://"+addr+"/debug/pprof/cmdline", nil)
		req.Host = tt.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("Host %s: status %d, want %d", tt.host, resp.StatusCode, tt.want)
		}
	}
}

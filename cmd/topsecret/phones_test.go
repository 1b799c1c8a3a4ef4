package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"

	"topsecret/internal/server"
)

// Start-up says where phones join: the LAN address with the listening
// port when there is one, the base URL when it is given.
func TestMain_PhonesJoinAt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base string
	}{
		{"Detected", ""},
		{"BaseURL", "http://192.168.7.7:9000/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			m := NewMain()
			m.Config.Addr, m.Config.DataDir, m.Config.BaseURL = "127.0.0.1:0", t.TempDir(), tt.base
			m.Log, m.Stdout = slog.New(slog.NewTextHandler(io.Discard, nil)), &out
			if err := m.Run(context.Background()); err != nil {
				t.Fatalf("run: %v", err)
			}
			t.Cleanup(func() { m.Close() })
			_, port, _ := net.SplitHostPort(m.ln.Addr().String())
			want := "No network address found"
			switch lan := server.LANAddress(); {
			case tt.base != "":
				want = "Phones join at http://192.168.7.7:9000\n"
			case lan != "":
				want = "Phones join at http://" + net.JoinHostPort(lan, port) + "\n"
			}
			if got := out.String(); !strings.HasPrefix(got, want) {
				t.Fatalf("start-up printed %q, want %q", got, want)
			}
		})
	}
}

package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// Pages forbid inline and foreign scripts and framing: a phone shows a
// player's secret hand.
func TestSecureHeaders(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, p := range []string{"/", "/api/games", "/r/AAAAAA"} {
		resp, err := http.Get(e.Server.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("GET %s: CSP %q", p, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", p)
		}
	}
}

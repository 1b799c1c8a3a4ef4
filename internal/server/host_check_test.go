package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"topsecret/static"
)

// getNamed sends GET path to the server naming host in the Host header.
func (e *env) getNamed(host, path string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	req.Host = host
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("GET %s as %s: %v", path, host, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// DNS rebinding: a page of a name the attacker owns, pointed at this
// machine, would read the server as its own origin. The server answers
// only names it is reached at: IP addresses, local names, the base URL's.
func TestHost_RebindingNameRefused(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(map[string]any{}, "Ann")
	e.Srv.Hosts = []string{"instance-1.example.net:8080"}
	tests := []struct {
		host, base string
		ok         bool
	}{
		{"127.0.0.1:8080", "", true},
		{"localhost:8080", "", true},
		{"[::1]:8080", "", true},
		{"192.168.1.20:8080", "", true}, // the LAN address phones use
		{"[fd00::5]:8080", "", true},
		{"gamebox.local:8080", "", true}, // the machine's mDNS name
		{"gamebox:8080", "", true},       // a name the LAN's router gives
		{"gamebox.home.arpa", "", true},
		{"instance-1.example.net:8080", "", true},
		{"games.example.com", "https://games.example.com", true},
		{"GAMES.example.com.", "https://games.example.com", true},
		{"attacker.example:8080", "", false},
		{"attacker.example", "https://games.example.com", false},
		{"127.0.0.1.attacker.example", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			e.Srv.BaseURL = tt.base
			for _, path := range []string{"/api/rooms/" + c.Code, "/r/" + c.Code, "/"} {
				st, body := e.getNamed(tt.host, path)
				if tt.ok {
					if st != http.StatusOK {
						t.Fatalf("GET %s: status %d, want 200", path, st)
					}
					continue
				}
				if st != http.StatusMisdirectedRequest {
					t.Fatalf("GET %s: status %d, want 421", path, st)
				}
				if strings.HasPrefix(path, "/api/") {
					var out apiErr
					if err := json.Unmarshal([]byte(body), &out); err != nil || out.Code != "wrong_host" || !strings.Contains(out.Message, "--base-url") {
						t.Fatalf("GET %s: %s, want wrong_host saying what to do", path, body)
					}
				} else if !strings.Contains(body, "does not answer at") {
					t.Fatalf("GET %s: the page does not say why", path)
				}
			}
		})
	}
	// A load balancer checks health by whatever name it knows the instance;
	// the public static files draw the refusal's page.
	for _, path := range []string{"/healthz", "/readyz", static.Path("img/favicon.svg")} {
		if st, _ := e.getNamed("attacker.example", path); st != http.StatusOK {
			t.Fatalf("GET %s: status %d, want 200", path, st)
		}
	}
}

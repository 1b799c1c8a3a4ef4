package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topsecret/internal/server"
)

// request is one request as it reaches the server: from peer, with headers.
type request struct {
	peer    string
	headers map[string]string
}

// sameClient reports whether the server counts a and b, sent in turn, as
// one client: it allows each address one new room, so b is refused
// exactly when it counts against a's address.
func sameClient(t *testing.T, e *env, trust bool, a, b request) bool {
	t.Helper()
	srv := server.New(everyGame, e.Rooms, e.Store, quietLog())
	srv.TrustProxy = trust
	srv.Doorman.Rooms = server.Allowance{PerMinute: 0.001, Burst: 1}
	send := func(q request) int {
		req := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/rooms", strings.NewReader(`{"game":"wink"}`))
		req.RemoteAddr = q.peer
		req.Header.Set("Content-Type", "application/json")
		for k, v := range q.headers {
			req.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		return w.Code
	}
	if st := send(a); st != http.StatusCreated {
		t.Fatalf("first request: status %d, want 201", st)
	}
	switch st := send(b); st {
	case http.StatusCreated:
		return false
	case http.StatusTooManyRequests:
		return true
	default:
		t.Fatalf("second request: status %d", st)
		return false
	}
}

// With --trust-proxy the client is the right-most X-Forwarded-For hop that
// is not a trusted proxy, and only when the request comes from one:
// X-Real-IP and True-Client-IP, which common proxies pass through as the
// client wrote them, are never read; an IPv6 client is counted by its /64.
func TestClientAddr_WhoIsTheClient(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	const front = "127.0.0.1:40000"
	via := func(h ...string) request {
		q := request{peer: front, headers: map[string]string{}}
		for i := 0; i+1 < len(h); i += 2 {
			q.headers[h[i]] = h[i+1]
		}
		return q
	}
	tests := []struct {
		name  string
		trust bool
		a, b  request
		same  bool
	}{
		{"X-Real-IP is not read behind a trusted proxy", true,
			via("X-Forwarded-For", "203.0.113.5", "X-Real-IP", "198.51.100.1"),
			via("X-Forwarded-For", "203.0.113.5", "X-Real-IP", "198.51.100.2"), true},
		{"True-Client-IP is not read behind a trusted proxy", true,
			via("X-Forwarded-For", "203.0.113.5", "True-Client-IP", "198.51.100.1"),
			via("X-Forwarded-For", "203.0.113.5", "True-Client-IP", "198.51.100.2"), true},
		{"Forwarded is not read behind a trusted proxy", true,
			via("Forwarded", "for=198.51.100.1"), via("Forwarded", "for=198.51.100.2"), true},
		{"what a client wrote left of the proxy's hop is not read", true,
			via("X-Forwarded-For", "198.51.100.1, 203.0.113.5"),
			via("X-Forwarded-For", "198.51.100.2, 203.0.113.5"), true},
		{"the right-most hop names the client", true,
			via("X-Forwarded-For", "203.0.113.5"), via("X-Forwarded-For", "203.0.113.6"), false},
		{"trusted hops are skipped", true,
			via("X-Forwarded-For", "203.0.113.5, 127.0.0.1"), via("X-Forwarded-For", "203.0.113.5"), true},
		{"a request made on the proxy's own machine is that machine's", true,
			request{front, nil}, via("X-Forwarded-For", "127.0.0.1"), true},
		{"an untrusted peer's X-Forwarded-For is not read", true,
			request{"192.0.2.7:5000", map[string]string{"X-Forwarded-For": "203.0.113.1"}},
			request{"192.0.2.7:5001", map[string]string{"X-Forwarded-For": "203.0.113.2"}}, true},
		{"without --trust-proxy X-Forwarded-For is not read", false,
			via("X-Forwarded-For", "203.0.113.5"), via("X-Forwarded-For", "203.0.113.6"), true},
		{"IPv6 neighbours in one /64 are one client", false,
			request{"[2001:db8:1:2::1]:5000", nil}, request{"[2001:db8:1:2:ffff:ab:cd:9]:5000", nil}, true},
		{"IPv6 clients in two /64s are two", false,
			request{"[2001:db8:1:2::1]:5000", nil}, request{"[2001:db8:1:3::1]:5000", nil}, false},
		{"IPv6 neighbours behind a proxy are one client", true,
			via("X-Forwarded-For", "2001:db8:1:2::1"), via("X-Forwarded-For", "2001:db8:1:2::2"), true},
		{"an IPv4 address written as IPv6 is the same client", true,
			via("X-Forwarded-For", "::ffff:203.0.113.5"), via("X-Forwarded-For", "203.0.113.5"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sameClient(t, e, tt.trust, tt.a, tt.b); got != tt.same {
				t.Fatalf("counted as one client: %v, want %v", got, tt.same)
			}
		})
	}
}

// HTTPS is believed from a trusted proxy only: a phone that says
// X-Forwarded-Proto: https to a server it reaches directly is not served
// Secure cookies as if it were behind one.
func TestClientAddr_ProtoFromTrustedProxyOnly(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, tt := range []struct {
		peer   string
		secure bool
	}{{"127.0.0.1:40000", true}, {"192.0.2.7:40000", false}} {
		srv := server.New(everyGame, e.Rooms, e.Store, quietLog())
		srv.TrustProxy = true
		req := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/rooms", strings.NewReader(`{"game":"wink"}`))
		req.RemoteAddr = tt.peer
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-Proto", "https")
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		cs := w.Result().Cookies()
		if len(cs) == 0 {
			t.Fatalf("from %s: no host cookie (status %d)", tt.peer, w.Code)
		}
		if cs[0].Secure != tt.secure {
			t.Errorf("from %s: Secure = %v, want %v", tt.peer, cs[0].Secure, tt.secure)
		}
	}
}

func TestParseProxies(t *testing.T) {
	got, err := server.ParseProxies(" 10.0.0.0/8, 192.0.2.7 ,::1,")
	if err != nil || len(got) != 3 || got[0].String() != "10.0.0.0/8" || got[1].String() != "192.0.2.7/32" || got[2].String() != "::1/128" {
		t.Fatalf("ParseProxies = %v, %v", got, err)
	}
	if _, err := server.ParseProxies("10.0.0.0/8,proxy.example"); err == nil || !strings.Contains(err.Error(), "proxy.example") {
		t.Fatalf("a name was taken for an address: %v", err)
	}
}

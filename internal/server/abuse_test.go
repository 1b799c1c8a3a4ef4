package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"topsecret/internal/server"
)

// post sends body to path with the given headers and returns the status
// and the error code of the answer, if any.
func (e *env) post(path, body string, headers map[string]string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.Server.URL+path, strings.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Code string `json:"code"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out.Code
}

// A page of another origin must not act with a host's or player's cookies;
// tools with a Bearer token are unaffected.
func TestAPI_WritesNeedJSONFromTheSameOrigin(t *testing.T) {
	e := mustStart(t)
	c, _ := e.mustRoom(map[string]any{}, "Ann", "Bob", "Cy", "Dee")
	host := e.Server.URL[len("http://"):]
	cookie := "ts_host_" + c.Code + "=" + c.HostToken
	start := "/api/rooms/" + c.Code + "/options"
	tests := []struct {
		name    string
		headers map[string]string
		status  int
		code    string
	}{
		{"a form post from another site", map[string]string{"Content-Type": "application/x-www-form-urlencoded",
			"Cookie": cookie, "Origin": "http://evil.example"}, http.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"text/plain (a simple request) from another port", map[string]string{"Content-Type": "text/plain",
			"Cookie": cookie, "Origin": "http://" + strings.Split(host, ":")[0] + ":9999"}, http.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"JSON with a cookie from another port", map[string]string{"Content-Type": "application/json",
			"Cookie": cookie, "Origin": "http://" + strings.Split(host, ":")[0] + ":9999"}, http.StatusForbidden, "cross_origin"},
		{"JSON with a cookie and no origin at all", map[string]string{"Content-Type": "application/json",
			"Cookie": cookie}, http.StatusForbidden, "cross_origin"},
		{"JSON with a cookie, browser says cross-site", map[string]string{"Content-Type": "application/json",
			"Cookie": cookie, "Sec-Fetch-Site": "cross-site", "Origin": "http://" + host}, http.StatusForbidden, "cross_origin"},
		{"JSON with a cookie from the room's own page", map[string]string{"Content-Type": "application/json",
			"Cookie": cookie, "Origin": "http://" + host}, http.StatusOK, ""},
		{"JSON with a cookie, browser says same-origin", map[string]string{"Content-Type": "application/json",
			"Cookie": cookie, "Sec-Fetch-Site": "same-origin"}, http.StatusOK, ""},
		{"a tool with its Bearer token", map[string]string{"Authorization": "Bearer " + c.HostToken}, http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, code := e.post(start, `{"startPlayer":1}`, tt.headers)
			if st != tt.status || code != tt.code {
				t.Fatalf("status %d %q, want %d %q", st, code, tt.status, tt.code)
			}
		})
	}
}

func TestDoorman_LimitsPerAddress(t *testing.T) {
	t.Run("rooms", func(t *testing.T) {
		e := mustStart(t)
		e.Srv.Doorman.Rooms = server.Allowance{PerMinute: 0.001, Burst: 3}
		for i := range 4 {
			st, code := e.post("/api/rooms", `{"game":"wink"}`, map[string]string{"Content-Type": "application/json"})
			if want := map[bool]int{true: 201, false: 429}[i < 3]; st != want {
				t.Fatalf("room %d: status %d %q, want %d", i+1, st, code, want)
			}
		}
	})
	t.Run("wrong room codes", func(t *testing.T) {
		e := mustStart(t)
		c, _ := e.mustRoom(map[string]any{})
		e.Srv.Doorman.Misses = server.Allowance{PerMinute: 0.001, Burst: 3}
		for i := range 3 {
			if st := e.do("GET", "/api/rooms/XXXXX"+string(rune('C'+i)), "", nil, nil); st != http.StatusNotFound {
				t.Fatalf("guess %d: status %d, want 404", i+1, st)
			}
		}
		// Out of guesses: another code is refused unread, found or not.
		if st := e.do("GET", "/api/rooms/XXXXXY", "", nil, nil); st != http.StatusTooManyRequests {
			t.Fatalf("after the guesses: status %d, want 429", st)
		}
		// A room that exists is refused alike, else the answer would tell
		// the guesser it is one; a neighbour at the same address who has
		// been in it still reaches it (room_codes_test.go).
		if st := e.do("GET", "/api/rooms/"+c.Code, "", nil, nil); st != http.StatusTooManyRequests {
			t.Fatalf("after the guesses, a room that exists: status %d, want 429", st)
		}
		if st := e.do("GET", "/api/rooms/"+c.Code, c.HostToken, nil, nil); st != http.StatusOK {
			t.Fatalf("after the guesses, its host: status %d, want 200", st)
		}
	})
	t.Run("replays", func(t *testing.T) {
		e := mustStart(t)
		c, id := e.mustFinishedMatch()
		e.Srv.Doorman.Replays = server.Allowance{PerMinute: 0.001, Burst: 4}
		paths := []string{"/m/" + id, "/m/" + id + "/step/1", "/api/matches/" + id, "/r/" + c.Code + "/history", "/m/" + id}
		for i, p := range paths {
			if st, _ := e.get(p, ""); st != map[bool]int{true: 200, false: 429}[i < 4] {
				t.Fatalf("replay request %d (%s): status %d", i+1, p, st)
			}
		}
	})
	t.Run("host calls", func(t *testing.T) {
		e := mustStart(t)
		c, _ := e.mustRoom(map[string]any{}, "Ann", "Bob")
		e.Srv.Doorman.HostCalls = server.Allowance{PerMinute: 0.001, Burst: 3}
		for i := range 4 {
			st := e.do("POST", "/api/rooms/"+c.Code+"/options", c.HostToken, map[string]any{"startPlayer": 1}, nil)
			if want := map[bool]int{true: 200, false: 429}[i < 3]; st != want {
				t.Fatalf("host call %d: status %d, want %d", i+1, st, want)
			}
		}
		// A player's own calls are not the host's.
		if st := e.do("GET", "/api/rooms/"+c.Code, "", nil, nil); st != http.StatusOK {
			t.Fatalf("the room after the host's calls: status %d, want 200", st)
		}
	})
	t.Run("forwarded addresses are not believed without a trusted proxy", func(t *testing.T) {
		e := mustStart(t)
		e.Srv.Doorman.Rooms = server.Allowance{PerMinute: 0.001, Burst: 1}
		for i, xff := range []string{"10.0.0.1", "10.0.0.2"} {
			st, _ := e.post("/api/rooms", `{"game":"wink"}`, map[string]string{"Content-Type": "application/json", "X-Forwarded-For": xff})
			if want := map[bool]int{true: 201, false: 429}[i == 0]; st != want {
				t.Fatalf("room from %s: status %d, want %d", xff, st, want)
			}
		}
		e.Srv.TrustProxy = true
		if st, _ := e.post("/api/rooms", `{"game":"wink"}`, map[string]string{"Content-Type": "application/json", "X-Forwarded-For": "10.0.0.3"}); st != 201 {
			t.Fatalf("behind a trusted proxy, another client's room: status %d, want 201", st)
		}
	})
	t.Run("watchers per room", func(t *testing.T) {
		e := mustStart(t)
		c, _ := e.mustRoom(map[string]any{})
		e.Srv.Doorman.WatchersPerRoom = 2
		a := e.dial(c.Code, "view=json")
		e.dial(c.Code, "view=json")
		u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + c.Code + "/ws?view=json"
		_, resp, err := websocket.Dial(t.Context(), u, nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("third watcher: err %v, response %v; want refused with 429", err, resp)
		}
		a.c.Close(websocket.StatusNormalClosure, "")
		// The room's count drops when a socket closes.
		deadline := time.Now().Add(5 * time.Second)
		for {
			c2, _, err := websocket.Dial(t.Context(), u, nil)
			if err == nil {
				c2.CloseNow()
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("a socket closed, yet no new one may open: %v", err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// Cookies are Secure when the player reached us over HTTPS, including
// through a trusted proxy that says so, and only then.
func TestCookies_SecureBehindTrustedProxy(t *testing.T) {
	e := mustStart(t)
	for _, tt := range []struct {
		trust  bool
		proto  string
		secure bool
	}{{false, "", false}, {false, "https", false}, {true, "http", false}, {true, "https", true}} {
		e.Srv.TrustProxy = tt.trust
		req, _ := http.NewRequest("POST", e.Server.URL+"/api/rooms", strings.NewReader(`{"game":"wink"}`))
		req.Header.Set("Content-Type", "application/json")
		if tt.proto != "" {
			req.Header.Set("X-Forwarded-Proto", tt.proto)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		cs := resp.Cookies()
		if len(cs) == 0 {
			t.Fatal("no host cookie")
		}
		if cs[0].Secure != tt.secure {
			t.Errorf("trust proxy %v, X-Forwarded-Proto %q: Secure = %v, want %v", tt.trust, tt.proto, cs[0].Secure, tt.secure)
		}
	}
}

// A phone that vanishes without closing its socket stops answering pings;
// the server drops it and everyone sees the seat away.
func TestSocket_SilentPhoneIsDropped(t *testing.T) {
	e := mustStart(t)
	e.Srv.PingInterval = 100 * time.Millisecond
	c, js := e.mustRoom(map[string]any{}, "Ann", "Bob")
	watcher := e.dial(c.Code, "view=json")
	// Bob's phone connects, then goes silent: it never reads again, so it
	// never answers a ping.
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + c.Code + "/ws?view=json&token=" + js[1].Token
	silent, _, err := websocket.Dial(t.Context(), u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.CloseNow()
	connected := func(f frame) (bool, bool) {
		for _, s := range f.Seats {
			if s.ID == js[1].SeatID {
				return s.Connected, true
			}
		}
		return false, false
	}
	watcher.until(func(f frame) bool { on, ok := connected(f); return f.Type == "view" && ok && on })
	watcher.until(func(f frame) bool { on, ok := connected(f); return f.Type == "view" && ok && !on })
}

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/server"
	"topsecret/internal/store/pgtest"
)

// A room's requests that reach another instance are forwarded to the one
// running it, which still counts each phone by its own address: the
// forwarding instance passes the address it believed on, after the front's.
func TestFleet_ForwardedRequestsKeepThePhonesAddress(t *testing.T) {
	t.Parallel()
	f := &fleet{t: t, dsn: pgtest.DSN(t), instances: make([]*Main, 2)}
	defer f.closeAll()
	owner, other := f.start(0), f.start(1)
	for _, m := range []*Main{owner, other} {
		m.Server.TrustProxy = true
		m.Server.Doorman = server.NewDoorman()
		m.Server.Doorman.Joins = server.Allowance{PerMinute: 0.001, Burst: 1}
	}
	call := func(m *Main, path, from, body string) (int, string) {
		req, _ := http.NewRequest("POST", m.URL()+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", from) // as a front on this machine writes it
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out struct {
			Code string `json:"code"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out.Code
	}
	_, code := call(owner, "/api/rooms", "203.0.113.1", `{"game":"wink"}`)
	if code == "" {
		t.Fatal("no room")
	}
	if _, err := owner.Rooms.Get(t.Context(), code); err != nil || !slices.Contains(owner.Rooms.Live(), code) {
		t.Fatalf("the room does not run on its first instance: %v", err)
	}
	for i, from := range []string{"203.0.113.5", "203.0.113.6"} {
		if st, _ := call(other, "/api/rooms/"+code+"/seats", from, fmt.Sprintf(`{"name":"P%d"}`, i)); st != http.StatusCreated {
			t.Fatalf("a phone at %s joins through the other instance: status %d, want 201", from, st)
		}
	}
	if st, _ := call(other, "/api/rooms/"+code+"/seats", "203.0.113.5", `{"name":"P3"}`); st != http.StatusTooManyRequests {
		t.Fatalf("the first phone's second seat: status %d, want 429", st)
	}
}

// A guesser behind a café's address spends its unknown codes on every
// instance, and the café's players still reach their room through an
// instance that does not run it, with the room's arrival stamp or the host
// token, while the guesser is told nothing about the room.
func TestFleet_SpentNeighbourReachesARoomRunElsewhere(t *testing.T) {
	t.Parallel()
	f := &fleet{t: t, dsn: pgtest.DSN(t), instances: make([]*Main, 2)}
	defer f.closeAll()
	owner, other := f.start(0), f.start(1)
	for _, m := range []*Main{owner, other} {
		m.Server.TrustProxy = true
		m.Server.Doorman = server.NewDoorman()
		m.Server.Doorman.Misses = server.Allowance{PerMinute: 0.001, Burst: 3}
	}
	const cafe = "203.0.113.9"
	get := func(m *Main, path string, headers ...string) (int, []*http.Cookie) {
		req, _ := http.NewRequest("GET", m.URL()+path, nil)
		req.Header.Set("X-Forwarded-For", cafe)
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Cookies()
	}
	req, _ := http.NewRequest("POST", owner.URL()+"/api/rooms", strings.NewReader(`{"game":"wink"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&c)
	resp.Body.Close()
	if _, err := owner.Rooms.Get(t.Context(), c.Code); err != nil {
		t.Fatal(err)
	}
	// A player at the café opens the room through the other instance.
	st, cookies := get(other, "/r/"+c.Code)
	var stamp string
	for _, k := range cookies {
		if k.Name == "ts_came_"+c.Code {
			stamp = k.Value
		}
	}
	if st != http.StatusOK || stamp == "" {
		t.Fatalf("the room's page through the other instance: status %d, stamp %q", st, stamp)
	}
	for i := range 4 {
		for _, m := range []*Main{owner, other} {
			get(m, "/api/rooms/XXXXC"+string("ACDE"[i]))
		}
	}
	for _, tt := range []struct {
		name    string
		headers []string
		want    int
	}{
		{"nothing", nil, http.StatusTooManyRequests},
		{"a made-up stamp", []string{"Cookie", "ts_came_" + c.Code + "=kq9z.AAAAAAAAAAAAAAAAAAAAAA"}, http.StatusTooManyRequests},
		{"the room's stamp", []string{"Cookie", "ts_came_" + c.Code + "=" + stamp}, http.StatusOK},
		{"the host token", []string{"Authorization", "Bearer " + c.HostToken}, http.StatusOK},
	} {
		if st, _ := get(other, "/api/rooms/"+c.Code, tt.headers...); st != tt.want {
			t.Fatalf("the café's request with %s through the other instance: status %d, want %d", tt.name, st, tt.want)
		}
	}
}

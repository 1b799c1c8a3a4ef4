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

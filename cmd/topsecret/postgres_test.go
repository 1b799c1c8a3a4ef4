package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"topsecret/internal/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m, removeBuilt) }

// With DATABASE_URL set the same binary keeps everything in PostgreSQL: a
// bot match plays to its end, and a restarted server still has the room,
// the finished match and the standings.
func TestMain_PostgresEndToEnd(t *testing.T) {
	t.Parallel()
	dsn := pgtest.DSN(t)
	start := func() *Main {
		m := NewMain()
		m.Config.Addr = "127.0.0.1:0"
		m.Config.DatabaseURL = dsn
		m.Config.BotDelay = 0
		m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
		if err := m.Run(context.Background()); err != nil {
			t.Fatalf("run on postgres: %v", err)
		}
		t.Cleanup(func() { m.Close() })
		return m
	}
	m := start()
	post := func(path, token, body string, out any) int {
		req, _ := http.NewRequest("POST", m.URL()+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if out != nil {
			json.NewDecoder(resp.Body).Decode(out)
		}
		return resp.StatusCode
	}
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	post("/api/rooms", "", `{"game":"wink","options":{"mode":"remote","agentCardsRemovedPerPlayer":4,"turnTimeoutMs":15000}}`, &c)
	for i := 0; i < 4; i++ {
		if st := post("/api/rooms/"+c.Code+"/seats", c.HostToken, `{"bot":true}`, nil); st != http.StatusCreated {
			t.Fatalf("add bot: %d", st)
		}
	}
	if st := post("/api/rooms/"+c.Code+"/start", c.HostToken, "", nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	type roomJSON struct {
		Match struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"match"`
		Standings []struct {
			Played int `json:"played"`
		} `json:"standings"`
	}
	get := func(m *Main) roomJSON {
		resp, err := http.Get(m.URL() + "/api/rooms/" + c.Code)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r roomJSON
		json.NewDecoder(resp.Body).Decode(&r)
		return r
	}
	// Remote-mode bots wait out real cooldowns, so this takes a few seconds.
	deadline := time.Now().Add(3 * time.Minute)
	for get(m).Match.Status != "finished" {
		if time.Now().After(deadline) {
			t.Fatal("bot match did not finish on postgres")
		}
		time.Sleep(100 * time.Millisecond)
	}
	m.Close()
	r := get(start())
	if r.Match.Status != "finished" || len(r.Standings) != 4 || r.Standings[0].Played != 1 {
		t.Fatalf("after restart: %+v", r)
	}
}

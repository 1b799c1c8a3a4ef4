package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"topsecret/internal/loadtest"
	"topsecret/internal/store/pgtest"
)

// The load tool plays through a round-robin front over three server
// processes on one PostgreSQL while one of them is killed with SIGKILL and
// started again. Its phones reconnect by themselves and send again, under
// the same id, what was never answered; a host whose "Play again" failed
// while its room moved taps again. Afterwards every acknowledged action is
// in the log exactly once, and no rematch was given up on.
//
// With FLEET_BENCH=1 it measures instead of proving: no kill, and
// FLEET_INSTANCES, FLEET_RATE, FLEET_ROOMS and FLEET_SECONDS set the run
// (docs/benchmarks.md, "Several instances").
func TestFleet_LoadToolThroughAKill(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three server processes under load for about twenty seconds")
	}
	bench := os.Getenv("FLEET_BENCH") == "1"
	instances := envInt("FLEET_INSTANCES", 3)
	rooms := envInt("FLEET_ROOMS", 20)
	rate := float64(envInt("FLEET_RATE", 100))
	secs := envInt("FLEET_SECONDS", 15)
	dsn := pgtest.DSN(t)
	bin := buildBinary(t)
	pf := &processFleet{}
	for range instances {
		pf.procs = append(pf.procs, startServerProcess(t, bin, "-database-url", dsn, "-lease-ttl", "3s"))
		pf.up = append(pf.up, true)
	}
	front := startRoundRobin(t, pf.live)

	book, opened := &ackBook{}, &ackBook{}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	type result struct {
		rep *loadtest.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := loadtest.Run(ctx, loadtest.Config{URL: front.URL, Game: "wink", Options: json.RawMessage(`{"mode":"remote"}`),
			Rooms: rooms, Seats: 4, Rate: rate, Warmup: 2 * time.Second, Duration: time.Duration(secs) * time.Second,
			Timeout: 10 * time.Second, Acked: book, Opened: opened, Seed: 14})
		done <- result{rep, err}
	}()

	if !bench {
		deadline := time.Now().Add(40 * time.Second)
		for countMatches(book.claims(t)) < rooms {
			if time.Now().After(deadline) {
				t.Fatalf("only %d of %d rooms acknowledged an action", countMatches(book.claims(t)), rooms)
			}
			time.Sleep(200 * time.Millisecond)
		}
		codes := opened.codes()
		time.Sleep(3 * time.Second)
		killed := time.Now()
		pf.setUp(0, false)
		pf.procs[0].kill9()
		served := allServed(t, front.URL, codes, killed.Add(10*time.Second))
		t.Logf("every room served again %v after SIGKILL", served.Sub(killed).Round(10*time.Millisecond))
		pf.procs[0].start()
		pf.setUp(0, true)
	}

	res := <-done
	if res.err != nil {
		t.Fatalf("load: %v", res.err)
	}
	rep := res.rep
	t.Logf("%d instances, %d rooms x 4 @ %g/s: %.1f actions/s, p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d matches finished; resent %d; errors %v %v",
		instances, rooms, rate, rep.ActionsPerSec, rep.Latency.P50, rep.Latency.P99, rep.Latency.Max, rep.MatchesFinished, rep.Resent, rep.Errors, rep.ErrorDetail)
	if n := rep.Errors["rematch"]; n > 0 {
		t.Errorf("%d rematches given up on", n)
	}
	claims := book.claims(t)
	if len(claims) == 0 {
		t.Fatal("nothing was acknowledged")
	}
	st, err := openStore(t.Context(), Config{DatabaseURL: dsn})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var report strings.Builder
	bad, err := verifyAcked(t.Context(), st, claims, &report)
	if err != nil {
		t.Fatal(err)
	}
	if bad > 0 {
		t.Fatalf("%d of %d acknowledged actions not stored exactly once:\n%s", bad, len(claims), report.String())
	}
	t.Logf("%d acknowledged actions, all stored once", len(claims))
}

// allServed waits until every room answers through the front, and says
// when the last one did.
func allServed(t *testing.T, front string, codes map[string]bool, deadline time.Time) time.Time {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var last time.Time
	var late []string
	for code := range codes {
		wg.Go(func() {
			for status(front+"/api/rooms/"+code) != http.StatusOK {
				if time.Now().After(deadline) {
					mu.Lock()
					late = append(late, code)
					mu.Unlock()
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
			mu.Lock()
			if now := time.Now(); now.After(last) {
				last = now
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(late) > 0 {
		t.Fatalf("rooms %v not served again by the deadline", late)
	}
	return last
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

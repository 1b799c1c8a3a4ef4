package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"topsecret/internal/loadtest"
	"topsecret/internal/store/pgtest"
)

// TestPostgresDownUnderLoadRefusesClearlyAndResumes stops the database
// while rooms of real websocket players act. While it is down, actions are
// refused with the "unavailable" error at once, never acknowledged, and
// /healthz says so; when it returns, play resumes by itself, and every
// action ever acknowledged is in the log exactly once.
func TestPostgresDownUnderLoadRefusesClearlyAndResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("plays for twenty seconds on its own PostgreSQL cluster")
	}
	const (
		rooms   = 3
		outage  = 3 * time.Second
		timeout = 5 * time.Second // the load tool's patience for one action
	)
	cluster := pgtest.Start(t) // its own: the shared one must stay up
	dsn := cluster.NewDatabase(t)
	m := NewMain()
	m.Config.Addr = "127.0.0.1:0"
	m.Config.DatabaseURL = dsn
	m.Config.NoLimits = true
	m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := m.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })

	book := &ackBook{}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	type result struct {
		rep *loadtest.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := loadtest.Run(ctx, loadtest.Config{URL: m.URL(), Game: "wink", Rooms: rooms, Seats: 4,
			Rate: 30, Duration: 16 * time.Second, Timeout: timeout, Acked: book, Seed: 13})
		done <- result{rep, err}
	}()
	deadline := time.Now().Add(30 * time.Second)
	for countMatches(book.claims(t)) < rooms {
		if time.Now().After(deadline) {
			t.Fatal("not every room acknowledged an action")
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(time.Second)

	if err := cluster.Down(); err != nil {
		t.Fatal(err)
	}
	down := time.Now()
	pollUntil(t, down.Add(timeout), "/healthz says unhealthy", func() bool {
		return status(m.URL()+"/healthz") == http.StatusServiceUnavailable
	})
	time.Sleep(outage)
	// Nothing can be stored now, so nothing acknowledged from a moment
	// after the shutdown (an ok already on its way may still land).
	settled := len(book.claims(t))
	time.Sleep(500 * time.Millisecond)
	if n := len(book.claims(t)); n != settled {
		t.Fatalf("%d actions acknowledged while the database was down", n-settled)
	}
	if err := cluster.Up(); err != nil {
		t.Fatal(err)
	}
	up := time.Now()
	pollUntil(t, up.Add(10*time.Second), "/healthz healthy again", func() bool {
		return status(m.URL()+"/healthz") == http.StatusOK
	})
	pollUntil(t, up.Add(10*time.Second), "play resumes", func() bool { return len(book.claims(t)) > settled })
	t.Logf("play resumed %v after the database came back", time.Since(up).Round(time.Millisecond))

	res := <-done
	if res.err != nil {
		t.Fatalf("load: %v", res.err)
	}
	t.Logf("errors seen by players: %v %v", res.rep.Errors, res.rep.ErrorDetail)
	if res.rep.ErrorDetail["refused unavailable"] == 0 {
		t.Errorf("no action was refused as unavailable during the outage: %v", res.rep.ErrorDetail)
	}
	for k, n := range res.rep.ErrorDetail {
		if strings.Contains(k, "internal") && n > 0 {
			t.Errorf("%d actions got %q, want the clear unavailable error", n, k)
		}
	}
	if res.rep.Errors["timeout"] > 0 {
		t.Errorf("%d actions hung past the %v action timeout", res.rep.Errors["timeout"], timeout)
	}

	claims := book.claims(t)
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
}

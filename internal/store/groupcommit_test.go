package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"topsecret/internal/store"
)

// ledger is a WriteFunc that records each transaction's records; gate, when
// set, holds every transaction until it is closed.
type ledger struct {
	mu      sync.Mutex
	batches [][]store.ActionRecord
	taken   map[string]bool
	gate    chan struct{}
	started chan struct{}
}

func newLedger() *ledger {
	return &ledger{taken: map[string]bool{}, started: make(chan struct{}, 1000)}
}

func (l *ledger) write(_ context.Context, recs []store.ActionRecord) []error {
	l.started <- struct{}{}
	if l.gate != nil {
		<-l.gate
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.batches = append(l.batches, append([]store.ActionRecord(nil), recs...))
	errs := make([]error, len(recs))
	for i, r := range recs {
		key := fmt.Sprintf("%s#%d", r.MatchID, r.Index)
		if l.taken[key] {
			errs[i] = store.ErrConflict
			continue
		}
		l.taken[key] = true
	}
	return errs
}

func rec(match string, i int) store.ActionRecord {
	return store.ActionRecord{MatchID: match, Index: i}
}

func TestGroupCommit(t *testing.T) {
	t.Run("appends waiting together share one transaction", func(t *testing.T) {
		l := newLedger()
		l.gate = make(chan struct{})
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{})
		defer g.Close()
		// The first append holds the writer; the next 20 gather behind it.
		errs := make(chan error, 21)
		go func() { errs <- g.Append(t.Context(), rec("m0", 0)) }()
		<-l.started
		for i := range 20 {
			go func() { errs <- g.Append(t.Context(), rec(fmt.Sprintf("m%d", i+1), 0)) }()
		}
		for g.Waiting() < 20 {
			time.Sleep(time.Millisecond)
		}
		close(l.gate)
		for range 21 {
			if err := <-errs; err != nil {
				t.Fatalf("Append: %v", err)
			}
		}
		if len(l.batches) != 2 || len(l.batches[1]) != 20 {
			t.Fatalf("transactions = %d (sizes %v), want 2 with the second holding 20", len(l.batches), sizes(l.batches))
		}
	})

	t.Run("a taken position fails alone", func(t *testing.T) {
		l := newLedger()
		l.gate = make(chan struct{})
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{})
		defer g.Close()
		errs := make(chan error, 1)
		go func() { errs <- g.Append(t.Context(), rec("hold", 0)) }()
		<-l.started
		results := make([]error, 3)
		var wg sync.WaitGroup
		for i, r := range []store.ActionRecord{rec("a", 0), rec("a", 0), rec("b", 0)} {
			wg.Add(1)
			go func() { defer wg.Done(); results[i] = g.Append(t.Context(), r) }()
			for g.Waiting() < i+1 {
				time.Sleep(time.Millisecond)
			}
		}
		close(l.gate)
		wg.Wait()
		<-errs
		conflicts := 0
		for _, err := range results {
			if errors.Is(err, store.ErrConflict) {
				conflicts++
			} else if err != nil {
				t.Fatalf("Append: %v", err)
			}
		}
		if conflicts != 1 {
			t.Fatalf("results %v: want exactly one conflict", results)
		}
	})

	t.Run("a full queue answers busy at once and stores nothing", func(t *testing.T) {
		l := newLedger()
		l.gate = make(chan struct{})
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{Queue: 2})
		defer g.Close()
		done := make(chan error, 3)
		go func() { done <- g.Append(t.Context(), rec("m", 0)) }()
		<-l.started
		go func() { done <- g.Append(t.Context(), rec("m", 1)) }()
		go func() { done <- g.Append(t.Context(), rec("m", 2)) }()
		for g.Waiting() < 2 {
			time.Sleep(time.Millisecond)
		}
		if err := g.Append(t.Context(), rec("m", 3)); !errors.Is(err, store.ErrBusy) {
			t.Fatalf("Append past the queue = %v, want ErrBusy", err)
		}
		close(l.gate)
		for range 3 {
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		}
		if l.taken["m#3"] {
			t.Fatal("a refused append was written")
		}
	})

	t.Run("a caller that gave up before its turn is not written", func(t *testing.T) {
		l := newLedger()
		l.gate = make(chan struct{})
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{})
		defer g.Close()
		first := make(chan error, 1)
		go func() { first <- g.Append(t.Context(), rec("m", 0)) }()
		<-l.started
		ctx, cancel := context.WithCancel(t.Context())
		late := make(chan error, 1)
		go func() { late <- g.Append(ctx, rec("m", 1)) }()
		for g.Waiting() < 1 {
			time.Sleep(time.Millisecond)
		}
		cancel()
		close(l.gate)
		if err := <-late; !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled Append = %v, want context.Canceled", err)
		}
		<-first
		if l.taken["m#1"] {
			t.Fatal("an abandoned append was written")
		}
	})

	t.Run("close answers what was queued, then refuses", func(t *testing.T) {
		l := newLedger()
		l.gate = make(chan struct{})
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{})
		done := make(chan error, 2)
		go func() { done <- g.Append(t.Context(), rec("m", 0)) }()
		<-l.started
		go func() { done <- g.Append(t.Context(), rec("m", 1)) }()
		for g.Waiting() < 1 {
			time.Sleep(time.Millisecond)
		}
		closed := make(chan struct{})
		go func() { g.Close(); close(closed) }()
		close(l.gate)
		<-closed
		for range 2 {
			if err := <-done; err != nil {
				t.Fatalf("queued Append after Close = %v, want stored", err)
			}
		}
		if err := g.Append(t.Context(), rec("m", 2)); !errors.Is(err, store.ErrClosed) {
			t.Fatalf("Append after Close = %v, want ErrClosed", err)
		}
	})
}

func sizes(b [][]store.ActionRecord) []int {
	var n []int
	for _, x := range b {
		n = append(n, len(x))
	}
	return n
}

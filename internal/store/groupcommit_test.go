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

// behindOne holds g's writer in a first transaction (l's gate closes it)
// and queues n appends behind it, named name#1…; every answer, the
// first's included, comes on the channel.
func behindOne(t *testing.T, l *ledger, g *store.GroupCommit, name string, n int) chan error {
	t.Helper()
	// Earlier transactions left their starts in the channel: without
	// draining them, the wait below could pass before the writer took the
	// first append, and it would then take the others with it in one
	// batch, leaving none waiting (the race detector's slower runs hung so).
	for len(l.started) > 0 {
		<-l.started
	}
	l.gate = make(chan struct{})
	errs := make(chan error, n+1)
	go func() { errs <- g.Append(t.Context(), rec(name, 0)) }()
	<-l.started
	for i := range n {
		go func() { errs <- g.Append(t.Context(), rec(name, i+1)) }()
	}
	for g.Waiting() < n {
		time.Sleep(time.Millisecond)
	}
	return errs
}

// oneByOne appends name#0… n times, each after the last one's answer.
func oneByOne(t *testing.T, g *store.GroupCommit, name string, n int) {
	t.Helper()
	for i := range n {
		if err := g.Append(t.Context(), rec(name, i)); err != nil {
			t.Fatal(err)
		}
	}
}

// answered takes n answers, failing on any error.
func answered(t *testing.T, errs chan error, n int) {
	t.Helper()
	for range n {
		if err := <-errs; err != nil {
			t.Fatalf("Append: %v", err)
		}
	}
}

func TestGroupCommit(t *testing.T) {
	t.Run("appends waiting together share one transaction", func(t *testing.T) {
		l := newLedger()
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{})
		defer g.Close()
		errs := behindOne(t, l, g, "m", 20)
		close(l.gate)
		answered(t, errs, 21)
		if len(l.batches) != 2 || len(l.batches[1]) != 20 {
			t.Fatalf("transactions = %d (sizes %v), want 2 with the second holding 20", len(l.batches), sizes(l.batches))
		}
	})

	t.Run("a batch of several lingers for appends that come soon after", func(t *testing.T) {
		l := newLedger()
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{Linger: time.Hour, MaxBatch: 5})
		defer g.Close()
		// Two wait behind the first transaction: the next batch holds
		// several, so it lingers, and takes three more until it is full.
		errs := behindOne(t, l, g, "m", 2)
		close(l.gate)
		for i := range 3 {
			time.Sleep(10 * time.Millisecond)
			go func() { errs <- g.Append(t.Context(), rec("late", i)) }()
		}
		answered(t, errs, 6)
		if len(l.batches) != 2 || len(l.batches[1]) != 5 {
			t.Fatalf("transactions = %d (sizes %v), want 2 with the second holding 5", len(l.batches), sizes(l.batches))
		}
	})

	t.Run("a lone append never lingers", func(t *testing.T) {
		l := newLedger()
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{Linger: time.Hour})
		defer g.Close()
		// With an hour's linger, this would wait for the test's end.
		oneByOne(t, g, "m", 3)
		if len(l.batches) != 3 {
			t.Fatalf("transactions = %d (sizes %v), want 3 of one", len(l.batches), sizes(l.batches))
		}
	})

	t.Run("where appends mostly come alone, two together do not linger", func(t *testing.T) {
		l := newLedger()
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{Linger: time.Hour})
		defer g.Close()
		oneByOne(t, g, "quiet", 20)
		errs := behindOne(t, l, g, "m", 2)
		close(l.gate)
		answered(t, errs, 3) // with an hour's linger, this would wait for the test's end
		if n := len(l.batches); n != 22 || len(l.batches[21]) != 2 {
			t.Fatalf("transactions = %d (sizes %v), want 22, the last of two", n, sizes(l.batches))
		}
	})

	t.Run("close ends a linger and commits what it held", func(t *testing.T) {
		l := newLedger()
		g := store.NewGroupCommit(l.write, store.GroupCommitConfig{Linger: time.Hour})
		errs := behindOne(t, l, g, "m", 2)
		close(l.gate)
		for g.Waiting() > 0 { // taken into the next batch, which lingers
			time.Sleep(time.Millisecond)
		}
		g.Close()
		answered(t, errs, 3)
		if len(l.batches) != 2 || len(l.batches[1]) != 2 {
			t.Fatalf("transactions = %d (sizes %v), want 2 with the second holding 2", len(l.batches), sizes(l.batches))
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

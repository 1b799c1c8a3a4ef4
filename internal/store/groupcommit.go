package store

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrBusy means the store could not take an action in time: more appends
// wait than it commits in a moment. Nothing was stored; the caller may retry.
var ErrBusy = errors.New("busy")

// ErrClosed means the store is closed.
var ErrClosed = errors.New("store closed")

// WriteFunc writes recs in one transaction and returns one error per record,
// in order. A record's own error (a taken position, an unknown match) must
// not stop the others; an error of the transaction itself is every record's.
type WriteFunc func(ctx context.Context, recs []ActionRecord) []error

// GroupCommit gathers the appends that wait at one moment into one
// transaction, so the actions of many rooms share one fsync. While one
// transaction commits, the next batch gathers; a lone append never waits,
// and a batch of several may linger a moment for more (Linger).
type GroupCommit struct {
	write   WriteFunc
	queue   chan *pendingAppend
	max     int
	timeout time.Duration
	linger  time.Duration

	// mu orders Append's send against Close, so no append slips into the
	// queue after the writers have gone.
	mu      sync.RWMutex
	closed  bool
	stop    chan struct{}
	writers sync.WaitGroup
}

type pendingAppend struct {
	ctx  context.Context
	rec  ActionRecord
	done chan error
}

// GroupCommitConfig tunes a GroupCommit; zero fields take the defaults.
type GroupCommitConfig struct {
	// Writers is how many transactions may commit at once: 1 for a store
	// with one write connection (SQLite), a few for a server (PostgreSQL).
	Writers int
	// Queue is how many appends may wait; one more is refused with ErrBusy
	// at once rather than left to time out.
	Queue int
	// MaxBatch caps the records of one transaction.
	MaxBatch int
	// Timeout bounds one transaction.
	Timeout time.Duration
	// Linger is the longest a batch that already holds more than one
	// append waits for more before it commits; 0 commits at once. Several
	// appends at one moment mean the store is loaded, and each commit
	// costs the process CPU of its own (SQLite writes and syncs its log in
	// process: ~0.2 ms a commit); a lone append, the quiet case, never
	// waits. How long a batch waits grows with the load (lingerFor).
	Linger time.Duration
}

// NewGroupCommit starts the writers; Close stops them.
func NewGroupCommit(write WriteFunc, cfg GroupCommitConfig) *GroupCommit {
	if cfg.Writers <= 0 {
		cfg.Writers = 1
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 4096
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 256
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	g := &GroupCommit{write: write, queue: make(chan *pendingAppend, cfg.Queue),
		max: cfg.MaxBatch, timeout: cfg.Timeout, linger: cfg.Linger, stop: make(chan struct{})}
	for range cfg.Writers {
		g.writers.Add(1)
		go g.run()
	}
	return g
}

// Append waits until rec is committed with whatever else waited beside it.
// Once queued, it waits for the outcome even if ctx ends meanwhile, so a
// nil error always means stored and any other error means not stored,
// except a failed commit, whose records a caller must treat as unknown.
func (g *GroupCommit) Append(ctx context.Context, rec ActionRecord) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p := &pendingAppend{ctx: ctx, rec: rec, done: make(chan error, 1)}
	g.mu.RLock()
	if g.closed {
		g.mu.RUnlock()
		return ErrClosed
	}
	select {
	case g.queue <- p:
	default:
		g.mu.RUnlock()
		return ErrBusy
	}
	g.mu.RUnlock()
	return <-p.done
}

// Waiting is how many appends wait for a transaction now.
func (g *GroupCommit) Waiting() int { return len(g.queue) }

// Close lets the writers finish what is queued, then stops them.
func (g *GroupCommit) Close() {
	g.mu.Lock()
	if !g.closed {
		g.closed = true
		close(g.stop)
	}
	g.mu.Unlock()
	g.writers.Wait()
}

func (g *GroupCommit) run() {
	defer g.writers.Done()
	batch := make([]*pendingAppend, 0, g.max)
	// size is the mean size of the last ten or so batches; a writer
	// starts as if loaded, and a few quiet commits tell it otherwise.
	size := 2.0
	for {
		var first *pendingAppend
		select {
		case first = <-g.queue:
		case <-g.stop:
			// Appends queued before Close still get their answer.
			for {
				select {
				case p := <-g.queue:
					g.commit(append(batch[:0], p))
				default:
					return
				}
			}
		}
		batch = append(batch[:0], first)
	gather:
		for len(batch) < g.max {
			select {
			case p := <-g.queue:
				batch = append(batch, p)
			default:
				break gather
			}
		}
		if wait := lingerFor(g.linger, size); wait > 0 && len(batch) > 1 {
			batch = g.gatherFor(batch, wait)
		}
		size += (float64(len(batch)) - size) / 10
		g.commit(batch)
	}
}

// gatherFor adds to batch what comes within wait, up to the cap.
func (g *GroupCommit) gatherFor(batch []*pendingAppend, wait time.Duration) []*pendingAppend {
	t := time.NewTimer(wait)
	defer t.Stop()
	for len(batch) < g.max {
		select {
		case p := <-g.queue:
			batch = append(batch, p)
		case <-t.C:
			return batch
		case <-g.stop:
			return batch
		}
	}
	return batch
}

// commit writes the batch's live appends and answers every one.
func (g *GroupCommit) commit(batch []*pendingAppend) {
	live := batch[:0:0]
	recs := make([]ActionRecord, 0, len(batch))
	for _, p := range batch {
		// A caller that gave up before its turn was never written: say so
		// truthfully instead of storing an action nobody waits for.
		if err := p.ctx.Err(); err != nil {
			p.done <- err
			continue
		}
		live = append(live, p)
		recs = append(recs, p.rec)
	}
	if len(live) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
	errs := g.write(ctx, recs)
	cancel()
	for i, p := range live {
		p.done <- errs[i]
	}
}

// lingerFor is how long a batch waits for more when recent batches held
// size appends on average: nothing below lingerAbove, then a share of
// longest that grows with size, all of it from lingerFullAt on. A store
// that commits pairs lingers a little; one that commits handfuls is
// loaded, its commits' CPU is what the rooms lack, and there a longer wait
// costs less latency than it saves. (On SQLite at 2,000 actions a second,
// up to 1.5 ms instead of a flat 0.5 ms took 8% off the server's CPU per
// action, at the same p99.)
func lingerFor(longest time.Duration, size float64) time.Duration {
	if longest <= 0 || size < lingerAbove {
		return 0
	}
	return time.Duration(float64(longest) * min(1, (size-1)/(lingerFullAt-1)))
}

// lingerAbove is the mean batch size past which a batch lingers: below it
// appends mostly come alone (on SQLite, 1.1 a commit at 500 actions a
// second and 1.2 at 1,000, against 2.1 at 2,000), and there a moment's
// wait would only add to their latency.
const lingerAbove = 1.5

// lingerFullAt is the mean batch size from which a batch waits the whole
// Linger.
const lingerFullAt = 5

// Package overload tells when the server has more to do than its CPU can do
// in time, and turns away that share of new actions so the ones it takes
// are answered promptly.
//
// The measure is Go's own scheduling latency (runtime/metrics
// /sched/latencies:seconds): how long runnable goroutines waited for a
// processor, its 99th percentile. Past saturation the goroutines that the
// server's own work wakes (a room, the store's writer, a connection's
// writer) run next, while those the network wakes, the socket readers,
// queue behind them: the median stays at a couple of milliseconds while
// actions sit unread in their sockets for seconds, busy refusals included.
// A room queue or store queue alone never saw it (the actions were still
// unread). Refusing an action costs a few microseconds, taking one a
// couple of milliseconds, so turning away the excess brings the wait down
// within a tenth of a second.
package overload

import (
	"cmp"
	"context"
	"math/rand/v2"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// Gauge keeps the share of new actions to turn away, adjusted every
// Period from the scheduling latency measured over it. The zero share
// takes everything; a nil *Gauge never sheds.
type Gauge struct {
	// Target is the scheduling latency (its Quantile over a period)
	// above which the gauge sheds more. Default 20ms.
	Target time.Duration
	// Period is how often the gauge looks. Default 50ms.
	Period time.Duration
	// Quantile is the share of scheduling latencies that must stay within
	// Target. Default 0.99.
	Quantile float64
	// MaxInFlight caps the actions taken and not yet answered, server-wide:
	// past it the queue alone would make the next one late. 0: no cap.
	MaxInFlight int
	// Procs is how many Go processors to run with while the server runs
	// late, when more than it has (see lend). 0: never change them.
	Procs int

	// The processors lent: set changes them (runtime.GOMAXPROCS; tests
	// count instead), base is the number at the first look, procs the
	// number now, calm the periods kept up since they were lent.
	setProcs          func(int) int
	base, procs, calm int

	inflight atomic.Int64

	shed atomic.Uint64 // share to refuse, in millionths
	late atomic.Int64  // last period's scheduling latency, in nanoseconds

	sample  []metrics.Sample
	counts  []uint64 // the histogram's counts at the last look
	buckets []float64
}

// Steps of the controller: it raises the share fast and lowers it slowly,
// so that a burst does not swing the server between refusing everything
// and refusing nothing.
const (
	raiseBy = 0.10
	lowerBy = 0.02
	maxShed = 0.98 // some actions always get through, so the gauge sees when the crowd is gone
)

const latencies = "/sched/latencies:seconds"

// minSamples is the fewest scheduling latencies a period needs to count:
// the runtime samples them, a hundred or more a period on a busy server;
// fewer, and the 99th percentile would be one unlucky wake-up.
const minSamples = 50

// Run looks every Period until ctx ends.
func (g *Gauge) Run(ctx context.Context) {
	if g.Period <= 0 {
		g.Period = 50 * time.Millisecond
	}
	g.look()
	t := time.NewTicker(g.Period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			g.Observe(g.look())
		}
	}
}

// look returns the median of the scheduling latencies since the
// last look (0 when too few were sampled to say).
func (g *Gauge) look() time.Duration {
	if g.sample == nil {
		g.sample = []metrics.Sample{{Name: latencies}}
	}
	metrics.Read(g.sample)
	if g.sample[0].Value.Kind() != metrics.KindFloat64Histogram {
		return 0
	}
	h := g.sample[0].Value.Float64Histogram()
	if len(g.counts) != len(h.Counts) {
		g.counts, g.buckets = make([]uint64, len(h.Counts)), h.Buckets
		copy(g.counts, h.Counts)
		return 0
	}
	var total uint64
	delta := make([]uint64, len(h.Counts))
	for i, c := range h.Counts {
		delta[i] = c - g.counts[i]
		total += delta[i]
	}
	copy(g.counts, h.Counts)
	if total < minSamples {
		// A quiet server is never overloaded: one garbage collection
		// among a handful of wake-ups must not turn a phone's tap away.
		return 0
	}
	// The tail, not the median: the starved goroutines are the sockets'
	// readers, a few among many that the server's own work keeps waking.
	return percentile(delta, g.buckets, total, cmp.Or(g.Quantile, 0.99))
}

// percentile is the lower bound of the bucket holding the q-th quantile of
// a histogram's counts (bucket i spans buckets[i] to buckets[i+1]).
func percentile(counts []uint64, buckets []float64, total uint64, q float64) time.Duration {
	if total == 0 {
		return 0
	}
	want := uint64(q * float64(total))
	var seen uint64
	for i, c := range counts {
		seen += c
		if seen > want {
			lo := buckets[i]
			if lo < 0 {
				lo = 0
			}
			return time.Duration(lo * float64(time.Second))
		}
	}
	return 0
}

// Observe takes one period's scheduling latency and adjusts the share to
// refuse: up while the server runs late two periods in a row, down once it
// keeps up. One late period alone is a hiccup (a collection, a slow
// fsync), not a crowd: at 500 actions/s, well within capacity, it turned
// a few dozen actions away a minute. A server that may be lent a
// processor (Procs) is lent it first.
func (g *Gauge) Observe(late time.Duration) {
	target := g.Target
	if target <= 0 {
		target = 20 * time.Millisecond
	}
	wasLate := time.Duration(g.late.Swap(int64(late))) > target
	if g.lend(late, target) {
		// Refusing waits for two more late periods: the new processor
		// gets its chance first.
		g.late.Store(0)
	}
	shed := g.Shedding()
	switch {
	case late > target && wasLate:
		shed = min(shed+raiseBy, maxShed)
	case late < target/2:
		shed = max(shed-lowerBy, 0)
	}
	g.shed.Store(uint64(shed * 1e6))
}

// Shedding is the share of new actions turned away now, 0 to 1.
func (g *Gauge) Shedding() float64 {
	if g == nil {
		return 0
	}
	return float64(g.shed.Load()) / 1e6
}

// Late is the scheduling latency of the last period.
func (g *Gauge) Late() time.Duration {
	if g == nil {
		return 0
	}
	return time.Duration(g.late.Load())
}

// Admit says whether to take a new action now; false means answer busy.
func (g *Gauge) Admit() bool {
	s := g.Shedding()
	return s == 0 || rand.Float64() >= s
}

// Enter takes a new action, or says busy (false) while the server runs
// late or MaxInFlight actions are still being answered. Every true must
// be followed by one Leave once the action is answered.
func (g *Gauge) Enter() bool {
	if g == nil {
		return true
	}
	if !g.Admit() {
		return false
	}
	if n := g.inflight.Add(1); g.MaxInFlight > 0 && n > int64(g.MaxInFlight) {
		g.inflight.Add(-1)
		return false
	}
	return true
}

// Leave marks an action Enter took as answered.
func (g *Gauge) Leave() {
	if g != nil {
		g.inflight.Add(-1)
	}
}

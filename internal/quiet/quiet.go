// Package quiet sets the garbage collector by how busy the server is:
// generous with memory while players move, and giving the memory back
// once the server falls quiet.
//
// Go's collector lets the heap grow to twice what is live before it
// collects (GOGC=100). Under load that is a collection every few
// megabytes of frames, a tenth of the server's CPU; at rest it is
// headroom held for nothing, and a game-night server spends most of its
// hours with phones connected and nobody moving. So a busy spell lets the
// heap grow to three times what is live (GOGC=200), never past
// Allowance more than the default would have held, and ten quiet seconds
// after it put the default back, collect once and return what is free to
// the system (runtime/debug.FreeOSMemory). docs/benchmarks.md has the
// measurements.
package quiet

import (
	"cmp"
	"context"
	"log/slog"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Spell watches the process's allocation and sets the collector by it.
type Spell struct {
	// Every is how often it looks. Default 2s.
	Every time.Duration
	// Floor is the allocation per look below which the process counts as
	// quiet however small its heap. Default 4 MiB (2 MiB/s at the default
	// Every): the pings of 19,000 idle phones stay under it, as does a
	// table or two playing; a hundred moves a second do not.
	Floor uint64
	// QuietLooks is how many quiet looks in a row end a busy spell: a
	// busy one starts at once, but giving memory back costs a full
	// collection, not to be spent on a pause between two moves. Default 5.
	QuietLooks int
	// BusyPercent is the GOGC of a busy spell. Default 200: 400 saved
	// little more CPU and left the heap more scattered once trimmed.
	BusyPercent int
	// Allowance caps what a busy spell may hold beyond the default's
	// twice the live heap (as a soft memory limit). Default 256 MiB.
	Allowance uint64
	// Log receives a line per change, at debug level; nil: none.
	Log *slog.Logger

	// collector is the runtime's; tests record instead.
	collector collector
}

// collector is what Spell changes in the runtime.
type collector interface {
	busy(percent int, limit uint64)
	rest()
}

type runtimeCollector struct{ tune bool }

func (r runtimeCollector) busy(percent int, limit uint64) {
	if r.tune {
		debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
		debug.SetGCPercent(percent)
	}
}

func (r runtimeCollector) rest() {
	if r.tune {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	}
	debug.FreeOSMemory()
}

// Run looks every Every until ctx ends, and leaves the collector at its
// default. An operator's GOGC or GOMEMLIMIT is left as set: then Run only
// gives memory back.
func (s *Spell) Run(ctx context.Context) {
	c := s.collector
	if c == nil {
		c = runtimeCollector{tune: os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == ""}
	}
	every := cmp.Or(s.Every, 2*time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	last := sample[0].Value.Uint64()
	w := watch{dirty: true, quietLooks: cmp.Or(s.QuietLooks, 5)}
	for {
		select {
		case <-ctx.Done():
			if w.busy {
				c.rest()
			}
			return
		case <-t.C:
		}
		metrics.Read(sample)
		allocs, live := sample[0].Value.Uint64(), sample[1].Value.Uint64()
		switch w.look(allocs-last, live, cmp.Or(s.Floor, 4<<20)) {
		case startBusy:
			limit := 2*live + cmp.Or(s.Allowance, 256<<20)
			c.busy(cmp.Or(s.BusyPercent, 200), limit)
			s.log("quiet: busy", "live_bytes", live, "limit_bytes", limit)
		case fallQuiet:
			start := time.Now()
			c.rest()
			s.log("quiet: memory returned", "live_bytes", live, "took", time.Since(start))
		}
		last = allocs
	}
}

func (s *Spell) log(msg string, args ...any) {
	if s.Log != nil {
		s.Log.Debug(msg, args...)
	}
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// change is what a look asks of the collector.
type change int

const (
	stay      change = iota
	startBusy        // a busy spell begins: spend memory to save CPU
	fallQuiet        // it ended: the default again, and memory back
)

// watch decides, one look at a time, what to change.
type watch struct {
	// dirty says the process was busy since the last trim (or has not
	// trimmed yet): there is headroom to give back.
	dirty bool
	// busy says the collector is set for a busy spell.
	busy bool
	// quiet counts the quiet looks in a row; quietLooks of them end a
	// busy spell.
	quiet, quietLooks int
}

// look takes the bytes allocated since the last look and the live heap.
// Quiet is allocating less than the floor or an eighth of the live heap,
// whichever is more: a server holding thousands of idle phones allocates
// for their pings, and that is quiet.
func (w *watch) look(allocated, live, floor uint64) change {
	if allocated >= max(floor, live/8) {
		w.dirty, w.quiet = true, 0
		if !w.busy {
			w.busy = true
			return startBusy
		}
		return stay
	}
	w.quiet++
	if !w.dirty || w.quiet < max(w.quietLooks, 1) {
		return stay
	}
	w.dirty, w.busy = false, false
	return fallQuiet
}

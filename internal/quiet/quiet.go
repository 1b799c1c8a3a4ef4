// Package quiet gives the memory a busy spell left behind back to the
// system once the server falls quiet.
//
// Go's collector lets the heap grow to twice what is live before it
// collects (GOGC=100), and keeps what it freed for the next busy spell.
// A game-night server spends most of its hours with phones connected and
// nobody moving: then that headroom is memory held for nothing, a second
// idle phone's worth for each idle phone. When an interval passes in
// which the process allocated little, Spell collects once and returns
// what is free (runtime/debug.FreeOSMemory); it does not again until the
// server has been busy in between.
package quiet

import (
	"context"
	"log/slog"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Spell watches the process's allocation and trims its memory once per
// quiet spell.
type Spell struct {
	// Every is how often it looks. Default 10s.
	Every time.Duration
	// Floor is the allocation per look below which the process counts as
	// quiet however small its heap. Default 4 MiB.
	Floor uint64
	// Log receives a line per trim, at debug level; nil: none.
	Log *slog.Logger

	trim func() // debug.FreeOSMemory; tests count instead
}

// Run looks every Every until ctx ends.
func (s *Spell) Run(ctx context.Context) {
	every := s.Every
	if every <= 0 {
		every = 10 * time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	last := sample[0].Value.Uint64()
	w := watch{dirty: true}
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		metrics.Read(sample)
		allocs, live := sample[0].Value.Uint64(), sample[1].Value.Uint64()
		if w.look(allocs-last, live, s.floor()) {
			start := time.Now()
			s.doTrim()
			if s.Log != nil {
				s.Log.Debug("quiet: memory returned", "live_bytes", live, "took", time.Since(start))
			}
		}
		last = allocs
	}
}

func (s *Spell) floor() uint64 {
	if s.Floor == 0 {
		return 4 << 20
	}
	return s.Floor
}

func (s *Spell) doTrim() {
	if s.trim != nil {
		s.trim()
		return
	}
	debug.FreeOSMemory()
}

// watch decides, one look at a time, when to trim.
type watch struct {
	// dirty says the process was busy since the last trim (or has not
	// trimmed yet): there is headroom to give back.
	dirty bool
}

// look takes the bytes allocated since the last look and the live heap,
// and says whether to trim now. Quiet is allocating less than the floor
// or an eighth of the live heap, whichever is more: a server holding
// thousands of idle phones allocates for their pings, and that is quiet.
func (w *watch) look(allocated, live, floor uint64) bool {
	if allocated >= max(floor, live/8) {
		w.dirty = true
		return false
	}
	if !w.dirty {
		return false
	}
	w.dirty = false
	return true
}

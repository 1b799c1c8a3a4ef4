package main

import (
	"os"
	"runtime"
)

// minProcs is the fewest Go processors the server runs with. On one CPU
// (a small VPS, a container limited to one, a core it is pinned to) Go
// runs one processor, and a goroutine in a long system call holds it
// until the runtime takes it back: the SQLite writer's fsync and commit
// then held up every room and socket. Under load on one core it took
// ~1,300 actions/s at the overload gauge's limit where two processors
// took ~1,800–1,900/s at the same 99th percentile (docs/benchmarks.md).
const minProcs = 2

// procsFor is how many processors to run with, given how many Go chose
// and whether the operator chose (GOMAXPROCS set): their choice stands.
func procsFor(current int, chosen bool) int {
	if chosen || current >= minProcs {
		return current
	}
	return minProcs
}

// ensureProcs raises GOMAXPROCS to minProcs where Go chose fewer, and
// returns the number in effect and whether it changed.
func ensureProcs() (int, bool) {
	_, chosen := os.LookupEnv("GOMAXPROCS")
	current := runtime.GOMAXPROCS(0)
	n := procsFor(current, chosen)
	if n == current {
		return n, false
	}
	runtime.GOMAXPROCS(n)
	return n, true
}

package main

import (
	"os"
	"runtime"
)

// minProcs is the fewest Go processors the server runs with while it runs
// late on SQLite. On one CPU (a small VPS, a container limited to one, a
// core it is pinned to) Go runs one processor, and the SQLite writer's
// commit and fsync, inside the process, held it: past ~1,300 actions/s
// the gauge turned actions away with a fifth of the core idle, where two
// processors took ~1,900/s at a lower 99th percentile. PostgreSQL's
// writes wait in the network poller, which frees the processor: there a
// second one only cost CPU (docs/benchmarks.md).
const minProcs = 2

// lendProcs is how many processors the overload gauge may run the server
// with while it runs late: minProcs on SQLite where Go chose fewer, and
// none (0) where the operator chose (GOMAXPROCS set) or more are there.
func lendProcs(current int, chosen, sqlite bool) int {
	if chosen || !sqlite || current >= minProcs {
		return 0
	}
	return minProcs
}

// procsToLend is lendProcs for this process.
func procsToLend(sqlite bool) int {
	_, chosen := os.LookupEnv("GOMAXPROCS")
	return lendProcs(runtime.GOMAXPROCS(0), chosen, sqlite)
}

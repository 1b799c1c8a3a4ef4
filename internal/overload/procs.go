package overload

import (
	"runtime"
	"time"
)

// A server on one CPU runs one Go processor, and a goroutine in a system
// call holds it until the runtime takes it back, up to milliseconds
// later: with SQLite, whose writer commits and fsyncs inside the
// process, the core sat a fifth idle while the gauge turned actions away.
// A second processor lets the rest run meanwhile, but on one core it
// costs a little at every load (its thread spins for work, and the two
// threads take turns): 2–3 ms more at the 99th percentile at 500
// actions/s. So the gauge lends one only while the server runs late, and
// takes it back once it has kept up for a while.

// calmPeriods is how long the server keeps up (periods at under a quarter
// of the target) before a lent processor is taken back: each change stops
// the world for a moment, so a server near the line must not flap.
const calmPeriods = 40

// lend adjusts the processors for one period's lateness: more while late,
// back to where they were after calmPeriods calm ones. It says whether it
// lent one this period (the server gets that period to catch up before
// the gauge sheds).
func (g *Gauge) lend(late, target time.Duration) bool {
	if g.Procs <= 0 {
		return false
	}
	set := g.setProcs
	if set == nil {
		set = runtime.GOMAXPROCS
	}
	if g.base == 0 {
		g.base = set(0)
		g.procs = g.base
	}
	switch {
	case late > target && g.procs < g.Procs:
		g.procs, g.calm = g.Procs, 0
		set(g.procs)
		return true
	case late < target/4 && g.procs > g.base:
		if g.calm++; g.calm >= calmPeriods {
			g.procs, g.calm = g.base, 0
			if g.setProcs == nil {
				// The runtime's own choice again, which follows the CPU
				// limit if it changes.
				runtime.SetDefaultGOMAXPROCS()
			} else {
				set(g.base)
			}
		}
	default:
		g.calm = 0
	}
	return false
}

package overload

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// The share refused climbs while the server runs late, never reaches all
// of them, and falls slowly once it keeps up.
func TestGauge_ShedsWhileLateAndStopsOnceCaughtUp(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name  string
		lates []time.Duration
		want  float64
	}{
		{"on time takes everything", []time.Duration{0, ms, 2 * ms}, 0},
		{"one late period is a hiccup", []time.Duration{20 * ms}, 0},
		{"two late periods refuse a tenth", []time.Duration{20 * ms, 20 * ms}, 0.10},
		{"late periods add up", []time.Duration{20 * ms, 20 * ms, 20 * ms, 20 * ms}, 0.30},
		{"hiccups apart never add up", []time.Duration{20 * ms, ms, 20 * ms, ms, 20 * ms}, 0},
		{"some always get through", repeat(40, 50*ms), maxShed},
		{"between half and the target holds", []time.Duration{20 * ms, 20 * ms, 20 * ms, 4 * ms, 3 * ms}, 0.20},
		{"on time again lowers slowly", []time.Duration{20 * ms, 20 * ms, 20 * ms, ms}, 0.18},
		{"long on time clears it", append(repeat(5, 20*ms), repeat(30, 0)...), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Gauge{Target: 5 * ms}
			for _, l := range tc.lates {
				g.Observe(l)
			}
			if got := g.Shedding(); got < tc.want-1e-6 || got > tc.want+1e-6 {
				t.Fatalf("shedding %.3f, want %.3f", got, tc.want)
			}
		})
	}
}

func repeat(n int, d time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// Admit refuses about the share the gauge sheds, and a nil gauge or a
// calm one refuses nothing.
func TestGauge_AdmitsTheRest(t *testing.T) {
	var none *Gauge
	if !none.Admit() || none.Shedding() != 0 {
		t.Fatal("a nil gauge refused")
	}
	g := &Gauge{}
	for range 1000 {
		if !g.Admit() {
			t.Fatal("a calm gauge refused")
		}
	}
	for range 6 { // the first late period is a hiccup, the next five shed half
		g.Observe(time.Second)
	}
	taken := 0
	for range 10000 {
		if g.Admit() {
			taken++
		}
	}
	if taken < 4500 || taken > 5500 {
		t.Fatalf("took %d of 10000 at shedding %.2f", taken, g.Shedding())
	}
}

func TestPercentile(t *testing.T) {
	buckets := []float64{0, 0.001, 0.010, 0.100, 1}
	for _, tc := range []struct {
		name   string
		counts []uint64
		q      float64
		want   time.Duration
	}{
		{"nothing scheduled", []uint64{0, 0, 0, 0}, 0.9, 0},
		{"all quick", []uint64{100, 0, 0, 0}, 0.9, 0},
		{"a tail under a tenth", []uint64{95, 0, 5, 0}, 0.9, 0},
		{"the tail past a tenth", []uint64{80, 0, 20, 0}, 0.9, 10 * time.Millisecond},
		{"everyone waits", []uint64{0, 0, 0, 10}, 0.9, 100 * time.Millisecond},
		// Past saturation the sockets' readers starve behind the work the
		// server wakes itself: the median cannot see them.
		{"a starved few, by the median", []uint64{97, 0, 0, 3}, 0.5, 0},
		{"a starved few, by the 99th percentile", []uint64{97, 0, 0, 3}, 0.99, 100 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var total uint64
			for _, c := range tc.counts {
				total += c
			}
			if got := percentile(tc.counts, buckets, total, tc.q); got != tc.want {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// A process whose busy goroutines outnumber its processors many times over
// is seen as late from the runtime's own measure, and the gauge starts
// refusing; once the crowd is gone it takes everything again.
func TestGauge_SeesARealCrowdAndItsEnd(t *testing.T) {
	g := &Gauge{Target: time.Millisecond, Period: 100 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go g.Run(ctx)
	stop := crowd(50 * runtime.GOMAXPROCS(0))
	defer stop()
	waitFor(t, "the gauge sheds under the crowd", func() bool { return g.Shedding() >= 0.3 })
	stop()
	waitFor(t, "the gauge takes everything once the crowd is gone", func() bool { return g.Shedding() == 0 })
}

// On one processor, a real crowd gets the server a second before the
// gauge refuses anything.
func TestGauge_LendsARealProcessor(t *testing.T) {
	was := runtime.GOMAXPROCS(1)
	t.Cleanup(func() { runtime.GOMAXPROCS(was) })
	g := &Gauge{Target: time.Millisecond, Period: 100 * time.Millisecond, Procs: 2}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go g.Run(ctx)
	defer crowd(50)()
	waitFor(t, "a second processor under the crowd", func() bool { return runtime.GOMAXPROCS(0) == 2 })
}

// The real-crowd tests look every 100 ms, not the server's 50 ms or less:
// the runtime times only one scheduling in eight, and a look counts only
// past minSamples of them, so a crowd of long bursts on one processor gave
// some machines too few samples a period, and the gauge saw no crowd at all.

// crowd starts n goroutines that work in short bursts between waits, as a
// server's goroutines do: each burst queues behind all the others. The
// returned func stops them.
func crowd(n int) (stop func()) {
	var done atomic.Bool
	for range n {
		go func() {
			x := 0
			for !done.Load() {
				for i := range 200000 {
					x += i
				}
				if x == -1 {
					return
				}
				runtime.Gosched()
			}
		}()
	}
	return func() { done.Store(true) }
}

// waitFor's bound is wide: on a machine busy with other work the crowd's
// goroutines themselves get little time, and the runtime samples only the
// schedulings that happen (10 s once ran out beside a full test run).
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not within 30 s", what)
		}
	}
}

// No more than MaxInFlight actions are taken at once; each answered one
// makes room for the next, and a nil gauge takes everything.
func TestGauge_CapsTheActionsInFlight(t *testing.T) {
	g := &Gauge{MaxInFlight: 3}
	for i := range 3 {
		if !g.Enter() {
			t.Fatalf("action %d of 3 refused", i+1)
		}
	}
	if g.Enter() {
		t.Fatal("a fourth action taken while three are in flight")
	}
	g.Leave()
	if !g.Enter() {
		t.Fatal("refused after one was answered")
	}
	var none *Gauge
	for range 10 {
		if !none.Enter() {
			t.Fatal("a nil gauge refused")
		}
		none.Leave()
	}
	open := &Gauge{}
	for range 1000 {
		if !open.Enter() {
			t.Fatal("a gauge with no cap refused while calm")
		}
	}
}

// On one processor, a late server is lent a second before anything is
// refused, and gives it back only after keeping up for a while.
func TestGauge_LendsAProcessorWhileLate(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name      string
		procs     int
		lates     []time.Duration
		wantProcs int
		wantShed  float64
		changes   int
	}{
		{"on time lends nothing", 2, repeat(10, ms), 1, 0, 0},
		{"one late period lends one", 2, []time.Duration{20 * ms}, 2, 0, 1},
		{"lending comes before refusing", 2, []time.Duration{20 * ms, 20 * ms}, 2, 0, 1},
		{"still late after it refuses too", 2, []time.Duration{20 * ms, 20 * ms, 20 * ms}, 2, 0.10, 1},
		{"kept up briefly keeps it", 2, append([]time.Duration{20 * ms}, repeat(calmPeriods-1, 0)...), 2, 0, 1},
		{"kept up long gives it back", 2, append([]time.Duration{20 * ms}, repeat(calmPeriods, 0)...), 1, 0, 2},
		{"a busy spell in between starts the count again", 2,
			append(append(append([]time.Duration{20 * ms}, repeat(calmPeriods-1, 0)...), 3*ms), repeat(calmPeriods-1, 0)...), 2, 0, 1},
		{"no lending asked, none done, refused sooner", 0, repeat(3, 20*ms), 1, 0.20, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now, changes := 1, 0
			g := &Gauge{Target: 5 * ms, Procs: tc.procs, setProcs: func(n int) int {
				old := now
				if n > 0 {
					now, changes = n, changes+1
				}
				return old
			}}
			for _, l := range tc.lates {
				g.Observe(l)
			}
			if now != tc.wantProcs || changes != tc.changes {
				t.Errorf("processors %d after %d changes, want %d after %d", now, changes, tc.wantProcs, tc.changes)
			}
			if got := g.Shedding(); got < tc.wantShed-1e-6 || got > tc.wantShed+1e-6 {
				t.Errorf("shedding %.3f, want %.3f", got, tc.wantShed)
			}
		})
	}
}

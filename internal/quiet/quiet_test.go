package quiet

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestWatch_BusySpellsAndQuietOnes(t *testing.T) {
	const floor = 4 << 20
	type look struct {
		allocated, live uint64
		want            change
	}
	tests := []struct {
		name  string
		looks []look
	}{
		{"a server quiet from the start gives memory back once", []look{{0, 10 << 20, stay}, {0, 10 << 20, fallQuiet}, {0, 10 << 20, stay}, {1 << 20, 10 << 20, stay}, {0, 0, stay}}},
		{"busy, then quiet: one change each way", []look{{50 << 20, 0, startBusy}, {80 << 20, 0, stay}, {1 << 20, 0, stay}, {1 << 20, 0, fallQuiet}, {1 << 20, 0, stay}}},
		{"a pause between two moves is not quiet", []look{{50 << 20, 0, startBusy}, {0, 0, stay}, {50 << 20, 0, stay}, {0, 0, stay}, {50 << 20, 0, stay}}},
		{"allocating just under the floor is quiet", []look{{floor - 1, 0, stay}, {floor - 1, 0, fallQuiet}}},
		{"allocating at the floor is busy", []look{{floor, 0, startBusy}, {floor, 0, stay}}},
		{"a big heap's pings are quiet", []look{{100 << 20, 0, startBusy}, {8 << 20, 80 << 20, stay}, {8 << 20, 80 << 20, fallQuiet}}},
		{"an eighth of the heap is busy", []look{{100 << 20, 0, startBusy}, {10 << 20, 80 << 20, stay}, {9 << 20, 80 << 20, stay}, {9 << 20, 80 << 20, fallQuiet}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := watch{dirty: true, quietLooks: 2}
			for i, l := range tt.looks {
				if got := w.look(l.allocated, l.live, floor); got != l.want {
					t.Fatalf("look %d (%d allocated, %d live): %v, want %v", i, l.allocated, l.live, got, l.want)
				}
			}
		})
	}
}

// record is a collector that remembers what it was told.
type record struct {
	mu      sync.Mutex
	changes []string
	limit   uint64
}

func (r *record) busy(percent int, limit uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.changes = append(r.changes, "busy")
	r.limit = limit
}

func (r *record) rest() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.changes = append(r.changes, "rest")
}

func (r *record) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.changes...)
}

// Run reads the real allocation counters: a process that starts
// allocating a lot between looks gets the busy setting, once, and the
// default back with its memory when it stops.
func TestSpell_RunFollowsTheProcess(t *testing.T) {
	rec := &record{}
	s := &Spell{Every: 50 * time.Millisecond, Floor: 256 << 10, QuietLooks: 2, Allowance: 1 << 20, collector: rec}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	waitFor(t, rec, func() bool { return len(rec.seen()) == 1 }, "the first quiet look gives memory back")
	busy := make(chan struct{})
	go func() {
		var keep [][]byte
		for {
			select {
			case <-busy:
				return
			default:
			}
			keep = append(keep, make([]byte, 64<<10))
			if len(keep) > 64 {
				keep = keep[:0]
			}
		}
	}()
	// Allocating until a look has seen it, however long a loaded machine
	// keeps this goroutine waiting: a fixed spell of it once ended before
	// any look had seen a megabyte.
	waitFor(t, rec, func() bool { return len(rec.seen()) >= 2 }, "allocating starts a busy spell")
	close(busy)
	waitFor(t, rec, func() bool { return len(rec.seen()) >= 3 }, "falling quiet gives memory back again")
	time.Sleep(200 * time.Millisecond)
	if got := rec.seen(); len(got) != 3 || got[0] != "rest" || got[1] != "busy" || got[2] != "rest" {
		t.Fatalf("changes %v, want [rest busy rest]: one busy spell, set once", got)
	}
	if rec.limit < 1<<20 {
		t.Fatalf("busy limit %d, want the allowance over twice the live heap", rec.limit)
	}
}

func waitFor(t *testing.T, rec *record, ok func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out: %s (changes %v)", what, rec.seen())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

package quiet

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func TestWatch_TrimsOncePerQuietSpell(t *testing.T) {
	const floor = 4 << 20
	type look struct {
		allocated, live uint64
		trim            bool
	}
	tests := []struct {
		name  string
		looks []look
	}{
		{"a server quiet from the start trims once", []look{{0, 10 << 20, true}, {0, 10 << 20, false}, {1 << 20, 10 << 20, false}}},
		{"busy, then quiet: trims when it falls quiet", []look{{0, 0, true}, {50 << 20, 0, false}, {80 << 20, 0, false}, {1 << 20, 0, true}, {1 << 20, 0, false}}},
		{"allocating just under the floor is quiet", []look{{floor - 1, 0, true}}},
		{"allocating at the floor is busy", []look{{floor, 0, false}, {floor, 0, false}}},
		{"a big heap's pings are quiet", []look{{0, 0, true}, {100 << 20, 0, false}, {8 << 20, 80 << 20, true}}},
		{"an eighth of the heap is busy", []look{{0, 0, true}, {100 << 20, 0, false}, {10 << 20, 80 << 20, false}, {9 << 20, 80 << 20, true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := watch{dirty: true}
			for i, l := range tt.looks {
				if got := w.look(l.allocated, l.live, floor); got != l.trim {
					t.Fatalf("look %d (%d allocated, %d live): trim %v, want %v", i, l.allocated, l.live, got, l.trim)
				}
			}
		})
	}
}

// Run reads the real allocation counters: a process that allocates a lot
// between looks is not trimmed, and one that stops is, once.
func TestSpell_RunTrimsWhenAllocationStops(t *testing.T) {
	var trims atomic.Int64
	s := &Spell{Every: 50 * time.Millisecond, Floor: 256 << 10, trim: func() { trims.Add(1) }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	waitFor(t, func() bool { return trims.Load() == 1 }, "the first quiet look trims")
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
	time.Sleep(300 * time.Millisecond) // six looks, each seeing megabytes
	if n := trims.Load(); n != 1 {
		close(busy)
		t.Fatalf("%d trims while allocating, want none after the first", n-1)
	}
	close(busy)
	waitFor(t, func() bool { return trims.Load() == 2 }, "falling quiet trims again")
	time.Sleep(200 * time.Millisecond)
	if n := trims.Load(); n != 2 {
		t.Fatalf("%d trims, want 2: a quiet spell trims once", n)
	}
}

func waitFor(t *testing.T, ok func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

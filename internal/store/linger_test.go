package store

import (
	"testing"
	"time"
)

// A batch waits longer the more appends recent batches held, never longer
// than Linger, and not at all where appends mostly come alone.
func TestLingerFor(t *testing.T) {
	const longest = 2 * time.Millisecond
	for _, c := range []struct {
		name    string
		longest time.Duration
		size    float64
		want    time.Duration
	}{
		{"appends one by one: no wait", longest, 1, 0},
		{"mostly alone: no wait", longest, 1.4, 0},
		{"pairs: a quarter", longest, 2, longest / 4},
		{"threes: half", longest, 3, longest / 2},
		{"handfuls: all of it", longest, 5, longest},
		{"more than that: still all of it", longest, 40, longest},
		{"no linger configured", 0, 40, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := lingerFor(c.longest, c.size); got != c.want {
				t.Errorf("lingerFor(%v, %v) = %v, want %v", c.longest, c.size, got, c.want)
			}
		})
	}
}

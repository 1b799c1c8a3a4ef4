package lease

import (
	"slices"
	"testing"
	"time"

	"topsecret/internal/store/pgtest"
)

func TestShares(t *testing.T) {
	tests := []struct {
		name   string
		counts map[string]int
		want   []string
	}{
		{"within its share", map[string]int{"a": 4, "b": 3}, nil},
		{"one over, one room evens it", map[string]int{"a": 5, "b": 3}, []string{"b"}},
		{"one more than the other is even", map[string]int{"a": 2, "b": 1}, nil},
		{"two over, the empty one split between them", map[string]int{"a": 10, "b": 10, "c": 0}, []string{"c"}},
		{"a quarter of a share a round", map[string]int{"a": 100, "b": 0, "c": 0}, slices.Repeat([]string{"b", "c"}, 4)},
		{"the emptiest first", map[string]int{"a": 30, "b": 20, "c": 10}, []string{"c", "c", "c", "c", "c"}},
		{"alone", map[string]int{"a": 9}, nil},
		{"nothing held", map[string]int{"a": 0, "b": 0}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shares(tt.counts, "a"); !slices.Equal(got, tt.want) {
				t.Fatalf("shares(%v) = %v, want %v", tt.counts, got, tt.want)
			}
		})
	}
}

// An instance holding every room (its neighbour restarted, as after a
// rolling deploy) hands rooms to the empty one until each holds half, and
// the empty one loads them at once: no phone has to ask for them. Rooms
// do not move on after that.
func TestKeeper_Balance_RestartedInstanceGetsItsShare(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstanceHanding(t, dsn, "http://a:1", 2*time.Second, true)
	var codes []string
	for range 6 {
		codes = append(codes, mustPlayingRoom(t, a))
	}
	b := mustInstanceHanding(t, dsn, "http://b:1", 2*time.Second, true)
	waitFor(t, "three rooms to run on b", 20*time.Second, func() bool { return len(b.rooms.Live()) == 3 })
	time.Sleep(4 * time.Second) // rounds of balance that must move nothing
	if na, nb := len(a.rooms.Live()), len(b.rooms.Live()); na != 3 || nb != 3 {
		t.Fatalf("rooms live on a and b: %d and %d, want 3 and 3", na, nb)
	}
	t.Logf("a %s runs %v, b %s runs %v", a.k.ID, a.rooms.Live(), b.k.ID, b.rooms.Live())
	for _, code := range codes {
		on := map[string]bool{a.k.ID: a.rooms.Running(code), b.k.ID: b.rooms.Running(code)}
		if h := holder(t, a, code); !on[h] || on[a.k.ID] == on[b.k.ID] {
			t.Errorf("room %s: lease held by %s, running on a %v, on b %v; want running on its holder alone",
				code, h, on[a.k.ID], on[b.k.ID])
		}
	}
}

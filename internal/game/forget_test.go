package game_test

import (
	"slices"
	"testing"

	"topsecret/internal/game"
)

// Private events (odd numbers here) never count towards what is kept, so
// a seat's own notices go only when public events push them out.
func TestForget_CountsPublicEventsOnly(t *testing.T) {
	public := func(n int) bool { return n%2 == 0 }
	tests := []struct {
		name   string
		events []int
		keep   int
		want   []int
	}{
		{"fewer than keep", []int{2, 3, 4}, 3, []int{2, 3, 4}},
		{"privates do not count", []int{1, 3, 5, 7, 2, 9, 4}, 2, []int{1, 3, 5, 7, 2, 9, 4}},
		{"the oldest public goes with what precedes it", []int{2, 3, 4, 5, 6}, 2, []int{3, 4, 5, 6}},
		{"privates after the newest public stay with it", []int{2, 4, 6, 1, 3}, 1, []int{6, 1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := game.Forget(slices.Clone(tt.events), tt.keep, public); !slices.Equal(got, tt.want) {
				t.Errorf("Forget(%v, %d) = %v, want %v", tt.events, tt.keep, got, tt.want)
			}
		})
	}
}

package game

import "testing"

// A kept view is built once and then returned until Drop; a copy of the
// match keeps its own.
func TestKept(t *testing.T) {
	var k Kept[[]int]
	builds := 0
	build := func() []int { builds++; return []int{builds} }
	if v := k.Of(build); len(v) != 1 || v[0] != 1 || builds != 1 {
		t.Fatalf("first Of: %v after %d builds", v, builds)
	}
	if v := k.Of(build); v[0] != 1 || builds != 1 {
		t.Fatalf("second Of built again: %v after %d builds", v, builds)
	}
	copied := k
	k.Drop()
	if v := k.Of(build); v[0] != 2 || builds != 2 {
		t.Fatalf("Of after Drop: %v after %d builds, want a new build", v, builds)
	}
	if v := copied.Of(build); v[0] != 1 || builds != 2 {
		t.Fatalf("dropping one match's view dropped its copy's: %v", v)
	}
}

package game

import "testing"

// A kept view is there from Keep until Drop, and only then.
func TestKept(t *testing.T) {
	var k Kept[[]int]
	if _, ok := k.Get(); ok {
		t.Fatal("a view kept before any was built")
	}
	if got := k.Keep([]int{1, 2}); len(got) != 2 {
		t.Fatalf("Keep returned %v", got)
	}
	if v, ok := k.Get(); !ok || len(v) != 2 || v[1] != 2 {
		t.Fatalf("Get after Keep: %v, %v", v, ok)
	}
	copied := k
	k.Drop()
	if _, ok := k.Get(); ok {
		t.Fatal("a view kept after Drop")
	}
	if _, ok := copied.Get(); !ok {
		t.Fatal("dropping one match's view dropped its copy's")
	}
}

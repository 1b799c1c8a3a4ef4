package server

import (
	"fmt"
	"sync"
	"testing"
)

func TestLRU_ForgetsLeastRecentlyUsed(t *testing.T) {
	c := newLRU[string, int](2)
	c.put("a", 1)
	c.put("b", 2)
	if v, ok := c.get("a"); !ok || v != 1 { // a is now the most recent
		t.Fatalf("get(a)=%d, %v, want 1, true", v, ok)
	}
	c.put("c", 3)
	if _, ok := c.get("b"); ok {
		t.Fatal("b, the least recently used, is still held")
	}
	for k, want := range map[string]int{"a": 1, "c": 3} {
		if v, ok := c.get(k); !ok || v != want {
			t.Fatalf("get(%s)=%d, %v, want %d, true", k, v, ok, want)
		}
	}
	c.put("a", 10)
	if v, _ := c.get("a"); v != 10 || c.len() != 2 {
		t.Fatalf("after replacing a: get(a)=%d len=%d, want 10 and 2", v, c.len())
	}
}

func TestLRU_ConcurrentStaysCapped(t *testing.T) {
	c := newLRU[string, string](8)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				k := fmt.Sprint(g, "-", i%20)
				c.put(k, k)
				if v, ok := c.get(k); ok && v != k {
					t.Errorf("get(%s)=%s", k, v)
				}
			}
		})
	}
	wg.Wait()
	if n := c.len(); n != 8 {
		t.Fatalf("len=%d, want the cap 8", n)
	}
}

package typeplan_test

import (
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"topsecret/internal/typeplan"
)

// count is a plan: how many values a value holds, itself included.
type count func(v reflect.Value) int

type list struct {
	Next *list
}

// A type's plan is worked out once however many ask at once, and a type
// that contains itself reaches its own plan through the waiting one.
func TestCache_WorksOutEachPlanOnceAndFollowsATypeIntoItself(t *testing.T) {
	var (
		plans typeplan.Cache[count]
		made  atomic.Int32
	)
	var planFor func(reflect.Type) count
	work := func(t reflect.Type) count {
		made.Add(1)
		if t.Kind() == reflect.Pointer {
			elem := planFor(t.Elem())
			return func(v reflect.Value) int {
				if v.IsNil() {
					return 0
				}
				return elem(v.Elem())
			}
		}
		next := planFor(t.Field(0).Type)
		return func(v reflect.Value) int { return 1 + next(v.Field(0)) }
	}
	planFor = func(t reflect.Type) count {
		return plans.For(t, work, func(real func() count) count {
			return func(v reflect.Value) int { return real()(v) }
		})
	}
	v := reflect.ValueOf(list{Next: &list{Next: &list{}}})
	var wg sync.WaitGroup
	got := make([]int, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = planFor(v.Type())(v) }()
	}
	wg.Wait()
	for _, n := range got {
		if n != 3 {
			t.Fatalf("counted %v, want 3 each time", got)
		}
	}
	if n := made.Load(); n != 2 {
		t.Fatalf("worked out %d plans, want 2 (the list and its pointer)", n)
	}
}

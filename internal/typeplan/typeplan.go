// Package typeplan keeps, for each Go type, one plan for its values worked
// out once, even for a type that contains itself.
package typeplan

import (
	"reflect"
	"sync"
)

// Cache holds the plans of one kind (P, a function over values) by type.
// Its zero value is ready; it is safe for use by many goroutines at once.
type Cache[P any] struct {
	plans sync.Map // reflect.Type → P
}

// For returns t's plan, working it out with make the first time. While it
// is being worked out, a type that contains itself (and any goroutine that
// asks meanwhile) gets wait's plan, which must call the plan the getter
// returns, and the getter waits until it is known: as encoding/json does
// for its encoders.
func (c *Cache[P]) For(t reflect.Type, make func(reflect.Type) P, wait func(real func() P) P) P {
	if p, ok := c.plans.Load(t); ok {
		return p.(P)
	}
	var (
		wg   sync.WaitGroup
		real P
	)
	wg.Add(1)
	p, loaded := c.plans.LoadOrStore(t, wait(func() P {
		wg.Wait()
		return real
	}))
	if loaded {
		return p.(P)
	}
	real = make(t)
	wg.Done()
	c.plans.Store(t, real)
	return real
}

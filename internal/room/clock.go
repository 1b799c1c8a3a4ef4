package room

import (
	"sort"
	"sync"
	"time"
)

// Clock is the room's source of time. Tests replace it so timers fire on
// command instead of after real seconds.
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) Stopper
}

// Stopper cancels a pending timer.
type Stopper interface{ Stop() bool }

// RealClock is the wall clock.
type RealClock struct{}

// Now returns the current time.
func (RealClock) Now() time.Time { return time.Now() }

// AfterFunc runs f in its own goroutine after d.
func (RealClock) AfterFunc(d time.Duration, f func()) Stopper { return time.AfterFunc(d, f) }

// ManualClock is a Clock that moves only when told to, for tests and
// simulations: timers fire on Advance, never on their own.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
}

type manualTimer struct {
	c       *ManualClock
	at      time.Time
	f       func()
	stopped bool
}

// NewManualClock starts at t.
func NewManualClock(t time.Time) *ManualClock { return &ManualClock{now: t} }

// Now returns the clock's current time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc runs f once Advance passes now+d; with d <= 0 it runs f at once
// in its own goroutine, as time.AfterFunc would.
func (c *ManualClock) AfterFunc(d time.Duration, f func()) Stopper {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &manualTimer{c: c, at: c.now.Add(d), f: f}
	if d <= 0 {
		go f()
		return t
	}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the clock forward and fires every timer now due, in deadline order.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*manualTimer
	keep := c.timers[:0]
	for _, t := range c.timers {
		switch {
		case t.stopped:
		case !t.at.After(c.now):
			due = append(due, t)
		default:
			keep = append(keep, t)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	sort.Slice(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
	for _, t := range due {
		t.f()
	}
}

// Pending reports how many timers wait to fire.
func (c *ManualClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.timers {
		if !t.stopped {
			n++
		}
	}
	return n
}

func (t *manualTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.stopped
	t.stopped = true
	return was
}

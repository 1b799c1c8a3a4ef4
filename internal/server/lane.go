package server

import "sync"

// lane runs one connection's admitted actions and notes one at a time, in
// the order they were read, on a goroutine of its own while any wait, so
// the reader goes on reading meanwhile. A connection's messages were read
// in order, each after the last was answered: past capacity the load
// tool's busy refusals waited behind the action still in flight (busy
// p99 40–90 ms for an answer the gauge gives in microseconds). A message
// the server refuses at once (busy, malformed, a spectator acting) now
// is refused at once; the rest keep their order.
type lane struct {
	mu      sync.Mutex
	waiting []func()
	running bool
	// undone counts what was queued and has not finished.
	undone sync.WaitGroup
}

// run queues do behind what the lane holds, starting the lane's goroutine
// unless it runs.
func (l *lane) run(do func()) {
	l.undone.Add(1)
	l.mu.Lock()
	l.waiting = append(l.waiting, do)
	if l.running {
		l.mu.Unlock()
		return
	}
	l.running = true
	l.mu.Unlock()
	go l.drain()
}

// drain runs what waits until nothing does, then ends.
func (l *lane) drain() {
	for {
		l.mu.Lock()
		if len(l.waiting) == 0 {
			l.running = false
			l.waiting = nil
			l.mu.Unlock()
			return
		}
		do := l.waiting[0]
		l.waiting[0] = nil
		l.waiting = l.waiting[1:]
		l.mu.Unlock()
		do()
		l.undone.Done()
	}
}

// finish waits until everything queued has run. A connection whose client
// hung up right after sending an action still plays it through, with its
// context alive, as it did when the reader itself played it; only then
// is the connection's context cancelled.
func (l *lane) finish() { l.undone.Wait() }

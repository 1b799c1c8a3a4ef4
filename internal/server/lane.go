package server

import "sync"

// lane runs one connection's admitted actions and notes one at a time, in
// the order they were read, on a goroutine of its own while any wait, so
// the reader goes on reading meanwhile: what the server refuses at once
// (busy, a malformed message, a spectator acting) is refused at once even
// while the connection's last action waits for a store that stalls. Read
// in order, each message waited for the one before it to be stored.
type lane struct {
	mu      sync.Mutex
	waiting []func()
	running bool
	// undone counts what was queued and has not finished.
	undone sync.WaitGroup
}

// laneRoom is how many messages may wait on one connection's lane; one
// more is answered busy. Unread, they waited in the socket's buffers and
// held the client back; read, they would pile up in memory for as long as
// a store stalls, twenty a second per phone. And their answers come in a
// burst once it goes on: the lane's fit in the half of the subscriber's
// queue (8 of 16) kept for answers, so none waits for room there.
const laneRoom = 4

// run queues do behind what the lane holds, starting the lane's goroutine
// unless it runs; false (do not queued) when laneRoom messages wait.
func (l *lane) run(do func()) bool {
	l.mu.Lock()
	if len(l.waiting) >= laneRoom {
		l.mu.Unlock()
		return false
	}
	l.undone.Add(1)
	l.waiting = append(l.waiting, do)
	if l.running {
		l.mu.Unlock()
		return true
	}
	l.running = true
	l.mu.Unlock()
	go l.drain()
	return true
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

package room

import (
	"context"
	"testing"
	"time"
)

// A room whose goroutine is held up past stopRoom's wait (a commit the
// store does not answer) is stopped once it is free again: left running
// out of the registry, its bots and timers would go on acting on a store
// that is closed by then.
func TestStopRoom_BusyRoomStopsWhenFree(t *testing.T) {
	r := &Room{inbox: make(chan func()), done: make(chan struct{})}
	go r.run()
	held, free := make(chan struct{}), make(chan struct{})
	go func() {
		_ = r.do(context.Background(), func() error { close(held); <-free; return nil })
	}()
	<-held

	stopRoom(r) // gives up waiting after 5 s
	if r.stopped() {
		t.Fatal("the room stopped while its goroutine was still held")
	}
	close(free)
	deadline := time.Now().Add(5 * time.Second)
	for !r.stopped() {
		if time.Now().After(deadline) {
			t.Fatal("the room runs on after it was freed: stopRoom gave up on it")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

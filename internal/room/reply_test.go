package room_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"topsecret/internal/room"
)

// A reply is never dropped: one that finds the queue full waits until the
// connection has written some, and they arrive in order.
func TestSubscriber_ReplyWaitsForRoom(t *testing.T) {
	t.Parallel()
	reg := mustRegistry(t)
	reg.Buffer = 4
	r, _ := mustRoomOf(t, reg, 0, `{}`)
	sub, err := r.Subscribe(context.Background(), room.Identity{}, jsonFrames)
	if err != nil {
		t.Fatal(err)
	}
	<-sub.Messages() // the first frame
	const replies = 3 * 4
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range replies {
			sub.Reply(context.Background(), []byte(strconv.Itoa(i)))
		}
	}()
	for i := range replies {
		var msg []byte
		select {
		case msg = <-sub.Messages():
		case <-done: // what the replier queued must all be there
			select {
			case msg = <-sub.Messages():
			default:
				t.Fatalf("reply %d of %d was dropped", i, replies)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("reply %d never came", i)
		}
		if string(msg) != strconv.Itoa(i) {
			t.Fatalf("reply %d is %q", i, msg)
		}
	}
}

// A reply waiting for room gives up once the connection closes: its
// context ends, or the room drops the subscriber.
func TestSubscriber_ReplyGivesUpWhenClosing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		close func(r *room.Room, sub *room.Subscriber, cancel context.CancelFunc)
	}{
		{"ContextEnds", func(_ *room.Room, _ *room.Subscriber, cancel context.CancelFunc) { cancel() }},
		{"Unsubscribed", func(r *room.Room, sub *room.Subscriber, _ context.CancelFunc) { r.Unsubscribe(sub) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			reg := mustRegistry(t)
			reg.Buffer = 2
			r, _ := mustRoomOf(t, reg, 0, `{}`)
			sub, err := r.Subscribe(context.Background(), room.Identity{}, jsonFrames)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			sub.Reply(ctx, []byte("fills the queue behind the first frame"))
			done := make(chan struct{})
			go func() {
				defer close(done)
				sub.Reply(ctx, []byte("waits"))
			}()
			tc.close(r, sub, cancel)
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("Reply still waits after the connection closed")
			}
		})
	}
}

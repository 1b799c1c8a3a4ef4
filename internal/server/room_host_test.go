package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// "Make host": the new host's phone gets host powers with its seat token
// alone, and the old host's token loses them.
func TestServer_HostPass(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	bob := e.dial(c.Code, "view=json&token="+js[1].Token)
	if st := e.do("POST", "/api/rooms/"+c.Code+"/host?token="+js[1].Token, "", map[string]string{"seat_id": js[1].SeatID}, nil); st != http.StatusForbidden {
		t.Fatalf("pass by a guest: status %d, want 403", st)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/host", c.HostToken, map[string]string{"seat_id": js[1].SeatID}, nil); st != http.StatusOK {
		t.Fatalf("pass: status %d", st)
	}
	bob.until(func(f frame) bool { return f.Type == "view" && f.Host && f.HostSeat == js[1].SeatID })
	if st := e.do("POST", "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusForbidden {
		t.Fatalf("start with the old host token: status %d, want 403", st)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/host/back", c.HostToken, nil, nil); st != http.StatusForbidden {
		t.Fatalf("take back a role passed on purpose: status %d, want 403", st)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/start?token="+js[1].Token, "", nil, nil); st != http.StatusOK {
		t.Fatalf("start by the new host: status %d", st)
	}
}

// The host's phone is away for three minutes: the role passes to a
// connected player, and the old host takes it back with one call.
func TestServer_HostAway(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	host := e.dial(c.Code, "view=json&host="+c.HostToken)
	if !host.last.Host {
		t.Fatal("the creator's first frame is not the host's")
	}
	ann := e.dial(c.Code, "view=json&token="+js[0].Token)
	host.c.CloseNow()
	// The host's unsubscribe reaches the room after the close; the clock
	// steps a minute at a time until Ann's frames say she hosts.
	hosting := make(chan struct{})
	go func() {
		defer close(hosting)
		for {
			_, b, err := ann.c.Read(context.Background())
			if err != nil {
				return
			}
			var f frame
			if json.Unmarshal(b, &f) == nil && f.Host {
				return
			}
		}
	}()
	deadline := time.After(10 * time.Second)
	for passed := false; !passed; {
		e.Clock.Advance(time.Minute)
		select {
		case <-hosting:
			passed = true
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatal("the role did not pass")
		}
	}
	back := e.dial(c.Code, "view=json&host="+c.HostToken)
	if back.last.Host || !back.last.HostBack {
		t.Fatalf("the old host's frame: host %v, host_back %v", back.last.Host, back.last.HostBack)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/host/back", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("take host back: status %d", st)
	}
	back.until(func(f frame) bool { return f.Type == "view" && f.Host && !f.HostBack })
}

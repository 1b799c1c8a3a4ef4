package server_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/server"
	"topsecret/internal/store"
)

// readingStore counts the reads that finding a room costs: the store
// underneath is the real one.
type readingStore struct {
	store.Store
	reads atomic.Int64
}

func (s *readingStore) Room(ctx context.Context, code string) (store.Room, error) {
	s.reads.Add(1)
	return s.Store.Room(ctx, code)
}

func (s *readingStore) Seats(ctx context.Context, code string) ([]store.Seat, error) {
	s.reads.Add(1)
	return s.Store.Seats(ctx, code)
}

func (s *readingStore) Matches(ctx context.Context, code string) ([]store.Match, error) {
	s.reads.Add(1)
	return s.Store.Matches(ctx, code)
}

// madeUp is the i-th of some well-formed room codes no test room has.
func madeUp(i int) string {
	const letters = "ACDEFGHJKMNPQRTWXY34679"
	n := len(letters)
	return "XXX" + string(letters[i/n/n%n]) + string(letters[i/n%n]) + string(letters[i%n])
}

// guess spends an address's unknown-code allowance of three on made-up
// codes, then tries n more, which must all be refused.
func (e *env) guess(n int) {
	e.t.Helper()
	e.Srv.Doorman.Misses = server.Allowance{PerMinute: 0.001, Burst: 3}
	for i := range 3 + n {
		want := map[bool]int{true: http.StatusNotFound, false: http.StatusTooManyRequests}[i < 3]
		if st := e.do("GET", "/api/rooms/"+madeUp(i), "", nil, nil); st != want {
			e.t.Fatalf("made-up code %d: status %d, want %d", i+1, st, want)
		}
	}
}

// One guesser behind a shared address (a café's router, a carrier's NAT)
// spends that address's unknown codes, not everyone's access: a room known
// to exist stays open to everyone there.
func TestRoomCodes_GuesserDoesNotLockOutNeighbours(t *testing.T) {
	t.Parallel()
	t.Run("a room running here", func(t *testing.T) {
		e := mustStart(t)
		c, _ := e.mustRoom(map[string]any{}, "Ann")
		e.guess(2)
		for _, path := range []string{"/api/rooms/" + c.Code, "/r/" + c.Code} {
			if st := e.do("GET", path, "", nil, nil); st != http.StatusOK {
				t.Fatalf("the neighbour's GET %s: status %d, want 200", path, st)
			}
		}
		if st, _ := e.post("/api/rooms/"+c.Code+"/seats", `{"name":"Bob"}`, map[string]string{"Content-Type": "application/json"}); st != http.StatusCreated {
			t.Fatalf("the neighbour joins: status %d, want 201", st)
		}
	})
	t.Run("a room found here lately, since put away", func(t *testing.T) {
		e := mustStart(t)
		c, _ := e.mustRoom(map[string]any{}, "Ann")
		e.Rooms.IdleAfter = time.Minute
		e.Clock.Advance(2 * time.Minute)
		e.Rooms.Sweep()
		if e.Rooms.Running(c.Code) {
			t.Fatal("the idle room still runs")
		}
		e.guess(2)
		if st := e.do("GET", "/api/rooms/"+c.Code, "", nil, nil); st != http.StatusOK {
			t.Fatalf("the neighbour: status %d, want 200", st)
		}
	})
}

// A refused guess costs the store nothing, and one within the allowance
// one look-up: the code is looked up once, before the router, and its 404
// answered there.
func TestRoomCodes_RefusedGuessesCostNoLookUp(t *testing.T) {
	t.Parallel()
	counting := &readingStore{}
	e := mustStartOn(t, filepath.Join(t.TempDir(), "topsecret.db"), room.NewManualClock(epoch),
		func(db store.Store) store.Store { counting.Store = db; return counting })
	e.Srv.Doorman.Misses = server.Allowance{PerMinute: 0.001, Burst: 3}
	before := counting.reads.Load()
	if st := e.do("GET", "/api/rooms/"+madeUp(100), "", nil, nil); st != http.StatusNotFound {
		t.Fatalf("a made-up code: status %d, want 404", st)
	}
	if n := counting.reads.Load() - before; n != 1 {
		t.Fatalf("a made-up code cost %d reads, want 1", n)
	}
	for i := range 2 {
		if st := e.do("GET", "/api/rooms/"+madeUp(101+i), "", nil, nil); st != http.StatusNotFound {
			t.Fatalf("made-up code %d: status %d, want 404", i+2, st)
		}
	}
	before = counting.reads.Load()
	for i := range 20 {
		for _, path := range []string{"/api/rooms/%s", "/r/%s", "/r/%s/history", "/r/%s/ws"} {
			if st := e.do("GET", fmt.Sprintf(path, madeUp(200+i)), "", nil, nil); st != http.StatusTooManyRequests {
				t.Fatalf("GET %s: status %d, want 429", fmt.Sprintf(path, madeUp(200+i)), st)
			}
		}
	}
	if n := counting.reads.Load() - before; n != 0 {
		t.Fatalf("80 refused guesses cost %d reads, want none", n)
	}
}

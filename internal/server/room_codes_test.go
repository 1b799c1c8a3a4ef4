package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
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

// getWith fetches path with headers, for its status, body and cookies.
func (e *env) getWith(path string, headers map[string]string) (int, string, []*http.Cookie) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Cookies()
}

// stampFor opens room code's page as a first-time visitor does and returns
// the arrival stamp it is given.
func (e *env) stampFor(code string) string {
	e.t.Helper()
	_, _, cookies := e.getWith("/r/"+code, nil)
	for _, k := range cookies {
		if k.Name == "ts_came_"+code {
			return k.Value
		}
	}
	e.t.Fatalf("no arrival stamp for %s", code)
	return ""
}

// One guesser behind a shared address (a café's router, a carrier's NAT)
// spends that address's unknown codes, not its neighbours' rooms: whoever
// shows it has been in a room gets in, whether the room runs here, was put
// away meanwhile, or was only just made.
func TestRoomCodes_GuesserDoesNotLockOutNeighbours(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	away, _ := e.mustRoom(map[string]any{}, "Ann")
	awayStamp := e.stampFor(away.Code)
	e.Rooms.IdleAfter = time.Minute
	e.Clock.Advance(2 * time.Minute)
	e.Rooms.Sweep()
	running, seats := e.mustRoom(map[string]any{}, "Bob")
	stamp := e.stampFor(running.Code)
	var made created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": "wink"}, &made); st != http.StatusCreated {
		t.Fatalf("create: status %d", st)
	}
	if e.Rooms.Running(away.Code) || !e.Rooms.Running(running.Code) || e.Rooms.Running(made.Code) {
		t.Fatal("want one room put away, one running and one not yet opened")
	}
	e.guess(2)
	for _, tt := range []struct {
		name, path string
		headers    map[string]string
	}{
		{"a seat's token", "/api/rooms/" + running.Code + "?token=" + seats[0].Token, nil},
		{"a seat's cookie", "/r/" + running.Code, map[string]string{"Cookie": "ts_seat_" + running.Code + "=" + seats[0].Token}},
		{"the host's token", "/api/rooms/" + running.Code, map[string]string{"Authorization": "Bearer " + running.HostToken}},
		{"the room's arrival stamp", "/r/" + running.Code, map[string]string{"Cookie": "ts_came_" + running.Code + "=" + stamp}},
		{"the host's cookie, room put away", "/r/" + away.Code, map[string]string{"Cookie": "ts_host_" + away.Code + "=" + away.HostToken}},
		{"the arrival stamp, room put away", "/r/" + away.Code, map[string]string{"Cookie": "ts_came_" + away.Code + "=" + awayStamp}},
		{"the host's cookie, room just made", "/r/" + made.Code, map[string]string{"Cookie": "ts_host_" + made.Code + "=" + made.HostToken}},
	} {
		if st, _, _ := e.getWith(tt.path, tt.headers); st != http.StatusOK {
			t.Fatalf("the neighbour with %s: GET %s: status %d, want 200", tt.name, tt.path, st)
		}
	}
	if st, _ := e.post("/api/rooms/"+running.Code+"/seats", `{"name":"Cy"}`, map[string]string{"Content-Type": "application/json",
		"Origin": e.Server.URL, "Cookie": "ts_came_" + running.Code + "=" + stamp}); st != http.StatusCreated {
		t.Fatalf("the neighbour with the stamp joins: status %d, want 201", st)
	}
}

// An address out of unknown codes learns nothing from its guesses: a room
// running here, a room put away and a code of no room get the same answer,
// with no credential or a made-up one. Answering the running room, as
// this did for anyone once the room was known here, told a guesser which
// of thousands of codes was a room, as fast as it could ask.
func TestRoomCodes_SpentGuesserLearnsNothing(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	idle, _ := e.mustRoom(map[string]any{}, "Ann")
	e.Rooms.IdleAfter = time.Minute
	e.Clock.Advance(2 * time.Minute)
	e.Rooms.Sweep()
	running, _ := e.mustRoom(map[string]any{}, "Bob")
	if e.Rooms.Running(idle.Code) || !e.Rooms.Running(running.Code) {
		t.Fatal("want one room put away and one running")
	}
	e.guess(2)
	answer := func(code string, headers map[string]string) string {
		st, body, _ := e.getWith("/api/rooms/"+code+"?token=0123456789abcdef0123456789abcdef", headers)
		return fmt.Sprint(st, " ", body)
	}
	for _, headers := range []map[string]string{
		nil,
		{"Authorization": "Bearer 0123456789abcdef0123456789abcdef"},
		{"Cookie": "ts_came_%s=kq9z.AAAAAAAAAAAAAAAAAAAAAA; ts_seat_%s=0123456789abcdef0123456789abcdef; ts_host_%s=x"},
	} {
		with := func(code string) map[string]string {
			if headers["Cookie"] == "" {
				return headers
			}
			return map[string]string{"Cookie": strings.ReplaceAll(headers["Cookie"], "%s", code)}
		}
		want := answer(madeUp(50), with(madeUp(50)))
		if !strings.HasPrefix(want, "429 ") {
			t.Fatalf("a made-up code: %s, want 429", want)
		}
		for _, code := range []string{running.Code, idle.Code} {
			if got := answer(code, with(code)); got != want {
				t.Fatalf("room %s with %v: %s, want the made-up code's %s", code, headers, got, want)
			}
		}
	}
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

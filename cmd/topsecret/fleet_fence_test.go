package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"topsecret/internal/store"
	"topsecret/internal/store/pgtest"
)

// An instance that lost a room's lease (another took it after it expired,
// while this one had not yet noticed) is refused every seat, host and
// option change, every match start and every end (an action appended to the
// log): the request fails with 503, the
// stored room is as it was, and the instance drops the room at once.
func TestFleet_InstanceWithoutTheLeaseCannotChangeTheRoom(t *testing.T) {
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	dsn := pgtest.DSN(t)
	m := NewMain()
	m.Config.Addr = "127.0.0.1:0"
	m.Config.DatabaseURL = dsn
	m.Config.NoLimits = true
	// A long lease: its keeper renews it rarely, so this instance still
	// believes it owns the room when the request comes.
	m.Config.LeaseTTL = time.Minute
	m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	db := openCheckStore(t, dsn)
	base := m.URL()

	tests := []struct {
		name string
		// playing: the room's match is started before the lease moves.
		playing bool
		// call is the change, by the room's host (token) on a room whose
		// two phones hold seats ids[0] and ids[1], with two bots.
		call func(code, host string, ids []string) (path, token, body string)
	}{
		{"join", false, func(code, _ string, _ []string) (string, string, string) {
			return "/api/rooms/" + code + "/seats", "", `{"name":"Late"}`
		}},
		{"bot", false, func(code, host string, _ []string) (string, string, string) {
			return "/api/rooms/" + code + "/seats", host, `{"bot":true}`
		}},
		{"leave", false, func(code, host string, ids []string) (string, string, string) {
			return "/api/rooms/" + code + "/seats/" + ids[1] + "/kick", host, ""
		}},
		{"replace", true, func(code, host string, ids []string) (string, string, string) {
			return "/api/rooms/" + code + "/seats/" + ids[1] + "/bot", host, ""
		}},
		{"host pass", false, func(code, host string, ids []string) (string, string, string) {
			return "/api/rooms/" + code + "/host", host, `{"seat_id":"` + ids[1] + `"}`
		}},
		{"options", false, func(code, host string, _ []string) (string, string, string) {
			return "/api/rooms/" + code + "/options", host, `{"mode":"remote","agentCardsRemovedPerPlayer":2}`
		}},
		{"start", false, func(code, host string, _ []string) (string, string, string) {
			return "/api/rooms/" + code + "/start", host, ""
		}},
		{"end", true, func(code, host string, _ []string) (string, string, string) {
			return "/api/rooms/" + code + "/end", host, ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var room struct {
				Code      string `json:"code"`
				HostToken string `json:"host_token"`
			}
			fleetCall(t, base, "/api/rooms", "", `{"game":"wink","options":{"mode":"remote"}}`, &room)
			var ids []string
			for i := range 2 {
				var seat struct {
					ID string `json:"seat_id"`
				}
				fleetCall(t, base, "/api/rooms/"+room.Code+"/seats", "", fmt.Sprintf(`{"name":"Phone %d"}`, i+1), &seat)
				ids = append(ids, seat.ID)
			}
			for range 2 {
				fleetCall(t, base, "/api/rooms/"+room.Code+"/seats", room.HostToken, `{"bot":true}`, nil)
			}
			if tt.playing {
				fleetCall(t, base, "/api/rooms/"+room.Code+"/start", room.HostToken, "", nil)
			}
			if !slices.Contains(m.Rooms.Live(), room.Code) {
				t.Fatalf("room %s not live on the instance", room.Code)
			}
			before := roomAsStored(t, db, room.Code)

			// Another instance takes the lease, as after a lapse.
			if _, err := conn.Exec(t.Context(), `UPDATE room_leases SET instance = 'other', expires_at = now() + interval '1 minute'
				WHERE room_code = $1`, room.Code); err != nil {
				t.Fatal(err)
			}
			path, token, body := tt.call(room.Code, room.HostToken, ids)
			req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("%s without the lease: %d, want 503", tt.name, resp.StatusCode)
			}
			if d := cmp.Diff(before, roomAsStored(t, db, room.Code)); d != "" {
				t.Errorf("%s without the lease changed the stored room (-before +after):\n%s", tt.name, d)
			}
			for deadline := time.Now().Add(5 * time.Second); slices.Contains(m.Rooms.Live(), room.Code); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("room %s still live on the instance that lost it", room.Code)
				}
			}
		})
	}
}

// storedRoom is everything a seat, host or option change, a start or an
// end writes.
type storedRoom struct {
	Room    store.Room
	Seats   []store.Seat
	Matches int
	Actions int
	Status  []string
}

func roomAsStored(t *testing.T, db interface {
	Room(context.Context, string) (store.Room, error)
	Seats(context.Context, string) ([]store.Seat, error)
	Matches(context.Context, string) ([]store.Match, error)
	Actions(context.Context, string) ([]store.ActionRecord, error)
}, code string) storedRoom {
	t.Helper()
	r, err := db.Room(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := db.Seats(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := db.Matches(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	sr := storedRoom{Room: r, Seats: seats, Matches: len(ms)}
	for _, m := range ms {
		recs, err := db.Actions(t.Context(), m.ID)
		if err != nil {
			t.Fatal(err)
		}
		sr.Actions += len(recs)
		sr.Status = append(sr.Status, m.Status)
	}
	return sr
}

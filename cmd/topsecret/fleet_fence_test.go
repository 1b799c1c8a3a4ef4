package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
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
// while this one had not yet noticed) is refused every change of the room:
// its seats (a join, a bot, a kick, a move, a sit-out, a bot replacing a
// player or the player taking the seat back, a seat's link made or used),
// its host, options, game, bots and night, every match start, rematch and
// end (an action appended to the log). The request fails with 503, the
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
		// before is how far the room went before its lease moves.
		before fencedStage
		// call is the change, on a room whose two phones hold seats
		// f.ids[0] and f.ids[1], with two bots.
		call func(f fencedRoom) (path, token, body string)
	}{
		{"join", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats", "", `{"name":"Late"}`
		}},
		{"bot", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats", f.host, `{"bot":true}`
		}},
		{"leave", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats/" + f.ids[1] + "/kick", f.host, ""
		}},
		{"move", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats/" + f.ids[1] + "/move", f.host, `{"to":0}`
		}},
		{"sit out", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats/" + f.ids[1] + "/sit-out", f.host, `{"out":true}`
		}},
		{"replace", fencePlaying, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats/" + f.ids[1] + "/bot", f.host, ""
		}},
		{"take the seat back", fenceReplaced, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats/" + f.ids[1] + "/back?token=" + url.QueryEscape(f.tokens[1]), "", ""
		}},
		{"link", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/seats/" + f.ids[1] + "/link", f.host, ""
		}},
		{"claim by link", fenceLinked, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/claim", "", `{"pass":"` + f.pass + `"}`
		}},
		{"host pass", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/host", f.host, `{"seat_id":"` + f.ids[1] + `"}`
		}},
		{"options", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/options", f.host, `{"mode":"remote","agentCardsRemovedPerPlayer":2}`
		}},
		{"bot strength", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/bots", f.host, `{"strength":"sharp"}`
		}},
		{"game", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/game", f.host, `{"game":"vault"}`
		}},
		{"start", fenceInLobby, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/start", f.host, ""
		}},
		{"end", fencePlaying, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/end", f.host, ""
		}},
		{"rematch", fenceFinished, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/rematch", f.host, ""
		}},
		{"night close", fenceFinished, func(f fencedRoom) (string, string, string) {
			return "/api/rooms/" + f.code + "/night", f.host, `{"closed":true}`
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustFencedRoom(t, base, tt.before)
			if !slices.Contains(m.Rooms.Live(), f.code) {
				t.Fatalf("room %s not live on the instance", f.code)
			}
			before := roomAsStored(t, db, conn, f.code)

			// Another instance takes the lease, as after a lapse.
			if _, err := conn.Exec(t.Context(), `UPDATE room_leases SET instance = 'other', expires_at = now() + interval '1 minute'
				WHERE room_code = $1`, f.code); err != nil {
				t.Fatal(err)
			}
			path, token, body := tt.call(f)
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
			if d := cmp.Diff(before, roomAsStored(t, db, conn, f.code)); d != "" {
				t.Errorf("%s without the lease changed the stored room (-before +after):\n%s", tt.name, d)
			}
			for deadline := time.Now().Add(5 * time.Second); slices.Contains(m.Rooms.Live(), f.code); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("room %s still live on the instance that lost it", f.code)
				}
			}
		})
	}
}

// fencedStage is how far a fence test's room goes before its lease moves.
type fencedStage int

const (
	fenceInLobby  fencedStage = iota
	fencePlaying              // its match started
	fenceReplaced             // its match started, and a bot plays the second phone's seat
	fenceFinished             // its match ended
	fenceLinked               // in the lobby, the host made the second seat a link
)

// fencedRoom is a fence test's wink room: two phones' seats (ids, tokens)
// and two bots; pass is the second seat's link secret once linked.
type fencedRoom struct {
	code, host  string
	ids, tokens []string
	pass        string
}

func mustFencedRoom(t *testing.T, base string, stage fencedStage) fencedRoom {
	t.Helper()
	var room struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	fleetCall(t, base, "/api/rooms", "", `{"game":"wink","options":{"mode":"remote"}}`, &room)
	f := fencedRoom{code: room.Code, host: room.HostToken}
	for i := range 2 {
		var seat struct {
			ID    string `json:"seat_id"`
			Token string `json:"token"`
		}
		fleetCall(t, base, "/api/rooms/"+f.code+"/seats", "", fmt.Sprintf(`{"name":"Phone %d"}`, i+1), &seat)
		f.ids, f.tokens = append(f.ids, seat.ID), append(f.tokens, seat.Token)
	}
	for range 2 {
		fleetCall(t, base, "/api/rooms/"+f.code+"/seats", f.host, `{"bot":true}`, nil)
	}
	api := "/api/rooms/" + f.code
	switch stage {
	case fencePlaying, fenceReplaced, fenceFinished:
		fleetCall(t, base, api+"/start", f.host, "", nil)
	case fenceLinked:
		var link struct {
			URL string `json:"url"`
		}
		fleetCall(t, base, api+"/seats/"+f.ids[1]+"/link", f.host, "", &link)
		_, f.pass, _ = strings.Cut(link.URL, "/pass/")
		if f.pass == "" {
			t.Fatalf("link %q holds no secret", link.URL)
		}
	}
	switch stage {
	case fenceReplaced:
		fleetCall(t, base, api+"/seats/"+f.ids[1]+"/bot", f.host, "", nil)
	case fenceFinished:
		fleetCall(t, base, api+"/end", f.host, "", nil)
	}
	return f
}

// storedRoom is everything a change of the room writes.
type storedRoom struct {
	Room    store.Room
	Seats   []store.Seat
	Passes  []string // each seat link's seat, hash, expiry and use
	Matches int
	Actions int
	Status  []string
}

func roomAsStored(t *testing.T, db interface {
	Room(context.Context, string) (store.Room, error)
	Seats(context.Context, string) ([]store.Seat, error)
	Matches(context.Context, string) ([]store.Match, error)
	Actions(context.Context, string) ([]store.ActionRecord, error)
}, conn *pgx.Conn, code string) storedRoom {
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
	rows, _ := conn.Query(t.Context(), `SELECT concat_ws(' ', seat_id, hash, expires_at, used_at) FROM seat_passes
		WHERE room_code = $1 ORDER BY seat_id`, code)
	passes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	sr := storedRoom{Room: r, Seats: seats, Passes: passes, Matches: len(ms)}
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

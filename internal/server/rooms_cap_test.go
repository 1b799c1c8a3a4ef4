package server_test

import (
	"net/http"
	"testing"
)

// A server running as many rooms as --max-rooms allows refuses to create
// another, and to open one that is not running, in the reader's words:
// 503 "full", not a bare error or a room its host cannot open.
func TestRooms_PastTheCapRefusedInWords(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	open, _ := e.mustRoom(tableOpts)
	asleep, _ := e.mustRoom(tableOpts)
	e.Rooms.MaxRooms = 1
	if st := e.do("GET", "/api/rooms/"+open.Code, "", nil, nil); st != http.StatusOK {
		t.Fatalf("opening the first room: %d", st)
	}
	for _, tt := range []struct{ name, method, path, body string }{
		{"create", "POST", "/api/rooms", `{"game":"wink"}`},
		{"open", "GET", "/api/rooms/" + asleep.Code, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, fr := e.ask(t, "fr-FR,fr;q=0.9", tt.method, tt.path, "application/json", "", tt.body)
			_, en := e.ask(t, "en", tt.method, tt.path, "application/json", "", tt.body)
			if status != http.StatusServiceUnavailable || fr.Code != "full" || en.Code != "full" {
				t.Fatalf("%d %q, want 503 full (%q)", status, fr.Code, fr.Message)
			}
			if want := french("game.page.error.full"); fr.Message != want {
				t.Fatalf("French reads %q, want %q", fr.Message, want)
			}
			if en.Message != "This server is running as many rooms as it can: try again in a few minutes." {
				t.Fatalf("English reads %q", en.Message)
			}
		})
	}
	if st := e.do("GET", "/api/rooms/"+open.Code, "", nil, nil); st != http.StatusOK {
		t.Fatalf("the running room while full: %d, want 200", st)
	}
}

package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// The host sets the room's bot strength in the lobby: guests cannot, a
// strength that does not exist is refused and changes nothing, the room
// reports it, the host's lobby checks it and a guest reads it once a bot sits.
func TestServer_RoomBots(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(nil, "Ann")
	path := "/api/rooms/" + c.Code + "/bots"
	for _, tc := range []struct {
		name, token, strength string
		want                  int
	}{
		{"OK", c.HostToken, "sharp", http.StatusOK},
		{"ErrForbidden", "", "beginner", http.StatusForbidden},
		{"ErrUnknown", c.HostToken, "grandmaster", http.StatusBadRequest},
		{"ErrEmpty", c.HostToken, "", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if st := e.do("POST", path, tc.token, map[string]string{"strength": tc.strength}, nil); st != tc.want {
				t.Fatalf("status %d, want %d", st, tc.want)
			}
			var got struct {
				BotStrength string `json:"bot_strength"`
			}
			if st := e.do("GET", "/api/rooms/"+c.Code, "", nil, &got); st != http.StatusOK || got.BotStrength != "sharp" {
				t.Fatalf("room: status %d, bot_strength %q, want sharp", st, got.BotStrength)
			}
		})
	}
	if _, page := e.get("/r/"+c.Code+"?host="+c.HostToken, "text/html"); !strings.Contains(page, `value="sharp" checked`) {
		t.Fatal("the host's lobby does not check Sharp")
	}
	if _, page := e.get("/r/"+c.Code, "text/html"); strings.Contains(page, "bot-strength") {
		t.Fatal("a guest reads the bot strength while no bot sits")
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]bool{"bot": true}, nil); st != http.StatusCreated && st != http.StatusOK {
		t.Fatalf("add bot: status %d", st)
	}
	if _, page := e.get("/r/"+c.Code, "text/html"); !strings.Contains(page, "Bots play as Sharp.") {
		t.Fatal("a guest does not read the bot strength")
	}
}

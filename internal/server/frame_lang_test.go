package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Viewers alike in all but language (two spectators, one seat's two
// phones) share a frame's content, never its wording: each connection
// gets its own language's words, in HTML and in JSON.
func TestRoomSocket_AlikeViewersInTwoLanguagesEachGetTheirOwnWords(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	for _, tt := range []struct {
		name  string
		query string
	}{
		{"SpectatorsHTML", ""},
		{"SpectatorsJSON", "view=json"},
		{"OneSeatsPhonesHTML", "token=" + seats[1].Token},
		{"OneSeatsPhonesJSON", "view=json&token=" + seats[1].Token},
	} {
		t.Run(tt.name, func(t *testing.T) {
			german := e.dialWith(t, c.Code, tt.query, http.Header{"Accept-Language": {"de"}})
			english := e.dialWith(t, c.Code, tt.query, http.Header{"Accept-Language": {"en"}})
			if strings.Contains(tt.query, "view=json") {
				// A lobby's JSON words only the game's description, which
				// a connection's first frame alone carries.
				if german.gameName == english.gameName || german.gameName == "" {
					t.Fatalf("German and English first frames name the game %q and %q", german.gameName, english.gameName)
				}
				return
			}
			// A join changes every viewer's content: both are sent a new frame.
			e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil)
			de, en := content(t, german), content(t, english)
			if de == en {
				t.Fatalf("German and English connections got the same frame:\n%.400s", de)
			}
		})
	}
}

// content reads the next message and returns it without the fields every
// frame changes (version, now, actions).
func content(t *testing.T, cl *client) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := cl.c.Read(ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("decode %.200s: %v", b, err)
	}
	if m["type"] != "view" {
		t.Fatalf("got %.200s, want a view", b)
	}
	delete(m, "version")
	delete(m, "now")
	delete(m, "actions")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

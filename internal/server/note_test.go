package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// A seat's notes are stored, come back after a reconnect and a restart,
// and reach no other seat.
func TestRoomSocket_NotesArePrivateAndDurable(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	tom := e.dial(c.Code, "view=json&token="+seats[1].Token)

	tests := []struct {
		name, msg, code string
	}{
		{"not an object", `{"type":"note","id":"n1","note":[1,2]}`, "refused"},
		{"missing", `{"type":"note","id":"n2"}`, "refused"},
		{"too large", `{"type":"note","id":"n3","note":{"x":"` + strings.Repeat("a", 21000) + `"}}`, "too_large"},
	}
	for _, tt := range tests {
		julia.send(tt.msg)
		if r := julia.until(func(f frame) bool { return f.Type == "error" || f.Type == "ok" }); r.Type != "error" || r.Code != tt.code {
			t.Errorf("%s: reply %s %q, want error %q", tt.name, r.Type, r.Code, tt.code)
		}
	}
	watcher := e.dial(c.Code, "view=json")
	watcher.send(`{"type":"note","id":"w","note":{"a":1}}`)
	if r := watcher.until(func(f frame) bool { return f.Type == "error" }); r.Code != "not_seated" {
		t.Fatalf("spectator note: %q", r.Code)
	}

	julia.send(`{"type":"note","id":"n4","note":{"suspect":"Tom"}}`)
	f := julia.until(func(f frame) bool { return f.Type == "view" && len(f.Note) > 0 })
	if string(f.Note) != `{"suspect":"Tom"}` {
		t.Fatalf("julia's frame note %s", f.Note)
	}
	julia.until(func(f frame) bool { return f.Type == "ok" && f.ID == "n4" })
	if strings.Contains(string(tom.last.Note), "suspect") {
		t.Fatal("tom received julia's note")
	}

	e2 := e.restart()
	julia = e2.dial(c.Code, "view=json&token="+seats[0].Token)
	var note map[string]string
	if err := json.Unmarshal(julia.last.Note, &note); err != nil || note["suspect"] != "Tom" {
		t.Fatalf("after restart julia's note is %s", julia.last.Note)
	}
	tom = e2.dial(c.Code, "view=json&token="+seats[1].Token)
	if len(tom.last.Note) != 0 {
		t.Fatalf("tom sees a note %s", tom.last.Note)
	}
}

package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The host shows a finished match to the room: every connection's frame
// carries the cursor, the live page shows the banner, and stop ends it.
func TestRoomWatch(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, id := e.mustFinishedMatch()
	phone := e.dial(c.Code, "view=json")
	html := e.dial(c.Code, "")
	path := "/api/rooms/" + c.Code + "/watch"

	if st := e.do("POST", path, "", map[string]any{"match_id": id, "step": 3}, nil); st != http.StatusForbidden {
		t.Fatalf("watch without the host token: %d, want 403", st)
	}
	if st := e.do("POST", path, c.HostToken, map[string]any{"match_id": "00000000-0000-0000-0000-000000000000"}, nil); st != http.StatusNotFound {
		t.Fatalf("watch of an unknown match: %d, want 404", st)
	}
	if st := e.do("POST", path, c.HostToken, map[string]any{"match_id": id, "step": 3, "as": "table"}, nil); st != http.StatusOK {
		t.Fatalf("watch: %d", st)
	}
	w := nextWatch(t, phone, func(w *watchJSON) bool { return w != nil && w.Step == 3 })
	if w.MatchID != id || w.Steps < 4 || w.Number != 1 || len(w.SeatIDs) != 4 {
		t.Fatalf("watch = %+v", w)
	}
	html.until(func(f frame) bool { return f.Type == "view" && strings.Contains(f.HTML, `data-testid="watch-banner"`) })
	if st := e.do("POST", path, c.HostToken, map[string]any{"match_id": id, "step": 99999}, nil); st != http.StatusOK {
		t.Fatalf("move: %d", st)
	}
	nextWatch(t, phone, func(w *watchJSON) bool { return w != nil && w.Step == w.Steps-1 })
	if st := e.do("POST", path, c.HostToken, map[string]any{"stop": true}, nil); st != http.StatusOK {
		t.Fatalf("stop: %d", st)
	}
	nextWatch(t, phone, func(w *watchJSON) bool { return w == nil })
}

type watchJSON struct {
	MatchID string   `json:"match_id"`
	Number  int      `json:"number"`
	Step    int      `json:"step"`
	Steps   int      `json:"steps"`
	SeatIDs []string `json:"seat_ids"`
}

// nextWatch reads view frames until one's watch cursor satisfies ok.
func nextWatch(t *testing.T, cl *client, ok func(*watchJSON) bool) *watchJSON {
	t.Helper()
	for i := 0; i < 100; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, b, err := cl.c.Read(ctx)
		cancel()
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m struct {
			Type  string     `json:"type"`
			Watch *watchJSON `json:"watch"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type == "view" && ok(m.Watch) {
			return m.Watch
		}
	}
	t.Fatal("no matching watch cursor in 100 frames")
	return nil
}

// TestRoomWatch_RefusesUnfinished: a match in progress cannot be shown.
func TestRoomWatch_RefusesUnfinished(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(tableOpts, fourPlayers...)
	id := e.mustStartMatch(c)
	if st := e.do("POST", "/api/rooms/"+c.Code+"/watch", c.HostToken, map[string]any{"match_id": id}, nil); st != http.StatusConflict {
		t.Fatalf("watch of a match in progress: %d, want 409", st)
	}
}

// The table screen is the room's: its banner tells it to open the replay
// by itself, with the host's eyes and at the host's step, while a phone's
// banner only offers it; the replay opened so is the screen's, without
// controls.
func TestRoomWatch_TableScreenFollows(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, id := e.mustFinishedMatch()
	table := e.dial(c.Code, "table=1")
	phone := e.dial(c.Code, "")
	if st := e.do("POST", "/api/rooms/"+c.Code+"/watch", c.HostToken, map[string]any{"match_id": id, "step": 3, "as": "all"}, nil); st != http.StatusOK {
		t.Fatalf("watch: %d", st)
	}
	want := `data-follow="/m/` + id + `?as=all&amp;follow=1&amp;screen=table&amp;room=` + c.Code + `#3"`
	table.until(func(f frame) bool { return f.Type == "view" && strings.Contains(f.HTML, want) })
	f := phone.until(func(f frame) bool { return f.Type == "view" && strings.Contains(f.HTML, `data-testid="watch-banner"`) })
	if strings.Contains(f.HTML, "data-follow") {
		t.Fatal("a phone's banner would take the phone away by itself")
	}
	_, page := e.get("/m/"+id+"?as=all&follow=1&screen=table", "")
	if !strings.Contains(page, `data-screen="table"`) || !strings.Contains(page, "on-screen") {
		t.Fatalf("the replay opened by the table screen is not the screen's:\n%.400s", page)
	}
	_, page = e.get("/m/"+id, "")
	if strings.Contains(page, `data-screen=`) {
		t.Fatal("a replay opened by hand is the screen's")
	}
}

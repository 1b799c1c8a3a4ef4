package server_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/web/layout"
)

// mustFinishedMatch seats four bots in a short remote match and lets the
// clock run until it ends.
func (e *env) mustFinishedMatch() (created, string) {
	e.t.Helper()
	var c created
	e.do("POST", "/api/rooms", "", map[string]any{"game": "wink", "options": map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4}}, &c)
	for i := 0; i < 4; i++ {
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil); st != http.StatusCreated {
			e.t.Fatalf("bot %d: %d", i, st)
		}
	}
	id := e.mustStartMatch(c)
	deadline := time.Now().Add(60 * time.Second)
	for {
		m, err := e.Store.Match(context.Background(), id)
		if err != nil {
			e.t.Fatal(err)
		}
		if m.Status == "finished" {
			return c, id
		}
		if time.Now().After(deadline) {
			e.t.Fatal("bot match did not finish")
		}
		e.Clock.Advance(500 * time.Millisecond)
		time.Sleep(2 * time.Millisecond)
	}
}

// get fetches path with an Accept header and returns status and body.
func (e *env) get(path, accept string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

const jsonAccept = "application/json"

// replayRoutes are every route that shows a match or its room's history.
func replayRoutes(code, id string) []struct{ path, accept string } {
	return []struct{ path, accept string }{
		{"/m/" + id, ""},
		{"/m/" + id, jsonAccept},
		{"/m/" + id + "?as=0", ""},
		{"/m/" + id + "/step/1", ""},
		{"/m/" + id + "/step/1?as=0", ""},
		{"/m/" + id + "/step/1?as=all", jsonAccept},
		{"/m/" + id + "/step/1?as=0", jsonAccept},
		{"/api/matches/" + id, ""},
		{"/r/" + code + "/history", ""},
		{"/m/" + id + "/history", ""},
	}
}

// While a match is played, no replay, history or API route shows anything
// hidden of it: not the seed, not the log, not seat 0's hand.
func TestReplay_UnfinishedRevealsNothing(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "remote", "startPlayer": 0}, "Marie", "Julia", "Jan", "Tom")
	id := e.mustStartMatch(c)
	marie := e.dial(c.Code, "view=json&token="+seats[0].Token)
	if r := marie.act("t1", "take_cards", nil); r.Type != "ok" {
		t.Fatalf("take_cards: %+v", r)
	}
	f := marie.last
	if !strings.Contains(string(f.View), `"agent":{`) {
		f = marie.until(func(f frame) bool { return f.Type == "view" && strings.Contains(string(f.View), `"agent":{`) })
	}
	var hand struct {
		Agent    struct{ Colour string } `json:"agent"`
		Location struct{ Code string }   `json:"location"`
	}
	if err := json.Unmarshal(f.View, &hand); err != nil || hand.Agent.Colour == "" || hand.Location.Code == "" {
		t.Fatalf("seat 0 view has no hand: %s", f.View)
	}
	m, err := e.Store.Match(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	secrets := []string{
		hex.EncodeToString(m.Setup.Seed[:]),             // the seed
		`"agent":{"colour":"` + hand.Agent.Colour + `"`, // seat 0's agent card, as its own view shows it
		`"location":{"code":"` + hand.Location.Code + `"`,
		"take_cards",                                          // the log
		`data-testid="wink-seat"`, `data-testid="wink-table"`, // any board at all
		`"view"`, `"actions"`,
	}
	for _, rt := range replayRoutes(c.Code, id) {
		status, body := e.get(rt.path, rt.accept)
		if status == http.StatusOK && !strings.Contains(rt.path, "/history") && !strings.HasPrefix(rt.path, "/api/") {
			t.Errorf("GET %s (%s): status 200 for a match in progress", rt.path, rt.accept)
		}
		for _, s := range secrets {
			if strings.Contains(body, s) {
				t.Errorf("GET %s (%s) reveals %q:\n%.400s", rt.path, rt.accept, s, body)
			}
		}
		if strings.Contains(rt.path, "/history") && strings.Contains(body, `href="/m/`+id+`"`) {
			t.Errorf("history links the match in progress")
		}
	}
	if _, body := e.get("/m/"+id, ""); !strings.Contains(body, `data-testid="replay-pending"`) {
		t.Errorf("replay page of a match in progress: no friendly notice:\n%.400s", body)
	}
}

// A finished match is public to anyone with the link: every route answers
// and the omniscient perspective shows the hidden cards.
func TestReplay_FinishedIsPublic(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, id := e.mustFinishedMatch()
	m, err := e.Store.Match(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	seed := hex.EncodeToString(m.Setup.Seed[:])
	for _, rt := range replayRoutes(c.Code, id) {
		status, body := e.get(rt.path, rt.accept)
		if status != http.StatusOK {
			t.Errorf("GET %s (%s): status %d\n%.300s", rt.path, rt.accept, status, body)
		}
		if strings.Contains(rt.path, "/history") && !strings.Contains(body, `href="/m/`+id+`"`) {
			t.Errorf("history does not link the finished match")
		}
	}
	if _, body := e.get("/m/"+id, jsonAccept); !strings.Contains(body, seed) {
		t.Errorf("replay JSON lacks the seed")
	}
	_, all := e.get("/m/"+id+"/step/1?as=all", jsonAccept)
	if !strings.Contains(all, `"reveal"`) || !strings.Contains(all, `"agent_deck":[`) {
		t.Errorf("omniscient step lacks the hidden decks: %.400s", all)
	}
	_, table := e.get("/m/"+id+"/step/1?as=table", jsonAccept)
	if strings.Contains(table, `"reveal"`) {
		t.Errorf("table perspective shows the reveal mid-match: %.400s", table)
	}
	_, html := e.get("/m/"+id+"/step/1?as=all", "")
	if !strings.Contains(html, `data-testid="replay-secrets"`) {
		t.Errorf("omniscient fragment lacks the secret files")
	}
	// A step answers legal as a live frame does: a list, never null.
	for _, as := range []string{"all", "table", "0"} {
		_, step := e.get("/m/"+id+"/step/1?as="+as, jsonAccept)
		var got struct {
			Legal []json.RawMessage `json:"legal"`
			Text  string            `json:"text"`
		}
		if err := json.Unmarshal([]byte(step), &got); err != nil || got.Legal == nil || got.Text == "" {
			t.Errorf("step as %s: legal %v, text %q (%v): %.300s", as, got.Legal, got.Text, err, step)
		}
	}
}

func TestReplay_Page(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, id := e.mustFinishedMatch()
	status, body := e.get("/m/"+id+"?as=2", "")
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	for _, testid := range []string{"replay", "replay-slider", "replay-play", "replay-back", "replay-forward",
		"replay-start", "replay-end", "replay-prev-turn", "replay-next-turn", "replay-speed", "replay-jump",
		"replay-share", "replay-perspective", "as-all", "as-table", "as-0", "as-3", "replay-step", "step-text",
		"board", "wink-seat", "replay-players", "replay-history-link"} {
		if !strings.Contains(body, `data-testid="`+testid+`"`) {
			t.Errorf("replay page lacks data-testid=%q", testid)
		}
	}
	// Once: replay.js run twice steps twice per key and opens "More"
	// only to shut it.
	if !strings.Contains(body, `src="`+layout.Replay.Script+`"`) || strings.Count(body, "<script") != 1 {
		t.Errorf("replay page loads %d scripts, want the replay's one", strings.Count(body, "<script"))
	}
	var rec struct {
		Steps  int   `json:"steps"`
		Turns  []int `json:"turns"`
		Record struct {
			ActionCount int `json:"action_count"`
		} `json:"record"`
	}
	_, js := e.get("/m/"+id, jsonAccept)
	if err := json.Unmarshal([]byte(js), &rec); err != nil || rec.Steps != rec.Record.ActionCount+1 || len(rec.Turns) == 0 {
		t.Fatalf("replay JSON = %+v (%v)", rec, err)
	}
	tests := []struct {
		name, path, accept string
		status             int
	}{
		{"OK step", "/m/" + id + "/step/3?as=1", "", http.StatusOK},
		{"OK beyond the end is the end", "/m/" + id + "/step/99999", jsonAccept, http.StatusOK},
		{"ErrBadPerspective", "/m/" + id + "/step/3?as=7", "", http.StatusBadRequest},
		{"ErrBadStep", "/m/" + id + "/step/x", jsonAccept, http.StatusBadRequest},
		{"ErrUnknownMatch", "/m/00000000-0000-0000-0000-000000000000", "", http.StatusNotFound},
		{"ErrUnknownMatchJSON", "/m/00000000-0000-0000-0000-000000000000/step/1", jsonAccept, http.StatusNotFound},
		{"ErrNotAnID", "/m/nonsense", "", http.StatusNotFound},
		{"ErrUnknownRoom", "/r/AAAAAA/history", "", http.StatusNotFound},
		{"OK history", "/r/" + strings.ToLower(c.Code) + "/history", "", http.StatusOK},
	}
	for _, tt := range tests {
		if status, body := e.get(tt.path, tt.accept); status != tt.status {
			t.Errorf("%s: GET %s: status %d, want %d\n%.300s", tt.name, tt.path, status, tt.status, body)
		}
	}
	var last struct {
		Step  int             `json:"step"`
		Steps int             `json:"steps"`
		View  json.RawMessage `json:"view"`
	}
	_, js = e.get("/m/"+id+"/step/99999?as=1", jsonAccept)
	if err := json.Unmarshal([]byte(js), &last); err != nil || last.Step != last.Steps-1 {
		t.Fatalf("last step = %+v (%v)", last, err)
	}
	if got, want := compact(t, last.View), e.replayView(id, game.SeatViewer(1)); got != want {
		t.Fatalf("seat 1's last step:\n got %s\nwant %s", got, want)
	}
}

func TestReplay_History(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	// Bots play match 2 and may finish it before the page is read: then
	// the room plays another, until one is read while it is played.
	var c created
	var first, playing, body string
	for try := 0; ; try++ {
		if try == 5 {
			t.Fatal("the bots finished every rematch before the history was read")
		}
		c, first = e.mustFinishedMatch()
		var out struct {
			MatchID string `json:"match_id"`
		}
		if st := e.do("POST", "/api/rooms/"+c.Code+"/rematch", c.HostToken, nil, &out); st != http.StatusOK {
			t.Fatalf("rematch: %d", st)
		}
		_, body = e.get("/r/"+c.Code+"/history", "")
		m, err := e.Store.Match(context.Background(), out.MatchID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != "finished" {
			playing = out.MatchID
			break
		}
	}
	if !strings.Contains(body, `data-testid="history-playing"`) || strings.Contains(body, "/m/"+playing) {
		t.Fatalf("history while match 2 is played: %.600s", body)
	}
	if !strings.Contains(body, "/m/"+first) || !strings.Contains(body, `data-testid="standings"`) {
		t.Fatalf("history lacks match 1 or the standings")
	}
	if strings.Index(body, `history-match-1`) < 0 || strings.Contains(body, `history-match-2`) {
		t.Fatalf("history rows wrong")
	}
}

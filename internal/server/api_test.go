package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"topsecret/internal/server"
)

func TestAPI_Games(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	var gs []struct {
		Slug       string `json:"slug"`
		Name       string `json:"name"`
		MinPlayers int    `json:"min_players"`
		MaxPlayers int    `json:"max_players"`
		Available  bool   `json:"available"`
	}
	if st := e.do("GET", "/api/games", "", nil, &gs); st != http.StatusOK {
		t.Fatalf("status %d", st)
	}
	if len(gs) != len(shelvedGames()) {
		t.Fatalf("%d games, want the shelf's %d", len(gs), len(shelvedGames()))
	}
	if gs[0].Slug != "wink" || !gs[0].Available || gs[0].MinPlayers != 4 || gs[0].MaxPlayers != 8 {
		t.Fatalf("wink = %+v", gs[0])
	}
}

func TestAPI_CreateRoom(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	tests := []struct {
		name   string
		body   string
		status int
	}{
		{"OK defaults", `{"game":"wink"}`, http.StatusCreated},
		{"OK remote", `{"game":"wink","options":{"mode":"remote"}}`, http.StatusCreated},
		{"ErrUnknownOption", `{"game":"wink","options":{"colour":"red"}}`, http.StatusBadRequest},
		{"ErrInvalidOption", `{"game":"wink","options":{"mode":"underwater"}}`, http.StatusBadRequest},
		{"ErrUnknownGame", `{"game":"chess"}`, http.StatusBadRequest},
		{"ErrNoGame", `{}`, http.StatusBadRequest},
		{"ErrMalformed", `{"game":`, http.StatusBadRequest},
		{"ErrUnknownField", `{"game":"wink","players":4}`, http.StatusBadRequest},
		{"ErrTooLarge", `{"game":"wink","options":{"x":"` + strings.Repeat("a", 20000) + `"}}`, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		resp, err := http.Post(e.Server.URL+"/api/rooms", "application/json", strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d (%v)", tt.name, resp.StatusCode, tt.status, out)
			continue
		}
		if tt.status == http.StatusCreated {
			code, _ := out["code"].(string)
			if len(code) != 6 || !strings.HasSuffix(out["url"].(string), "/r/"+code) || out["host_token"] == "" {
				t.Errorf("%s: answer %v", tt.name, out)
			}
		} else if out["message"] == nil || out["code"] == nil {
			t.Errorf("%s: error body %v lacks code or message", tt.name, out)
		}
	}
}

func TestAPI_LobbyAndStart(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, "Julia", "Tom", "Jan")
	base := "/api/rooms/" + c.Code
	// A join answers the seat the room lists the player at, so a client
	// that trusts it acts on its own seat.
	for i, s := range seats {
		if s.Seat != i {
			t.Fatalf("%s joined as seat %d, want %d", s.Name, s.Seat, i)
		}
	}

	if st := e.do("POST", base+"/start", c.HostToken, nil, nil); st != http.StatusConflict {
		t.Fatalf("start with 3 players: status %d, want 409", st)
	}
	if st := e.do("POST", base+"/seats", "", map[string]any{"bot": true}, nil); st != http.StatusForbidden {
		t.Fatalf("bot without host token: status %d, want 403", st)
	}
	if st := e.do("POST", base+"/seats", "", map[string]any{"name": "julia"}, nil); st != http.StatusConflict {
		t.Fatalf("duplicate name: status %d, want 409", st)
	}
	if st := e.do("POST", base+"/seats", "", map[string]any{"name": "   "}, nil); st != http.StatusConflict {
		t.Fatalf("blank name: status %d, want 409", st)
	}
	var bot joined
	if st := e.do("POST", base+"/seats", c.HostToken, map[string]any{"bot": true}, &bot); st != http.StatusCreated || !bot.Bot || bot.Seat != 3 {
		t.Fatalf("add bot: status %d, %+v, want seat 3", st, bot)
	}
	if st := e.do("POST", base+"/seats/"+bot.SeatID+"/move", c.HostToken, map[string]any{"to": 0}, nil); st != http.StatusOK {
		t.Fatalf("move: status %d", st)
	}
	if st := e.do("POST", base+"/seats/"+seats[2].SeatID+"/kick", "", nil, nil); st != http.StatusForbidden {
		t.Fatalf("kick without host: status %d", st)
	}
	var room struct {
		Seats []struct {
			Name     string `json:"name"`
			Position int    `json:"position"`
		} `json:"seats"`
		Match struct {
			Status string `json:"status"`
		} `json:"match"`
	}
	e.do("GET", base, "", nil, &room)
	if room.Seats[0].Name != bot.Name || room.Seats[1].Name != "Julia" || room.Match.Status != "lobby" {
		t.Fatalf("room = %+v", room)
	}
	id := e.mustStartMatch(c)
	if st := e.do("POST", base+"/seats", "", map[string]any{"name": "Late"}, nil); st != http.StatusConflict {
		t.Fatalf("join after start: status %d, want 409", st)
	}
	if st := e.do("POST", base+"/start", c.HostToken, nil, nil); st != http.StatusConflict {
		t.Fatalf("second start: status %d, want 409", st)
	}
	e.do("GET", base, "", nil, &room)
	if room.Match.Status != "playing" {
		t.Fatalf("match status %q", room.Match.Status)
	}

	// A live match's record hides the seed and the log.
	var rec map[string]any
	if st := e.do("GET", "/api/matches/"+id, "", nil, &rec); st != http.StatusOK {
		t.Fatalf("match record: status %d", st)
	}
	if _, ok := rec["setup"]; ok {
		t.Fatalf("unfinished match record reveals its setup: %v", rec)
	}
	if _, ok := rec["actions"]; ok {
		t.Fatalf("unfinished match record reveals its log: %v", rec)
	}
}

func TestAPI_NotFound(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	for _, p := range []string{"/api/rooms/AAAAAA", "/api/rooms/nonsense!", "/api/matches/00000000-0000-0000-0000-000000000000", "/api/matches/xyz"} {
		var out map[string]any
		if st := e.do("GET", p, "", nil, &out); st != http.StatusNotFound || out["code"] != "not_found" {
			t.Errorf("GET %s: %d %v, want 404 not_found", p, st, out)
		}
	}
	resp, err := http.Get(e.Server.URL + "/r/AAAAAA")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("room page of unknown room: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestAPI_Health(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	if st := e.do("GET", "/healthz", "", nil, nil); st != http.StatusOK {
		t.Fatalf("healthz: %d", st)
	}
}

// A bot-only match runs to its end on its own, and its finished record then
// carries everything needed to replay it.
func TestAPI_FinishedMatchRecord(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	var c created
	e.do("POST", "/api/rooms", "", map[string]any{"game": "wink", "options": map[string]any{"mode": "remote", "agentCardsRemovedPerPlayer": 4}}, &c)
	for i := 0; i < 4; i++ {
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil); st != http.StatusCreated {
			t.Fatalf("bot %d: %d", i, st)
		}
	}
	id := e.mustStartMatch(c)
	deadline := time.Now().Add(60 * time.Second)
	for {
		m, err := e.Store.Match(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == "finished" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("bot match did not finish")
		}
		e.Clock.Advance(500 * time.Millisecond)
		time.Sleep(2 * time.Millisecond)
	}
	var rec struct {
		Setup *struct {
			Seed string `json:"seed"`
		} `json:"setup"`
		Actions []struct {
			Type string `json:"type"`
			At   int64  `json:"at"`
		} `json:"actions"`
		Result *struct {
			Winners []int `json:"winners"`
			Summary struct {
				ID string `json:"id"`
			} `json:"summary"`
		} `json:"result"`
		SummaryText string `json:"summary_text"`
	}
	e.do("GET", "/api/matches/"+id, "", nil, &rec)
	if rec.Setup == nil || len(rec.Setup.Seed) != 64 || len(rec.Actions) == 0 || rec.Result == nil || len(rec.Result.Winners) == 0 {
		t.Fatalf("finished record incomplete: %+v", rec)
	}
	// The stored summary is language-neutral; the answer words it with names.
	if rec.Result.Summary.ID == "" || rec.SummaryText == "" || strings.ContainsAny(rec.SummaryText, "{}") || strings.Contains(rec.SummaryText, rec.Result.Summary.ID) {
		t.Fatalf("summary %q worded %q", rec.Result.Summary.ID, rec.SummaryText)
	}
	var room struct {
		Standings []struct {
			SeatID string `json:"seat_id"`
			Played int    `json:"played"`
			Leader bool   `json:"leader"`
		} `json:"standings"`
		Series *struct {
			Target        int      `json:"target"`
			Unit          string   `json:"unit"`
			Leaders       []string `json:"leaders"`
			Champions     []string `json:"champions"`
			Over          bool     `json:"over"`
			NewSeriesNext bool     `json:"new_series_next"`
		} `json:"series"`
	}
	e.do("GET", "/api/rooms/"+c.Code, "", nil, &room)
	if len(room.Standings) != 4 || room.Standings[0].Played != 1 {
		t.Fatalf("standings after one match: %+v", room.Standings)
	}
	// Wink's series is open-ended: it counts wins and never ends.
	s := room.Series
	if s == nil || s.Target != 0 || s.Unit != "wins" || s.Over || s.NewSeriesNext || s.Champions == nil {
		t.Fatalf("series after one match: %+v", s)
	}
	var leaders []string
	for _, st := range room.Standings {
		if st.Leader {
			leaders = append(leaders, st.SeatID)
		}
	}
	if diff := cmp.Diff(leaders, s.Leaders); len(leaders) == 0 || diff != "" {
		t.Fatalf("series leaders differ from the standings' (-standings +series):\n%s", diff)
	}
}

// An empty body is an empty request, not malformed JSON: the handler says
// what is missing.
func TestAPI_EmptyBody(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	var out struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	resp, err := http.Post(e.Server.URL+"/api/rooms", "application/json", strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	_ = json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(out.Message, "“game” is missing") {
		t.Fatalf("empty body: %d %+v, want 400 asking for the game", resp.StatusCode, out)
	}
}

// The router is built by New: a fresh server serves concurrent first
// requests without building it again (the race detector watches).
func TestServer_ServeHTTPConcurrently(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	srv := server.New(everyGame, e.Rooms, e.Store, quietLog())
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, httptest.NewRequest("GET", "/healthz", nil))
			if w.Code != http.StatusOK {
				t.Errorf("healthz: %d", w.Code)
			}
		})
	}
	wg.Wait()
}

package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/uuid"

	"topsecret/internal/store"
)

// mustCopyMatch stores match id, played elsewhere, as room code's next
// match, its seats played by the room's first seats: a night of several
// games in one room, built from real logs, so its replays verify.
func (e *env) mustCopyMatch(code, id string) string {
	e.t.Helper()
	ctx := context.Background()
	m, err := e.Store.Match(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	log, err := e.Store.Actions(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	seats, err := e.Store.Seats(ctx, code)
	if err != nil {
		e.t.Fatal(err)
	}
	ms, err := e.Store.Matches(ctx, code)
	if err != nil {
		e.t.Fatal(err)
	}
	c := m
	c.ID, c.RoomCode, c.Number, c.Status, c.Result, c.FinishedAt = uuid.NewString(), code, len(ms)+1, store.StatusPlaying, nil, nil
	for i := range c.Seats {
		c.Seats[i] = store.MatchSeat{SeatID: seats[i].ID, Name: seats[i].Name, Bot: seats[i].Bot}
	}
	if err := e.Store.CreateMatch(ctx, c); err != nil {
		e.t.Fatal(err)
	}
	for _, rec := range log {
		rec.MatchID, rec.ClientID = c.ID, ""
		if err := e.Store.AppendAction(ctx, rec); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := e.Store.FinishMatch(ctx, c.ID, *m.Result, *m.FinishedAt); err != nil {
		e.t.Fatal(err)
	}
	return c.ID
}

// nightRoom is a vault room of three bots whose night was an embassy
// match two of them played, a couriers match and a vault deal, copied in
// from bot matches played elsewhere (its own game last: a room of one game
// shows its last match's end). It returns the server, restarted on the
// same store so the room reads its night, the room and the matches' ids.
func (e *env) nightRoom() (*env, created, []string) {
	e.t.Helper()
	var c created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": "vault"}, &c); st != http.StatusCreated {
		e.t.Fatalf("create room: %d", st)
	}
	for range 3 {
		e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil)
	}
	ids := []string{e.mustCopyMatch(c.Code, e.mustBotMatch("embassy", 2)), e.mustCopyMatch(c.Code, e.mustBotMatch("couriers", 3)),
		e.mustCopyMatch(c.Code, e.mustBotMatch("vault", 3))}
	return e.restart(), c, ids
}

// The recap lists every match of the night whatever its game, ranks the
// players over them, draws the chart and tells the highlights, for anyone
// holding the room's code; a stranger with a made-up code gets nothing.
func TestRecap_MixedNight(t *testing.T) {
	t.Parallel()
	e, c, ids := mustStart(t).nightRoom()

	status, body := e.get("/r/"+c.Code+"/recap", "")
	if status != http.StatusOK {
		t.Fatalf("recap: status %d", status)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		if doc.Find(`a[href="/m/`+id+`"]`).Length() != 1 {
			t.Errorf("match %d (%s) has no replay link on the recap", i+1, id)
		}
	}
	if n := doc.Find(`[data-testid^="night-line-"]`).Length(); n != 3 {
		t.Errorf("night table has %d lines, want 3", n)
	}
	if doc.Find(`svg[data-testid="night-chart"] polyline`).Length() != 3 {
		t.Errorf("chart has %d lines, want 3", doc.Find(`svg[data-testid="night-chart"] polyline`).Length())
	}
	if desc := doc.Find(`svg[data-testid="night-chart"] desc`).Text(); !strings.Contains(desc, "After match 3") {
		t.Errorf("the chart's words are %q", desc)
	}
	for _, game := range []string{"Vault", "Embassy", "Couriers"} {
		if !strings.Contains(doc.Find(`[data-testid="recap-matches"]`).Text(), game) {
			t.Errorf("the recap's matches do not name %s", game)
		}
	}
	if strings.Contains(body, "no value") {
		t.Errorf("a highlight misses an argument: %q", doc.Find(`[data-testid="recap-highlights"]`).Text())
	}
	if doc.Find(`[data-testid^="recap-highlight-"]`).Length() < 2 {
		t.Errorf("recap highlights: %q", doc.Find(`[data-testid="recap-highlights"]`).Text())
	}

	// The night goes home with the room's people only (the night file's
	// rule): someone with just the code reads the recap without the link.
	if doc.Find(`[data-testid="recap-download"]`).Length() != 0 {
		t.Error("a reader with only the room's code is offered the night's file")
	}
	if _, hostBody := e.get("/r/"+c.Code+"/recap?host="+c.HostToken, ""); !strings.Contains(hostBody, `href="/r/`+c.Code+`/night.html"`) {
		t.Error("the host's recap offers no download of the night")
	}

	status, body = e.get("/r/"+c.Code+"/recap?lang=de", "")
	if status != http.StatusOK || !strings.Contains(body, "Abendtabelle") || strings.Contains(body, "Night table") {
		t.Fatalf("the German recap (status %d) is not in German", status)
	}

	for _, path := range []string{"/r/ZZZZZZ/recap", "/api/rooms/ZZZZZZ/night"} {
		if status, body := e.get(path, ""); status != http.StatusNotFound || strings.Contains(body, "night-table") {
			t.Errorf("a stranger's %s: status %d", path, status)
		}
	}
}

// The night's JSON form: every match with its game, places and totals,
// the table, and the highlights worded in the reader's language.
func TestRecap_JSON(t *testing.T) {
	t.Parallel()
	e, c, ids := mustStart(t).nightRoom()
	var out struct {
		Code    string
		Closed  bool
		Players []struct {
			SeatID string `json:"seat_id"`
			Name   string
		}
		Table []struct {
			Player, Rank, Played int
			Points               float64
		}
		Matches []struct {
			ID, Game string
			Counted  bool
			Players  []int
			Earned   []float64
			After    []float64
		}
		Highlights []struct {
			Kind, Text string
			Match      int
		}
	}
	if st := e.do("GET", "/api/rooms/"+c.Code+"/night", "", nil, &out); st != http.StatusOK {
		t.Fatalf("night: status %d", st)
	}
	if len(out.Matches) != 3 || out.Matches[0].Game != "embassy" || len(out.Matches[0].Players) != 2 {
		t.Fatalf("matches %+v", out.Matches)
	}
	total := 0.0
	for i, m := range out.Matches {
		if m.ID != ids[i] || !m.Counted {
			t.Errorf("match %d is %+v", i, m)
		}
		for _, p := range m.Earned {
			total += p
		}
	}
	// 3 players hand out 3 points, 2 players 1: every pair shares one.
	if total != 3+1+3 {
		t.Errorf("the night handed out %v points, want 7", total)
	}
	sum := 0.0
	for _, p := range out.Table {
		sum += p.Points
	}
	if sum != total || len(out.Table) != 3 {
		t.Errorf("table %+v adds up to %v, want %v", out.Table, sum, total)
	}
	kinds := map[string]string{}
	for _, h := range out.Highlights {
		kinds[h.Kind] = h.Text
	}
	for kind, text := range kinds {
		if text == "" || strings.Contains(text, "no value") {
			t.Errorf("highlight %s reads %q", kind, text)
		}
	}
	// The games' own feats come from their replays (game.Highlighter).
	for _, kind := range []string{"vault.biggest_deal", "embassy.fastest_win"} {
		if kinds[kind] == "" || strings.Contains(kinds[kind], "no value") {
			t.Errorf("highlight %s reads %q; all: %v", kind, kinds[kind], kinds)
		}
	}
}

// Only the host closes the night. Another seat and a watcher holding the
// room's code are refused and change nothing; the host's close shows on
// every screen and in the JSON, a bad body changes nothing, and playing
// on opens it again.
func TestRecap_CloseNight(t *testing.T) {
	t.Parallel()
	e, c, _ := mustStart(t).nightRoom()
	var eve joined
	var refusal map[string]any
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": "Eve"}, &refusal); st != http.StatusCreated {
		t.Fatalf("Eve joins: %d %v", st, refusal)
	}
	closed := func() bool {
		var out struct{ Closed bool }
		e.do("GET", "/api/rooms/"+c.Code+"/night", "", nil, &out)
		return out.Closed
	}
	for _, tc := range []struct {
		name, token string
		body        any
		want        int
	}{
		{"a seat", eve.Token, map[string]any{"closed": true}, http.StatusForbidden},
		{"a watcher", "", map[string]any{"closed": true}, http.StatusForbidden},
		{"the host without a word", c.HostToken, map[string]any{}, http.StatusBadRequest},
		{"the host with a number", c.HostToken, map[string]any{"closed": 1}, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if st := e.do("POST", "/api/rooms/"+c.Code+"/night", tc.token, tc.body, nil); st != tc.want {
				t.Fatalf("status %d, want %d", st, tc.want)
			}
			if closed() {
				t.Fatal("the night closed")
			}
		})
	}

	table := e.dial(c.Code, "view=html&table=1")
	if st := e.do("POST", "/api/rooms/"+c.Code+"/night", c.HostToken, map[string]any{"closed": true}, nil); st != http.StatusOK {
		t.Fatalf("the host closes the night: %d", st)
	}
	if !closed() {
		t.Fatal("the JSON says the night is open")
	}
	table.until(func(f frame) bool { return strings.Contains(f.HTML, `data-testid="night-over"`) })

	if st := e.do("POST", "/api/rooms/"+c.Code+"/night", eve.Token, map[string]any{"closed": false}, nil); st != http.StatusForbidden {
		t.Fatalf("Eve opens the night: %d", st)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("the host plays on: %d", st)
	}
	if closed() {
		t.Fatal("a new match left the night closed")
	}
}

// mustFinish lets the clock run until match id has ended.
func (e *env) mustFinish(id string) {
	e.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		m, err := e.Store.Match(context.Background(), id)
		if err != nil {
			e.t.Fatal(err)
		}
		if m.Status == store.StatusFinished {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("match %s did not finish", id)
		}
		e.Clock.Advance(time.Second)
		time.Sleep(time.Millisecond)
	}
}

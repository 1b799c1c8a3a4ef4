package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// postRaw sends body as it is and returns the status and the refusal's
// message id and words.
func (e *env) postRaw(path, token, body string) (status int, msgID, message string) {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.Server.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out struct {
		Message string `json:"message"`
		Msg     struct {
			ID string `json:"id"`
		} `json:"msg"`
	}
	_ = json.Unmarshal(b, &out)
	return resp.StatusCode, out.Msg.ID, out.Message
}

// A request body is read one way only: data after the JSON, a key given
// twice (at any depth) and a key spelled otherwise than its field are
// refused in words, as unknown keys are, and change nothing.
func TestAPI_BodiesAreStrict(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(nil)
	seats := "/api/rooms/" + c.Code + "/seats"
	tests := []struct {
		name, path, body, msg string
	}{
		{"TrailingGarbage", "/api/rooms", `{"game":"wink"}garbage`, "game.page.error.trailing_data"},
		{"TwoObjects", "/api/rooms", `{"game":"wink"}{"game":"vault"}`, "game.page.error.trailing_data"},
		{"TrailingBrace", "/api/rooms", `{"game":"wink"}}`, "game.page.error.trailing_data"},
		{"UnknownKey", "/api/rooms", `{"game":"wink","players":4}`, "game.page.error.unknown_field"},
		{"DuplicateKey", "/api/rooms", `{"game":"vault","game":"wink"}`, "game.page.error.field_twice"},
		{"DuplicateOption", "/api/rooms", `{"game":"wink","options":{"mode":"table","mode":"remote"}}`, "game.page.error.field_twice"},
		{"CaseFoldedKey", "/api/rooms", `{"GAME":"wink"}`, "game.page.error.field_case"},
		{"CaseFoldedOption", "/api/rooms", `{"game":"wink","options":{"MODE":"remote"}}`, "game.option.unreadable"},
		{"JoinTrailing", seats, `{"name":"Ann"} {"name":"Bob"}`, "game.page.error.trailing_data"},
		{"JoinDuplicate", seats, `{"name":"Ann","name":"Bob"}`, "game.page.error.field_twice"},
		{"JoinCaseFolded", seats, `{"Name":"Ann"}`, "game.page.error.field_case"},
		{"JoinUnknown", seats, `{"name":"Ann","seat":3}`, "game.page.error.unknown_field"},
		{"OptionsDuplicate", "/api/rooms/" + c.Code + "/options", `{"mode":"table","mode":"remote"}`, "game.page.error.field_twice"},
		{"OptionsTrailing", "/api/rooms/" + c.Code + "/options", `{"mode":"remote"}x`, "game.page.error.trailing_data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, id, words := e.postRaw(tt.path, c.HostToken, tt.body)
			if st != http.StatusBadRequest || id != tt.msg {
				t.Fatalf("%d %q %q, want 400 %q", st, id, words, tt.msg)
			}
			if words == "" || strings.HasPrefix(words, "game.") {
				t.Fatalf("refusal not worded: %q", words)
			}
		})
	}
	var room struct {
		Options map[string]any `json:"options"`
		Seats   []any          `json:"seats"`
	}
	e.do("GET", "/api/rooms/"+c.Code, "", nil, &room)
	if len(room.Seats) != 0 || room.Options["mode"] != "table" {
		t.Fatalf("refused bodies changed the room: %+v", room)
	}
}

// Action data is checked and played as it is stored: a key spelled
// otherwise than its field, or given twice, is refused as malformed and
// never reaches the log, where encoding/json would have played it by its
// case-blind, last-wins reading and the log kept the other spelling.
func TestRoomSocket_ActionDataIsStrict(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "remote"}, fourPlayers...)
	matchID := e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	for i, data := range []string{`{"SEAT":1}`, `{"Seat":1}`, `{"seat":2,"seat":1}`, `{"seat":1,"seat":1}`, `{"se\u0061t":1,"seat":1}`} {
		id := "f" + string(rune('a'+i))
		julia.send(`{"type":"act","id":"` + id + `","action":{"type":"set_focus","data":` + data + `}}`)
		r := julia.until(func(f frame) bool { return (f.Type == "ok" || f.Type == "error") && f.ID == id })
		if r.Type != "error" || r.Code != "malformed" {
			t.Errorf("set_focus %s: %s %q %q, want a malformed error", data, r.Type, r.Code, r.Message)
		}
	}
	if r := julia.act("good", "set_focus", map[string]any{"seat": 1}); r.Type != "ok" {
		t.Fatalf("set_focus {seat:1}: %s %s", r.Code, r.Message)
	}
	recs, err := e.Store.Actions(context.Background(), matchID)
	if err != nil {
		t.Fatal(err)
	}
	var focus []string
	for _, rec := range recs {
		if rec.Action.Type == "set_focus" {
			focus = append(focus, string(rec.Action.Data))
		}
	}
	if len(focus) != 1 || focus[0] != `{"seat":1}` {
		t.Errorf("the log holds set_focus %q, want only {\"seat\":1}", focus)
	}
}

// A note's bytes go back to its seat inside a text frame, so they must be
// UTF-8: other bytes are refused in words and the notes kept as they were.
func TestRoomSocket_NoteMustBeUTF8(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	julia.send(`{"type":"note","id":"n1","note":{"suspect":"Tom"}}`)
	julia.until(func(f frame) bool { return f.Type == "ok" && f.ID == "n1" })
	julia.send("{\"type\":\"note\",\"id\":\"n2\",\"note\":{\"a\":\"\xff\xfe\xfd\"}}")
	r := julia.until(func(f frame) bool { return (f.Type == "ok" || f.Type == "error") && f.ID == "n2" })
	if r.Type != "error" || r.Code != "refused" || !strings.Contains(r.Message, "UTF-8") {
		t.Fatalf("invalid UTF-8 note: %s %q %q, want refused saying UTF-8", r.Type, r.Code, r.Message)
	}
	again := e.dial(c.Code, "view=json&token="+seats[0].Token)
	if string(again.last.Note) != `{"suspect":"Tom"}` {
		t.Fatalf("after the refusal the notes are %q", again.last.Note)
	}
}

package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"topsecret/internal/game"
)

// worded is an error as any client receives it: a stable code, the words
// for its reader, and the message those words came from.
type worded struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Msg     *struct {
		ID string `json:"id"`
	} `json:"msg"`
}

// ask sends one raw request as a browser speaking lang would and decodes
// the error it gets.
func (e *env) ask(tb testing.TB, lang, method, path, ctype, token, body string) (int, worded) {
	tb.Helper()
	req, _ := http.NewRequest(method, e.Server.URL+path, strings.NewReader(body))
	req.Header.Set("Accept-Language", lang)
	req.Header.Set("Accept", "application/json")
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var w worded
	if err := json.Unmarshal(b, &w); err != nil {
		tb.Fatalf("%s %s: not a JSON error: %q", method, path, b)
	}
	return resp.StatusCode, w
}

// french is what the French catalogue says for id.
func french(id string, args ...game.Arg) string {
	return everyGame.Words().Reader("fr", nil).Say(game.M(id, args...))
}

// Every error an HTTP client receives keeps its code and is worded in the
// client's language: a French browser's malformed, unknown, oversized and
// refused requests read in French, never in English.
func TestErrors_HTTPWordedForTheReader(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(tableOpts)
	const js = "application/json"
	tests := []struct {
		name                       string
		method, path, ctype, token string
		body                       string
		status                     int
		code                       string
		want                       string // the French words, when the test can say them
	}{
		{"malformed JSON", "POST", "/api/rooms", js, "", `{"game":`, 400, "bad_request", french("game.page.error.malformed_json")},
		{"unknown field", "POST", "/api/rooms", js, "", `{"game":"wink","colour":"red"}`, 400, "bad_request", french("game.page.error.unknown_field", game.X("field", "colour"))},
		{"wrong type", "POST", "/api/rooms", js, "", `{"game":7}`, 400, "bad_request", french("game.page.error.wrong_type", game.X("field", "game"))},
		{"no game named", "POST", "/api/rooms", js, "", `{}`, 400, "bad_request", french("game.page.error.missing_field", game.X("field", "game"))},
		{"unknown game", "POST", "/api/rooms", js, "", `{"game":"chess"}`, 400, "bad_request", french("game.refuse.no_game", game.X("game", "chess"))},
		{"oversized body", "POST", "/api/rooms", js, "", `{"game":"` + strings.Repeat("x", 64<<10) + `"}`, 413, "too_large", french("game.page.error.too_large")},
		{"not JSON", "POST", "/api/rooms", "text/plain", "", `game=wink`, 415, "unsupported_media_type", french("game.page.error.json_only")},
		{"unknown room", "GET", "/api/rooms/ZZZZZZ", "", "", "", 404, "not_found", ""},
		{"unknown page", "GET", "/nowhere", "", "", "", 404, "not_found", ""},
		{"claim nothing", "POST", "/api/rooms/" + c.Code + "/claim", js, "", `{}`, 400, "bad_request", french("game.page.error.claim_one")},
		{"move nowhere", "POST", "/api/rooms/" + c.Code + "/seats/x/move", js, c.HostToken, `{}`, 400, "bad_request", french("game.page.error.missing_field", game.X("field", "to"))},
		{"bot strength not offered", "POST", "/api/rooms/" + c.Code + "/bots", js, c.HostToken, `{"strength":"godlike"}`, 400, "bad_request", french("game.refuse.bot_strength")},
		{"host-only call", "POST", "/api/rooms/" + c.Code + "/start", js, "", ``, 403, "forbidden", french("game.page.error.host_only")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, fr := e.ask(t, "fr-FR,fr;q=0.9", tt.method, tt.path, tt.ctype, tt.token, tt.body)
			_, en := e.ask(t, "en-GB", tt.method, tt.path, tt.ctype, tt.token, tt.body)
			if status != tt.status || fr.Code != tt.code {
				t.Fatalf("%d %q, want %d %q (%q)", status, fr.Code, tt.status, tt.code, fr.Message)
			}
			if en.Code != fr.Code {
				t.Fatalf("code %q in English, %q in French: a code is the same in every language", en.Code, fr.Code)
			}
			if fr.Msg == nil || fr.Msg.ID == "" {
				t.Fatalf("no msg: a client cannot word %q itself", fr.Message)
			}
			if fr.Message == "" || fr.Message == en.Message {
				t.Fatalf("French reads %q, English %q: want French words", fr.Message, en.Message)
			}
			if tt.want != "" && fr.Message != tt.want {
				t.Fatalf("French reads %q, want %q", fr.Message, tt.want)
			}
		})
	}
}

// Every error a websocket client receives keeps its code and is worded in
// the connection's language, whatever went wrong: malformed, unknown,
// oversized, out of turn, or from a spectator.
func TestErrors_SocketWordedForTheReader(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	fr := http.Header{"Accept-Language": {"fr-FR,fr;q=0.9"}}
	en := http.Header{"Accept-Language": {"en"}}
	french1 := e.dialWith(t, c.Code, "view=json&token="+seats[1].Token, fr)
	english1 := e.dialWith(t, c.Code, "view=json&token="+seats[1].Token, en)
	frenchWatcher := e.dialWith(t, c.Code, "view=json", fr)
	englishWatcher := e.dialWith(t, c.Code, "view=json", en)
	tests := []struct {
		name       string
		fr, en     *client
		msg        string
		code, want string
	}{
		{"malformed JSON", french1, english1, `{"type":"act",`, "bad_request", french("game.page.error.malformed_json")},
		{"unknown message type", french1, english1, `{"type":"shout","id":"1"}`, "bad_request", french("game.page.error.unknown_type", game.X("type", `"shout"`))},
		{"act without action", french1, english1, `{"type":"act","id":"2"}`, "bad_request", french("game.page.error.act_type")},
		{"id too long", french1, english1, `{"type":"ping","id":"` + strings.Repeat("i", 65) + `"}`, "bad_request", french("game.page.error.id_long", game.N("max", 64))},
		{"oversized", french1, english1, `{"type":"act","id":"3","action":{"type":"pass","data":"` + strings.Repeat("x", 5000) + `"}}`, "too_large", french("game.page.error.too_large")},
		{"out of turn", french1, english1, `{"type":"act","id":"4","action":{"type":"take_cards"}}`, "not_your_turn", ""},
		{"unknown action", french1, english1, `{"type":"act","id":"5","action":{"type":"teleport"}}`, "unknown_action", ""},
		{"spectator acts", frenchWatcher, englishWatcher, `{"type":"act","id":"6","action":{"type":"take_cards"}}`, "not_seated", french("game.page.error.not_seated")},
		{"spectator takes notes", frenchWatcher, englishWatcher, `{"type":"note","id":"7","note":{}}`, "not_seated", french("game.page.error.not_seated")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errorOf := func(cl *client) frame {
				cl.t = t
				cl.send(tt.msg)
				return cl.until(func(f frame) bool { return f.Type == "error" })
			}
			got, english := errorOf(tt.fr), errorOf(tt.en)
			if got.Code != tt.code || english.Code != tt.code {
				t.Fatalf("codes %q (French) and %q (English), want %q", got.Code, english.Code, tt.code)
			}
			if got.Message == "" || got.Message == english.Message {
				t.Fatalf("French reads %q, English %q: want French words", got.Message, english.Message)
			}
			if tt.want != "" && got.Message != tt.want {
				t.Fatalf("French reads %q, want %q", got.Message, tt.want)
			}
		})
	}
}

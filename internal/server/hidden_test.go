package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"topsecret/internal/game"
)

// Remote wink: Julia looks at her contact, winks and glances while nobody
// looks at her. The rules show that to nobody, so nobody may learn when it
// happened either: the room's and the match's API answers stay the same
// byte for byte (they gave the log's length), the others get no frame, and
// their next frame, for a move they do see, has the version that move's
// time gives it (it counted the room's changes, hers included). Her own
// oks say where her frames show each move, not where it sits in the log.
func TestRoomSocket_HiddenMovesTellNobodyWhen(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "remote", "startPlayer": 0}, fourPlayers...)
	matchID := e.mustStartMatch(c)
	var clients []*client
	for _, s := range seats {
		clients = append(clients, e.dial(c.Code, "view=json&token="+s.Token))
	}
	watchers := append(slices.Clone(clients[1:]), e.dial(c.Code, "view=json&table=1"), e.dial(c.Code, "view=json"))
	for i, cl := range clients { // the deal round, in turn
		r := cl.act("take-"+string(rune('0'+i)), "take_cards", nil)
		for _, w := range watchers {
			w.sees(r)
		}
	}
	dealt := e.Clock.Now()
	api := func() []string {
		return []string{rawGet(t, e, "/api/rooms/"+c.Code), rawGet(t, e, "/api/matches/"+matchID)}
	}
	before := api()
	winkUnseen(t, e, clients[0])
	if after := api(); !slices.Equal(after, before) {
		t.Errorf("the API told hidden moves apart:\nbefore %s\nafter  %s", before, after)
	}

	e.Clock.Advance(time.Second)
	var mover *client
	for _, cl := range clients {
		if slices.ContainsFunc(cl.last.Legal, func(m game.Move) bool { return m.Type == "pass" }) {
			mover = cl
		}
	}
	if mover == nil {
		t.Fatal("nobody may pass")
	}
	r := mover.act("pass", "pass", nil)
	seen := e.Clock.Now()
	for i, w := range watchers {
		if w == mover {
			continue
		}
		was := w.last.Version
		f := w.next() // the first message since the deal: nothing came for her moves
		if f.Type != "view" || f.Version != r.Version {
			t.Fatalf("watcher %d's next message: %s version %d, want the pass's frame at %d", i, f.Type, f.Version, r.Version)
		}
		if got, want := f.Version-was, seen.Sub(dealt).Microseconds(); got != want {
			t.Errorf("watcher %d's version moved %d between the deal and the pass, %d µs apart", i, got, want)
		}
	}

	// Once the match is over its length is no secret.
	lengthOnceOver(t, e, c, matchID, 9)
}

// winkUnseen has julia look at her contact, wink and glance, and checks
// that each ok names no place in the log.
func winkUnseen(t *testing.T, e *env, julia *client) {
	t.Helper()
	var mine struct {
		Agent struct{ Contact int } `json:"agent"`
	}
	if err := json.Unmarshal(julia.last.View, &mine); err != nil {
		t.Fatal(err)
	}

	e.Clock.Advance(time.Second)
	oks := []map[string]json.RawMessage{rawAct(t, julia, "look", "set_focus", map[string]any{"seat": mine.Agent.Contact})}
	e.Clock.Advance(time.Second) // her eyes arrive: the referee's focus_arrived, unseen too
	oks = append(oks, rawAct(t, julia, "wink", "wink", nil), rawAct(t, julia, "glance", "signal", nil))
	for _, ok := range oks {
		if string(ok["type"]) != `"ok"` {
			t.Fatalf("a hidden move was refused: %s", ok)
		}
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range ok {
				if !yield(k) {
					return
				}
			}
		})
		if !slices.Equal(keys, []string{"id", "match_id", "type", "version"}) {
			t.Errorf("an ok says %s: want its id, match and version only, no place in the log", ok)
		}
	}
}

// lengthOnceOver ends the match and checks that the room and the match
// record now give the log's length: at least the played actions.
func lengthOnceOver(t *testing.T, e *env, c created, matchID string, played int) {
	t.Helper()
	if st := e.do("POST", "/api/rooms/"+c.Code+"/end", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("end the match: status %d", st)
	}
	var room struct {
		Match struct {
			Status  string `json:"status"`
			Actions *int   `json:"actions"`
		} `json:"match"`
	}
	var rec struct {
		Count *int `json:"action_count"`
	}
	e.do("GET", "/api/rooms/"+c.Code, "", nil, &room)
	e.do("GET", "/api/matches/"+matchID, "", nil, &rec)
	if room.Match.Status != "finished" || room.Match.Actions == nil || rec.Count == nil || *rec.Count != *room.Match.Actions || *rec.Count < played {
		t.Fatalf("a finished match: room says %+v, record counts %v", room.Match, rec.Count)
	}
}

// rawGet is a GET's body as the server wrote it.
func rawGet(t *testing.T, e *env, path string) string {
	t.Helper()
	resp, err := http.Get(e.Server.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
	}
	return string(b)
}

// rawAct sends an action and returns its answer's fields as sent; the
// views before it are kept as act keeps them.
func rawAct(t *testing.T, cl *client, id, typ string, data any) map[string]json.RawMessage {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"type": "act", "id": id, "action": map[string]any{"type": typ, "data": data}})
	cl.clock.Advance(time.Microsecond)
	cl.send(string(b))
	for range 100 {
		_, msg, err := cl.c.Read(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(msg, &fields); err != nil {
			t.Fatal(err)
		}
		if string(fields["id"]) == `"`+id+`"` {
			return fields
		}
		if string(fields["type"]) == `"view"` {
			cl.last = frame{}
			if err := json.Unmarshal(msg, &cl.last); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no answer to %s", id)
	return nil
}

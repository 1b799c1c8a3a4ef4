package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// roomGame is what GET /api/rooms/{code} says of the room's game and seats.
type roomGame struct {
	Game  string `json:"game"`
	Seats []struct {
		ID      string `json:"id"`
		SitsOut bool   `json:"sits_out"`
	} `json:"seats"`
}

func (e *env) roomGame(code string) roomGame {
	e.t.Helper()
	var g roomGame
	if st := e.do("GET", "/api/rooms/"+code, "", nil, &g); st != http.StatusOK {
		e.t.Fatalf("room: status %d", st)
	}
	return g
}

// The host picks the room's next game over HTTP; anyone else with the
// room code (a player's phone, a watcher) is refused, as are a game the
// server does not offer, options it refuses, and a pick during a match.
// Nothing changes on a refusal; on the pick, every connection's next
// frame carries the new game, in its own language.
func TestServer_RoomGame(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee", "Eve")
	path := "/api/rooms/" + c.Code + "/game"
	bob := e.dial(c.Code, "view=json&lang=de&token="+js[1].Token)
	for _, tt := range []struct {
		name   string
		token  string // host token by Bearer, else a seat's by ?token=
		seat   string
		body   any
		status int
	}{
		{"ErrForbiddenWatcher", "", "", map[string]any{"game": "embassy"}, http.StatusForbidden},
		{"ErrForbiddenSeat", "", js[1].Token, map[string]any{"game": "embassy"}, http.StatusForbidden},
		{"ErrUnknownGame", c.HostToken, "", map[string]any{"game": "chess"}, http.StatusBadRequest},
		{"ErrOptions", c.HostToken, "", map[string]any{"game": "embassy", "options": map[string]any{"turnTimeoutMs": -1}}, http.StatusBadRequest},
		{"ErrMissingGame", c.HostToken, "", map[string]any{"options": map[string]any{}}, http.StatusBadRequest},
		{"ErrUnknownField", c.HostToken, "", map[string]any{"game": "embassy", "colour": "red"}, http.StatusBadRequest},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := path
			if tt.seat != "" {
				p += "?token=" + tt.seat
			}
			if st := e.do("POST", p, tt.token, tt.body, nil); st != tt.status {
				t.Fatalf("status %d, want %d", st, tt.status)
			}
			if g := e.roomGame(c.Code).Game; g != "wink" {
				t.Fatalf("after a refused pick the room plays %s, want wink", g)
			}
		})
	}
	t.Run("ErrWhilePlaying", func(t *testing.T) {
		e.mustStartMatch(c)
		if st := e.do("POST", path, c.HostToken, map[string]any{"game": "embassy"}, nil); st != http.StatusConflict {
			t.Fatalf("pick during a match: status %d, want 409", st)
		}
		if st := e.do("POST", "/api/rooms/"+c.Code+"/end", c.HostToken, nil, nil); st != http.StatusOK {
			t.Fatalf("end: status %d", st)
		}
		if g := e.roomGame(c.Code).Game; g != "wink" {
			t.Fatalf("after a refused pick the room plays %s, want wink", g)
		}
	})
	if st := e.do("POST", path, c.HostToken, map[string]any{"game": "embassy", "options": map[string]any{"turnTimeoutMs": 60000}}, nil); st != http.StatusOK {
		t.Fatalf("pick: status %d", st)
	}
	f := bob.until(func(f frame) bool { return f.Type == "view" && f.Status == "lobby" && f.Game.Name != "" })
	if f.Game.Name != "Top Secret: Botschaft" {
		t.Fatalf("Bob's frame names the game %q, want it in German", f.Game.Name)
	}
	if len(f.Seats) != 5 {
		t.Fatalf("the room kept %d members, want 5", len(f.Seats))
	}
	html := e.dial(c.Code, "view=html&token="+js[0].Token)
	if !strings.Contains(html.last.HTML, `data-game="embassy"`) {
		t.Fatal("the page's frame does not say which game it draws")
	}
}

// Five members and a four-player game: only the host picks who sits it
// out, and the room says who does.
func TestServer_SeatSitOut(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{}, "Ann", "Bob", "Cy", "Dee", "Eve")
	if st := e.do("POST", "/api/rooms/"+c.Code+"/game", c.HostToken, map[string]any{"game": "couriers"}, nil); st != http.StatusOK {
		t.Fatalf("pick: status %d", st)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusConflict {
		t.Fatalf("start with 5 for couriers: status %d, want 409", st)
	}
	path := "/api/rooms/" + c.Code + "/seats/" + js[4].SeatID + "/sit-out"
	for _, tt := range []struct {
		name   string
		token  string
		seat   string
		body   any
		status int
	}{
		{"ErrForbiddenWatcher", "", "", map[string]any{"out": true}, http.StatusForbidden},
		{"ErrForbiddenOwnSeat", "", js[4].Token, map[string]any{"out": true}, http.StatusForbidden},
		{"ErrForbiddenOtherSeat", "", js[0].Token, map[string]any{"out": true}, http.StatusForbidden},
		{"ErrMissingOut", c.HostToken, "", map[string]any{}, http.StatusBadRequest},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := path
			if tt.seat != "" {
				p += "?token=" + tt.seat
			}
			if st := e.do("POST", p, tt.token, tt.body, nil); st != tt.status {
				t.Fatalf("status %d, want %d", st, tt.status)
			}
			for _, s := range e.roomGame(c.Code).Seats {
				if s.SitsOut {
					t.Fatalf("%s sits out after a refused call", s.ID)
				}
			}
		})
	}
	if st := e.do("POST", path, c.HostToken, map[string]any{"out": true}, nil); st != http.StatusOK {
		t.Fatalf("sit out: status %d", st)
	}
	g := e.roomGame(c.Code)
	if !g.Seats[4].SitsOut || g.Seats[0].SitsOut {
		t.Fatalf("seats %+v, want Eve alone sitting out", g.Seats)
	}
	eve := e.dial(c.Code, "view=json&token="+js[4].Token)
	e.mustStartMatch(c)
	f := eve.until(func(f frame) bool { return f.Type == "view" && f.Status == "playing" })
	if f.You != -1 || len(f.Legal) != 0 {
		t.Fatalf("Eve, sitting out, plays seat %d with %d moves", f.You, len(f.Legal))
	}
}

// The room's history lists the night's matches of every game, each with
// its game's name, and each game's series apart; the host shows a match
// of an earlier game to the room as any other.
func TestServer_NightHistory(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	end := func() {
		t.Helper()
		if st := e.do("POST", "/api/rooms/"+c.Code+"/end", c.HostToken, nil, nil); st != http.StatusOK {
			t.Fatalf("end: status %d", st)
		}
	}
	first := e.mustStartMatch(c)
	end()
	if st := e.do("POST", "/api/rooms/"+c.Code+"/game", c.HostToken, map[string]any{"game": "embassy"}, nil); st != http.StatusOK {
		t.Fatalf("pick: status %d", st)
	}
	e.mustStartMatch(c)
	end()
	req, _ := http.NewRequest("GET", e.Server.URL+"/r/"+c.Code+"/history", nil)
	req.Header.Set("Accept-Language", "en")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(b)
	for _, want := range []string{`data-testid="history-match-1"`, `data-testid="history-match-2"`, "Top Secret: Wink", "Top Secret: Embassy",
		`data-testid="history-series" data-game="embassy"`, `data-testid="history-series" data-game="wink"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the night's history lacks %s", want)
		}
	}
	if i, j := strings.Index(page, `data-game="embassy"`), strings.Index(page, `data-game="wink"`); i < 0 || j < i {
		t.Error("the series of the game played now does not come first")
	}
	watcher := e.dial(c.Code, "view=json")
	if st := e.do("POST", "/api/rooms/"+c.Code+"/watch", c.HostToken, map[string]any{"match_id": first, "step": 1}, nil); st != http.StatusOK {
		t.Fatalf("show the wink match to the embassy room: status %d", st)
	}
	f := watcher.until(func(f frame) bool { return f.Type == "view" && f.Watch != nil })
	if f.Watch.MatchID != first || f.Watch.Number != 1 || len(f.Watch.SeatIDs) != 4 {
		t.Fatalf("the room watches %+v, want the wink match 1 and its four seats", f.Watch)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"topsecret/internal/store/pgtest"
)

// TestKill9BetweenGamesOfANight kills the server process with SIGKILL
// between two games of a night in one room: after a vault deal the host
// picked couriers with its options and who sits it out, and the server
// died. Nothing is lost: the room comes back in couriers' lobby with the
// same members, the same sit-outs and the vault deal in its history, and
// the night goes on with the next match.
func TestKill9BetweenGamesOfANight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and kills it on each store")
	}
	bin := buildBinary(t)
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		killBetweenGames(t, startServerProcess(t, bin, "-data", t.TempDir(), "-bot-delay", "0"))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		killBetweenGames(t, startServerProcess(t, bin, "-database-url", pgtest.DSN(t), "-bot-delay", "0"))
	})
}

// nightRoom is the part of GET /api/rooms/{code} a night is about.
type nightRoom struct {
	Game    string `json:"game"`
	Options struct {
		ColourShift int `json:"colourShift"`
	} `json:"options"`
	Status string `json:"status"`
	Seats  []struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		SitsOut bool   `json:"sits_out"`
	} `json:"seats"`
	Match struct {
		ID     string `json:"id"`
		Number int    `json:"number"`
		Status string `json:"status"`
	} `json:"match"`
}

func killBetweenGames(t *testing.T, srv *serverProcess) {
	call := func(path, token string, body, out any) int {
		t.Helper()
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", srv.URL+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		defer resp.Body.Close()
		if out != nil {
			_ = json.NewDecoder(resp.Body).Decode(out)
		}
		return resp.StatusCode
	}
	must := func(path, token string, body, out any) {
		t.Helper()
		if st := call(path, token, body, out); st/100 != 2 {
			t.Fatalf("POST %s: status %d", path, st)
		}
	}
	var room struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	must("/api/rooms", "", map[string]any{"game": "vault", "options": map[string]any{}}, &room)
	api := "/api/rooms/" + room.Code
	var ids []string
	for _, name := range []string{"Ann", "Bob"} {
		var j struct {
			SeatID string `json:"seat_id"`
		}
		must(api+"/seats", "", map[string]any{"name": name}, &j)
		ids = append(ids, j.SeatID)
	}
	for range 4 {
		var j struct {
			SeatID string `json:"seat_id"`
		}
		must(api+"/seats", room.HostToken, map[string]any{"bot": true}, &j)
		ids = append(ids, j.SeatID)
	}
	// The bots play the first game, a vault deal, to its end.
	must(api+"/seats/"+ids[0]+"/sit-out", room.HostToken, map[string]any{"out": true}, nil)
	must(api+"/seats/"+ids[1]+"/sit-out", room.HostToken, map[string]any{"out": true}, nil)
	var started struct {
		MatchID string `json:"match_id"`
	}
	must(api+"/start", room.HostToken, nil, &started)
	var deal struct {
		Status      string `json:"status"`
		ActionCount int    `json:"action_count"`
	}
	pollUntil(t, time.Now().Add(60*time.Second), "the vault deal ends", func() bool {
		return getJSON(srv.URL+"/api/matches/"+started.MatchID, &deal) == nil && deal.Status == "finished"
	})
	// The host picks couriers, and who plays it: Ann, Bob and two bots.
	must(api+"/game", room.HostToken, map[string]any{"game": "couriers", "options": map[string]any{"colourShift": 1}}, nil)
	must(api+"/seats/"+ids[2]+"/sit-out", room.HostToken, map[string]any{"out": true}, nil)
	must(api+"/seats/"+ids[3]+"/sit-out", room.HostToken, map[string]any{"out": true}, nil)
	must(api+"/seats/"+ids[0]+"/sit-out", room.HostToken, map[string]any{"out": false}, nil)
	must(api+"/seats/"+ids[1]+"/sit-out", room.HostToken, map[string]any{"out": false}, nil)
	var before nightRoom
	if err := getJSON(srv.URL+api, &before); err != nil {
		t.Fatal(err)
	}

	srv.kill9()
	srv.start()

	var after nightRoom
	if err := getJSON(srv.URL+api, &after); err != nil {
		t.Fatal(err)
	}
	if after.Game != "couriers" || after.Options.ColourShift != 1 || after.Status != "lobby" {
		t.Fatalf("after kill -9 the room plays %s (colour shift %d) in %s, want couriers (1) in its lobby",
			after.Game, after.Options.ColourShift, after.Status)
	}
	if fmt.Sprint(after.Seats) != fmt.Sprint(before.Seats) {
		t.Fatalf("after kill -9 the members are %+v, want %+v", after.Seats, before.Seats)
	}
	var out []string
	for _, s := range after.Seats {
		if s.SitsOut {
			out = append(out, s.ID)
		}
	}
	if !slices.Equal(out, ids[2:4]) {
		t.Fatalf("after kill -9 %v sit out, want the two bots %v", out, ids[2:4])
	}
	var kept struct {
		Status      string `json:"status"`
		ActionCount int    `json:"action_count"`
	}
	if err := getJSON(srv.URL+"/api/matches/"+started.MatchID, &kept); err != nil {
		t.Fatal(err)
	}
	if kept != deal {
		t.Fatalf("after kill -9 the vault deal is %+v, want %+v", kept, deal)
	}
	// The night goes on: the next match is couriers, match 2, with Ann,
	// Bob and the two bots left in.
	var next struct {
		MatchID string `json:"match_id"`
	}
	must(api+"/start", room.HostToken, nil, &next)
	var m struct {
		Number int `json:"number"`
		Game   string
		Seats  []struct {
			SeatID string `json:"seat_id"`
		} `json:"seats"`
	}
	if err := getJSON(srv.URL+"/api/matches/"+next.MatchID, &m); err != nil {
		t.Fatal(err)
	}
	var seated []string
	for _, s := range m.Seats {
		seated = append(seated, s.SeatID)
	}
	if want := []string{ids[0], ids[1], ids[4], ids[5]}; m.Number != 2 || m.Game != "couriers" || !slices.Equal(seated, want) {
		t.Fatalf("the next match is %s %d seating %v, want couriers 2 seating %v", m.Game, m.Number, seated, want)
	}
}

package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"topsecret/web/nightfile/nighttest"
)

// getNight fetches a room's night file with a seat token, a host token
// or neither, and a reader's language.
func (e *env) getNight(code, query, host, lang string) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+"/r/"+code+"/night.html"+query, nil)
	if host != "" {
		req.Header.Set("Authorization", "Bearer "+host)
	}
	req.Header.Set("Accept-Language", lang)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("GET night: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// A room's night, a match and its rematch played by the room's bots and a
// match of another game, is downloaded by the room's people only: its
// host and any seat, a seat that joined afterwards too, each in their
// own language. A stranger holding the room's code, or a token of another
// room, is refused in words, and the file a hostile seat takes holds no
// code, token or address of the room.
func TestNightFile_WhoMay(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustFinishedMatch()
	var again struct {
		MatchID string `json:"match_id"`
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/rematch", c.HostToken, nil, &again); st != http.StatusOK {
		t.Fatalf("rematch: %d", st)
	}
	e.mustFinish(again.MatchID)
	nighttest.MustPlay(t, e.Store, everyGame, c.Code, epoch.Add(2*time.Hour), nighttest.Match{Game: "embassy", Players: 2, Seed: 5})
	var ann joined
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": "Ann"}, &ann); st != http.StatusCreated {
		t.Fatalf("Ann joins after the matches: %d", st)
	}
	other, others := e.mustRoom(nil, "Olle")

	cases := []struct {
		name, query, host, lang string
		status                  int
		has                     []string
	}{
		{"OK host", "", c.HostToken, "en", http.StatusOK, []string{`lang="en"`, "Game night of", "night-match-2"}},
		{"OK seat that joined later", "?token=" + ann.Token, "", "de", http.StatusOK, []string{`lang="de"`, "Spieleabend vom", "night-match-2"}},
		{"OK the seat's own language", "?token=" + ann.Token + "&lang=sv", "", "de", http.StatusOK, []string{`lang="sv"`, "Spelkväll"}},
		{"ErrStranger", "", "", "de", http.StatusForbidden, []string{"Nur der Gastgeber des Raums und seine Spieler"}},
		{"ErrAnotherRoomsSeat", "?token=" + others[0].Token, "", "en", http.StatusForbidden, []string{"host and its players can download the night"}},
		{"ErrAnotherRoomsHost", "", other.HostToken, "fr", http.StatusForbidden, []string{"hôte de la salle et ses joueurs"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := e.getNight(c.Code, tc.query, tc.host, tc.lang)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %.300s", resp.StatusCode, tc.status, body)
			}
			for _, want := range tc.has {
				if !strings.Contains(body, want) {
					t.Errorf("the answer lacks %q", want)
				}
			}
			if tc.status != http.StatusOK {
				if strings.Contains(body, "night-data") {
					t.Errorf("a refusal carries the night")
				}
				return
			}
			if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="topsecret-night-`) || strings.Contains(cd, c.Code) {
				t.Errorf("Content-Disposition %q", cd)
			}
			for _, secret := range []string{c.Code, strings.ToLower(c.Code), c.HostToken, ann.Token, ann.SeatID, "/r/", again.MatchID} {
				if strings.Contains(body, secret) {
					t.Errorf("the file holds %q", secret)
				}
			}
		})
	}
}

// A room with no finished match has no night; a room that does not exist
// is not found, whatever token comes along.
func TestNightFile_Nothing(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(nil, "Marie")
	if resp, body := e.getNight(c.Code, "", c.HostToken, "it"); resp.StatusCode != http.StatusConflict || !strings.Contains(body, "Nessuna partita di questa stanza") {
		t.Errorf("a room without a finished match: %d %.300s", resp.StatusCode, body)
	}
	if resp, _ := e.getNight("ZZZ999", "", c.HostToken, "en"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("no such room: %d", resp.StatusCode)
	}
}

package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// getAs fetches path with an Accept header and one cookie ("" for none).
func (e *env) getAs(path, accept, cookie string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// A replay link is meant to be shared, and a room's code lets anyone into
// the room: no page or record a match id opens names the room, finished or
// still played, and the replay's history link goes by the match. The room's
// own host and seats still see which room it was (their page follows what
// the host shows there), and the room's own history stays theirs.
func TestReplay_NamesNoRoom(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, id := e.mustFinishedMatch()
	var ann joined
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": "Ann"}, &ann); st != http.StatusCreated {
		t.Fatalf("join after the match: %d", st)
	}
	live, _ := e.mustRoom(map[string]any{"mode": "remote"}, "Marie", "Julia", "Jan", "Tom")
	liveID := e.mustStartMatch(live)

	routes := []struct {
		code, path, accept string
		status             int
	}{
		{c.Code, "/m/" + id, "", http.StatusOK},
		{c.Code, "/m/" + id + "?as=0&screen=table", "", http.StatusOK},
		{c.Code, "/m/" + id, jsonAccept, http.StatusOK},
		{c.Code, "/m/" + id + "/step/1", "", http.StatusOK},
		{c.Code, "/m/" + id + "/step/1?as=all", jsonAccept, http.StatusOK},
		{c.Code, "/m/" + id + "/history", "", http.StatusOK},
		{c.Code, "/api/matches/" + id, "", http.StatusOK},
		{live.Code, "/m/" + liveID, "", http.StatusConflict},
		{live.Code, "/m/" + liveID, jsonAccept, http.StatusConflict},
		{live.Code, "/m/" + liveID + "/step/1", "", http.StatusConflict},
		{live.Code, "/m/" + liveID + "/history", "", http.StatusConflict},
		{live.Code, "/api/matches/" + liveID, "", http.StatusOK},
	}
	for _, rt := range routes {
		status, body := e.get(rt.path, rt.accept)
		if status != rt.status {
			t.Errorf("GET %s (%s): %d, want %d", rt.path, rt.accept, status, rt.status)
		}
		if strings.Contains(body, rt.code) {
			t.Errorf("GET %s (%s) names room %s:\n%.600s", rt.path, rt.accept, rt.code, body)
		}
	}

	// The replay links the match's history, which lists the room's
	// finished matches.
	_, page := e.get("/m/"+id, "")
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	if href, _ := doc.Find(`[data-testid="replay-history-link"]`).Attr("href"); href != "/m/"+id+"/history" {
		t.Errorf("the replay's history link goes to %q", href)
	}
	if code, _ := doc.Find(`[data-testid="replay"]`).Attr("data-code"); code != "" {
		t.Errorf("the replay page names room %q", code)
	}
	if _, hist := e.get("/m/"+id+"/history", ""); !strings.Contains(hist, `href="/m/`+id+`"`) {
		t.Errorf("the match's history does not list it:\n%.600s", hist)
	}

	// The room's people see their room on the replay; its host may show it.
	for _, who := range []struct{ name, cookie string }{
		{"seat", "ts_seat_" + c.Code + "=" + ann.Token},
		{"host", "ts_host_" + c.Code + "=" + c.HostToken},
	} {
		_, page := e.getAs("/m/"+id, "", who.cookie)
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		if code, _ := doc.Find(`[data-testid="replay"]`).Attr("data-code"); code != c.Code {
			t.Errorf("%s: the replay page names room %q, want %s", who.name, code, c.Code)
		}
		if watch := doc.Find(`[data-testid="replay-watch"]`).Length() == 1; watch != (who.name == "host") {
			t.Errorf("%s: show-to-the-room button %v", who.name, watch)
		}
	}
	if status, body := e.get("/r/"+c.Code+"/history", ""); status != http.StatusOK || !strings.Contains(body, c.Code) {
		t.Errorf("the room's own history: %d, names the room %v", status, strings.Contains(body, c.Code))
	}
}

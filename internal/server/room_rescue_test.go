package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// The host replaces a seat with a bot during a match; the player's phone
// sees the stand-in and no moves, and takes the seat back with its own token.
func TestServer_SeatReplaceAndTakeBack(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	e.Rooms.BotDelay = 1 << 40 // the bot stays put while the test looks
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	bob := e.dial(c.Code, "view=json&token="+js[1].Token)
	path := "/api/rooms/" + c.Code + "/seats/" + js[1].SeatID

	t.Run("ErrForbidden", func(t *testing.T) {
		if st := e.do("POST", path+"/bot", "", nil, nil); st != http.StatusForbidden {
			t.Fatalf("replace by a guest: status %d, want 403", st)
		}
	})
	if st := e.do("POST", path+"/bot", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("replace: status %d", st)
	}
	f := bob.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Standin })
	if len(f.Legal) != 0 {
		t.Fatalf("a replaced seat's phone got moves: %v", f.Legal)
	}
	t.Run("ErrNotYourSeat", func(t *testing.T) {
		if st := e.do("POST", path+"/back?token="+js[2].Token, "", nil, nil); st != http.StatusForbidden {
			t.Fatalf("take back with Cy's token: status %d, want 403", st)
		}
	})
	if st := e.do("POST", path+"/back?token="+js[1].Token, "", nil, nil); st != http.StatusOK {
		t.Fatalf("take back: status %d", st)
	}
	bob.until(func(f frame) bool { return f.Type == "view" && !f.Seats[1].Standin })
}

// The host ends a match: everyone sees it finished, and the history page
// says the host ended it.
func TestServer_MatchEnd(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, js := e.mustRoom(map[string]any{"startPlayer": 0}, "Ann", "Bob", "Cy", "Dee")
	id := e.mustStartMatch(c)
	ann := e.dial(c.Code, "view=json&token="+js[0].Token)
	if st := e.do("POST", "/api/rooms/"+c.Code+"/end", "", nil, nil); st != http.StatusForbidden {
		t.Fatalf("end by a guest: status %d, want 403", st)
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/end", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("end: status %d", st)
	}
	ann.until(func(f frame) bool { return f.Type == "view" && f.Status == "finished" })
	if st := e.do("POST", "/api/rooms/"+c.Code+"/end", c.HostToken, nil, nil); st != http.StatusConflict {
		t.Fatalf("end with no match: status %d, want 409", st)
	}
	resp, err := http.Get(e.Server.URL + "/r/" + c.Code + "/history")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(b), "The host ended the match") {
		t.Fatalf("history page does not say the host ended the match:\n%s", b)
	}
	var rec struct {
		Result      struct{ Summary struct{ ID string } } `json:"result"`
		SummaryText string                                `json:"summary_text"`
	}
	if st := e.do("GET", "/api/matches/"+id, "", nil, &rec); st != http.StatusOK || rec.Result.Summary.ID != "game.ended_by_host" {
		t.Fatalf("match record: status %d, summary %q", st, rec.Result.Summary.ID)
	}
	page, err := http.Get(e.Server.URL + "/m/" + id)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK {
		t.Fatalf("replay page: status %d", page.StatusCode)
	}
	e.mustStartMatch(c) // the lobby is open for the next match
}

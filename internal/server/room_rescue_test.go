package server_test

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"topsecret/internal/game"
)

// The host replaces a seat with a bot during a match; the player's phone
// sees the stand-in, and takes the seat back with its own token.
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
	bob.until(func(f frame) bool { return f.Type == "view" && f.Seats[1].Standin })
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

// A seat a bot plays keeps its moves on its own phone, so a player who
// comes back can simply play: a move the rules take takes the seat back
// before it is applied, and the bot plays the seat no more; a move they
// refuse changes nothing, and the bot plays on.
func TestServer_StandinSeatPlaysItsOwnMove(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	e.Rooms.BotDelay = time.Second
	c, js := e.mustRoom(map[string]any{"startPlayer": 0, "dealAutoMs": 10000, "turnTimeoutMs": 0}, "Ann", "Bob", "Cy", "Dee")
	id := e.mustStartMatch(c)
	ann := e.dial(c.Code, "view=json&token="+js[0].Token)
	if st := e.do("POST", "/api/rooms/"+c.Code+"/seats/"+js[0].SeatID+"/bot", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("replace: status %d", st)
	}
	f := ann.until(func(f frame) bool { return f.Type == "view" && f.Seats[0].Standin })
	if !slices.ContainsFunc(f.Legal, func(m game.Move) bool { return m.Type == "take_cards" }) {
		t.Fatalf("the stand-in's own phone has moves %+v, want take_cards", f.Legal)
	}
	standin := func() bool {
		var rm struct{ Seats []struct{ Standin bool } }
		if st := e.do("GET", "/api/rooms/"+c.Code, "", nil, &rm); st != http.StatusOK {
			t.Fatalf("room: status %d", st)
		}
		return rm.Seats[0].Standin
	}

	t.Run("ErrRefusedMoveTakesNothingBack", func(t *testing.T) {
		if r := ann.act("a1", "pass", nil); r.Type != "error" {
			t.Fatalf("a pass at the deal: %s %q, want a refusal", r.Type, r.Message)
		}
		if !standin() {
			t.Fatal("a refused move took the seat back")
		}
	})

	ok := ann.act("a2", "take_cards", nil)
	if ok.Type != "ok" {
		t.Fatalf("take_cards from the stand-in's phone: %s %q, want ok", ok.Type, ok.Message)
	}
	if f := ann.sees(ok); f.Seats[0].Standin || slices.ContainsFunc(f.Legal, func(m game.Move) bool { return m.Type == "take_cards" }) {
		t.Fatalf("after the player's move: stand-in %v, moves %+v", f.Seats[0].Standin, f.Legal)
	}
	// The others take their cards, and it is Ann's turn: long past any
	// bot's reaction time, a bot still playing her seat would have taken
	// it by now.
	for _, j := range js[1:] {
		if r := e.dial(c.Code, "view=json&token="+j.Token).act("t"+j.SeatID, "take_cards", nil); r.Type != "ok" {
			t.Fatalf("%s takes cards: %s %q", j.Name, r.Type, r.Message)
		}
	}
	ann.until(func(f frame) bool {
		return f.Type == "view" && slices.ContainsFunc(f.Legal, func(m game.Move) bool { return m.Type == "pass" })
	})
	// The room's turn that armed the bots is over once it answers again.
	if standin() {
		t.Fatal("the seat is still marked as played by a bot")
	}
	e.Clock.Advance(10 * time.Second)
	_ = standin() // and the turn that let them act
	recs, err := e.Store.Actions(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var by []string
	for _, r := range recs {
		if r.Action.Seat == 0 {
			by = append(by, r.Action.Type)
		}
	}
	if !slices.Equal(by, []string{"take_cards"}) {
		t.Fatalf("seat 0 played %v, want only the player's take_cards", by)
	}
}

// The page of a seat a bot plays offers the seat's moves beside "take my
// seat back", but does not call its player: no "your move" mark, so no
// buzz or title, while the bot will make the move. Taken back, it does.
func TestServer_StandinPageOffersMovesWithoutCalling(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	e.Rooms.BotDelay = 1 << 40 // the bot stays put while the test looks
	c, js := e.mustRoom(map[string]any{"startPlayer": 0, "dealAutoMs": 10000}, "Ann", "Bob", "Cy", "Dee")
	e.mustStartMatch(c)
	ann := e.dial(c.Code, "token="+js[0].Token)
	path := "/api/rooms/" + c.Code + "/seats/" + js[0].SeatID
	if st := e.do("POST", path+"/bot", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("replace: status %d", st)
	}
	f := ann.until(func(f frame) bool { return strings.Contains(f.HTML, `data-testid="takeback"`) })
	if !strings.Contains(f.HTML, `data-testid="wink-take-cards"`) || strings.Contains(f.HTML, "data-your-move") {
		t.Fatalf("the stand-in's page: take cards offered %v, your move marked %v; want offered, unmarked",
			strings.Contains(f.HTML, `data-testid="wink-take-cards"`), strings.Contains(f.HTML, "data-your-move"))
	}
	if st := e.do("POST", path+"/back?token="+js[0].Token, "", nil, nil); st != http.StatusOK {
		t.Fatalf("take back: status %d", st)
	}
	ann.until(func(f frame) bool {
		return f.HTML != "" && !strings.Contains(f.HTML, `data-testid="takeback"`) && strings.Contains(f.HTML, "data-your-move")
	})
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

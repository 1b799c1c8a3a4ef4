package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A room page carries its how-to dialog empty, naming where its cards
// are; anyone (no seat, no cookie) fetches them there, in the language
// asked for, and a second fetch is answered "not modified". A game the
// server does not offer has none (a game in the works is on the shelf
// only with --dev-games, as this test server has it).
func TestHowTo_CardsFetchedWhenOpened(t *testing.T) {
	e := mustStart(t)
	c, _ := e.mustRoom(map[string]any{"mode": "remote"}, "Ann", "Bob", "Cid", "Dee")
	_, page := get(t, e.Server.URL+"/r/"+c.Code, "")
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(page)))
	if err != nil {
		t.Fatal(err)
	}
	dialog := doc.Find("dialog#howto")
	if dialog.Length() != 1 || dialog.Find("[data-howto-card]").Length() != 0 {
		t.Fatalf("the room page has %d dialogs holding %d cards, want one empty", dialog.Length(), dialog.Find("[data-howto-card]").Length())
	}
	src := dialog.AttrOr("data-howto-src", "")
	if src != "/howto/wink" {
		t.Fatalf("the dialog fetches its cards from %q", src)
	}
	for _, tt := range []struct {
		name, path, lang string
		status           int
		title            string
	}{
		{"English", src, "en", http.StatusOK, "Meet your contact"},
		{"German", src, "de", http.StatusOK, "Triff deine Kontaktperson"},
		{"ErrUnknownGame", "/howto/chess", "en", http.StatusNotFound, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", e.Server.URL+tt.path, nil)
			req.Header.Set("Accept-Language", tt.lang)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if tt.status != http.StatusOK {
				return
			}
			cards, err := goquery.NewDocumentFromReader(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if n := cards.Find("[data-howto-card]").Length(); n < 3 {
				t.Fatalf("%d cards", n)
			}
			if got := strings.TrimSpace(cards.Find("[data-testid=howto-card-0] .howto-title").Text()); got != tt.title {
				t.Fatalf("first card %q, want %q", got, tt.title)
			}
			req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
			again, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			again.Body.Close()
			if again.StatusCode != http.StatusNotModified {
				t.Fatalf("asked again: %d, want 304", again.StatusCode)
			}
		})
	}
}

// The first-turn hint is drawn by the server as the page's script would
// show it, so nothing moves after the first paint: showing on a seat's
// first turn, not in the lobby, not for a player who had it in this room
// (their cookie), not on the table screen, and not for a guest.
func TestHowTo_FirstTurnHintDrawnWithThePage(t *testing.T) {
	e := mustStart(t)
	// Vault's turns are played by everyone at once: the first is Ann's.
	var c created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": "vault"}, &c); st != http.StatusCreated {
		t.Fatalf("create room: status %d", st)
	}
	seats := make([]joined, 3)
	for i, n := range []string{"Ann", "Bob", "Cid"} {
		if st := e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": n}, &seats[i]); st != http.StatusCreated {
			t.Fatalf("join %s: status %d", n, st)
		}
	}
	ann := "ts_seat_" + c.Code + "=" + seats[0].Token
	hint := func(path, cookie string) string {
		t.Helper()
		h := pageAs(t, e, path, cookie).Find("#howto-hint")
		switch {
		case h.Length() == 0:
			return "none"
		case h.Is("[hidden]"):
			return "hidden"
		}
		return "shown"
	}
	if got := hint("/r/"+c.Code, ann); got != "hidden" {
		t.Fatalf("in the lobby the hint is %s", got)
	}
	e.mustStartMatch(c)
	for _, tt := range []struct {
		name, path, cookie, want string
	}{
		{"FirstTurn", "/r/" + c.Code, ann, "shown"},
		{"HadItInThisRoom", "/r/" + c.Code, ann + "; ts_hint_" + c.Code + "=1", "hidden"},
		{"HadItInAnotherRoom", "/r/" + c.Code, ann + "; ts_hint_ZZZZ=1", "shown"},
		{"Guest", "/r/" + c.Code, "", "hidden"},
		{"TableScreen", "/r/" + c.Code + "/table", "", "none"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := hint(tt.path, tt.cookie); got != tt.want {
				t.Fatalf("the hint is %s, want %s", got, tt.want)
			}
		})
	}
}

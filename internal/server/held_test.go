package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
)

// heldView is a view message as the page reads it.
type heldView struct {
	Type    string `json:"type"`
	HTML    string `json:"html"`
	Held    bool   `json:"held"`
	Version int64  `json:"version"`
	Now     int64  `json:"now"`
}

// pageHolds opens the room page as the browser holding cookie would and
// returns what its live region holds: the digest and the HTML.
func pageHolds(t *testing.T, e *env, path, cookie string) (digest, html string) {
	t.Helper()
	main := pageAs(t, e, path, cookie).Find("#room-main")
	html, _ = main.Html()
	return main.AttrOr("data-held", ""), html
}

// pageAs is the page at path as the browser holding cookie is sent it.
func pageAs(t *testing.T, e *env, path, cookie string) *goquery.Document {
	t.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// firstViews opens a socket with query and cookie and reads n views.
func firstViews(t *testing.T, e *env, code, query, cookie string, n int, between func()) []heldView {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	if cookie != "" {
		h.Set("Cookie", cookie)
	}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.Server.URL, "http")+"/r/"+code+"/ws?"+query, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	var out []heldView
	for len(out) < n {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var v heldView
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.Type != "view" {
			continue
		}
		if v.Held && (strings.Contains(string(b), `"html"`) || v.Version == 0 || v.Now == 0) {
			t.Fatalf("a held frame carries more or less than its version and time: %s", b)
		}
		out = append(out, v)
		if len(out) == 1 && between != nil {
			between()
		}
	}
	return out
}

// A phone's page holds the board its socket would first send: told so,
// the socket's first frame comes without it, and the next (after a move)
// whole. A page that holds something else (another seat's view, a stale
// digest, none) gets the first frame whole, as does a JSON client.
func TestRoomSocket_FirstFrameThePageHolds(t *testing.T) {
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "remote"}, "Ann", "Bob", "Cid", "Dee")
	e.mustStartMatch(c)
	ann := "ts_seat_" + c.Code + "=" + seats[0].Token
	bob := "ts_seat_" + c.Code + "=" + seats[1].Token

	digest, html := pageHolds(t, e, "/r/"+c.Code, ann)
	if len(digest) != 16 || !strings.Contains(html, `data-testid="wink-seat"`) {
		t.Fatalf("the page holds %q, %d bytes of board", digest, len(html))
	}
	if again, _ := pageHolds(t, e, "/r/"+c.Code, ann); again != digest {
		t.Fatalf("the same page twice holds %q then %q", digest, again)
	}
	// Each page is asked for just before its socket opens, as a browser
	// does: a socket that closed changes what the others see (the table
	// goes first, before any phone came and went).
	page := func(path, cookie string) func() string {
		return func() string { d, _ := pageHolds(t, e, path, cookie); return d }
	}
	for _, tt := range []struct {
		name, query, cookie string
		held                func() string
		want                bool
	}{
		{"TheTablesOwn", "view=html&table=1", "", page("/r/"+c.Code+"/table", ""), true},
		{"ThePagesOwn", "view=html", ann, page("/r/"+c.Code, ann), true},
		{"ErrAnotherSeats", "view=html", ann, page("/r/"+c.Code, bob), false},
		{"ErrStale", "view=html", ann, func() string { return "0123456789abcdef" }, false},
		{"ErrNone", "view=html", ann, func() string { return "" }, false},
		{"ErrTooLong", "view=html", ann, func() string { return strings.Repeat(page("/r/"+c.Code, ann)(), 5) }, false},
		{"ErrJSON", "view=json", ann, page("/r/"+c.Code, ann), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			views := firstViews(t, e, c.Code, tt.query+"&held="+tt.held(), tt.cookie, 1, nil)
			if views[0].Held != tt.want {
				t.Fatalf("first frame held=%v, want %v", views[0].Held, tt.want)
			}
		})
	}

	// After the held first frame, a change brings a whole one.
	t.Run("NextFrameWhole", func(t *testing.T) {
		digest, _ := pageHolds(t, e, "/r/"+c.Code, ann)
		views := firstViews(t, e, c.Code, "view=html&held="+digest, ann, 2, func() {
			// Bob's phone comes: Ann's board shows him here.
			e.dialAs(t, c.Code, "view=json&token="+seats[1].Token)
		})
		if !views[0].Held || views[1].Held || !strings.Contains(views[1].HTML, `data-testid="wink-seat"`) {
			t.Fatalf("held %v then %v (%d bytes of HTML)", views[0].Held, views[1].Held, len(views[1].HTML))
		}
	})
}

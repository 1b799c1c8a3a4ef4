package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
)

// page fetches path with the given headers and parses the page.
func (e *env) page(tb testing.TB, hc *http.Client, path string, header http.Header) (*http.Response, *goquery.Document) {
	tb.Helper()
	req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		tb.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		tb.Fatalf("GET %s: parse: %v", path, err)
	}
	return resp, doc
}

func langCookie(resp *http.Response) string {
	for _, c := range resp.Cookies() {
		if c.Name == "ts_lang" {
			return c.Value
		}
	}
	return ""
}

// One order decides a page's language everywhere: a ?lang= choice, then
// the ts_lang cookie, then Accept-Language, then English; a language the
// app does not speak is passed over. Only a choice sets the cookie.
func TestLanguage_Choice(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	tests := []struct {
		name, query, cookie, header string
		want, remembered            string
	}{
		{"NothingSaysEnglish", "", "", "", "en", ""},
		{"Header", "", "", "de-DE,de;q=0.9,en;q=0.8", "de", ""},
		{"HeaderSecondChoice", "", "", "ja, sv;q=0.5", "sv", ""},
		{"HeaderUnknownFallsBack", "", "", "ja, zh;q=0.5", "en", ""},
		{"CookieBeatsHeader", "", "fr", "de", "fr", ""},
		{"QueryBeatsCookie", "it", "fr", "de", "it", "it"},
		{"QueryUnknownPassedOver", "xx", "fr", "de", "fr", ""},
		{"CookieUnknownPassedOver", "", "klingon", "nl-BE", "nl", ""},
		{"QueryAnyCase", "SV", "", "", "sv", "sv"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			if tt.header != "" {
				h.Set("Accept-Language", tt.header)
			}
			if tt.cookie != "" {
				h.Set("Cookie", "ts_lang="+tt.cookie)
			}
			path := "/"
			if tt.query != "" {
				path += "?lang=" + tt.query
			}
			resp, doc := e.page(t, nil, path, h)
			if got := doc.Find("html").AttrOr("lang", ""); got != tt.want {
				t.Fatalf("<html lang>=%q, want %q", got, tt.want)
			}
			if got := doc.Find(`[data-testid="lang-`+tt.want+`"]`).AttrOr("aria-current", ""); got != "true" {
				t.Fatalf("the switcher does not mark %s as current", tt.want)
			}
			if got := langCookie(resp); got != tt.remembered {
				t.Fatalf("ts_lang cookie=%q, want %q", got, tt.remembered)
			}
			if !strings.Contains(resp.Header.Get("Vary"), "Accept-Language") {
				t.Fatalf("Vary=%q: a cache could serve one reader's language to another", resp.Header.Get("Vary"))
			}
		})
	}
}

// A choice made once is remembered: later pages and the API speak it
// without asking again, whatever the browser's own language.
func TestLanguage_Remembered(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, _ := e.mustRoom(tableOpts, fourPlayers...)
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar}
	en := http.Header{"Accept-Language": {"en-GB"}}
	e.page(t, hc, "/?lang=sv", en)
	_, doc := e.page(t, hc, "/r/"+c.Code, en)
	if got := doc.Find("html").AttrOr("lang", ""); got != "sv" {
		t.Fatalf("room page lang=%q after choosing Swedish", got)
	}
	req, _ := http.NewRequest("GET", e.Server.URL+"/api/games", nil)
	req.Header.Set("Accept-Language", "en-GB")
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var games []struct {
		Slug, Name string
		Options    []struct{ Label string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&games); err != nil {
		t.Fatal(err)
	}
	if games[0].Slug != "wink" || games[0].Name != "Top Secret: Blinkning" || games[0].Options[0].Label != "Spelsätt" {
		t.Fatalf("/api/games in Swedish starts %+v", games[0])
	}
}

// A page served in German says so, speaks the platform's words and the
// game's in German, and links to itself in every other language.
func TestLanguage_GermanPages(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	de := http.Header{"Accept-Language": {"de-DE,de;q=0.9"}}
	_, home := e.page(t, nil, "/", de)
	card := home.Find(`[data-testid="game-card-wink"]`)
	if got := card.Find("h3").Text(); got != "Top Secret: Zwinkern" {
		t.Fatalf("wink's card is called %q", got)
	}
	form := card.Find(`[data-testid="create-wink"]`)
	if got := form.Find(`[data-testid="option-mode"] label, [data-testid="option-mode"] legend`).First().Text(); got != "Spielweise" {
		t.Fatalf("the mode setting is labelled %q", got)
	}
	if got := form.Find(`[data-testid="more-options"] > summary`).Text(); got != "Weitere Einstellungen" {
		t.Fatalf("More options reads %q", got)
	}
	if got := form.Find(`select[name="startPlayer"] option[value="0"]`).Text(); got != "Erster Platz (1)" {
		t.Fatalf("the first seat reads %q", got)
	}

	c, _ := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	_, page := e.page(t, nil, "/r/"+c.Code+"/table", de)
	if got := page.Find("html").AttrOr("lang", ""); got != "de" {
		t.Fatalf("table page lang=%q", got)
	}
	if got := page.Find(`[data-testid="languages"]`).AttrOr("aria-label", ""); got != "Sprache" {
		t.Fatalf("the switcher is labelled %q", got)
	}
	if got := page.Find(`[data-testid="lang-fr"]`).AttrOr("href", ""); got != "/r/"+c.Code+"/table?lang=fr" {
		t.Fatalf("French link %q does not keep the page", got)
	}
	if text := page.Text(); !strings.Contains(text, "Partie 1 beginnt.") || strings.Contains(text, "Match 1 begins.") {
		t.Fatalf("the table screen's events are not German:\n%s", page.Find("body").Text())
	}
}

// A refused setting says why in the host's language.
func TestLanguage_OptionRefusal(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	tests := []struct{ lang, options, want string }{
		{"de", `{"mode":"underwater"}`, "„Spielweise“ kann nicht „underwater“ sein."},
		{"en", `{"mode":"underwater"}`, "Mode cannot be “underwater”."},
		{"fr", `{"turnTimeoutMs":1000}`, "« Temps par tour » doit valoir 0 (sans limite) ou être entre 15 et 300 secondes."},
		{"sv", `{"colour":"red"}`, "Inställningarna gick inte att läsa: json: unknown field \"colour\""},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			req, _ := http.NewRequest("POST", e.Server.URL+"/api/rooms", strings.NewReader(`{"game":"wink","options":`+tt.options+`}`))
			req.Header.Set("Accept-Language", tt.lang)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct {
				Code, Message string
				Msg           *struct{ ID string }
			}
			b, _ := io.ReadAll(resp.Body)
			if err := json.Unmarshal(b, &body); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if resp.StatusCode != http.StatusBadRequest || body.Code != "bad_request" || body.Message != tt.want || body.Msg == nil {
				t.Fatalf("%d %s, want 400 saying %q with its message", resp.StatusCode, b, tt.want)
			}
		})
	}
}

// dialWith opens a websocket the way a browser in some language does.
func (e *env) dialWith(tb testing.TB, code, query string, header http.Header) *client {
	tb.Helper()
	u := "ws" + strings.TrimPrefix(e.Server.URL, "http") + "/r/" + code + "/ws?" + query
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		tb.Fatalf("dial %s: %v", u, err)
	}
	c.SetReadLimit(1 << 22)
	cl := &client{t: tb, c: c}
	tb.Cleanup(func() { c.CloseNow() })
	cl.next()
	return cl
}

// One match, each phone in its own language: the same events reach a
// German and an English connection worded for each, in HTML and in JSON.
func TestRoomSocket_EachConnectionInItsLanguage(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	german := e.dialWith(t, c.Code, "token="+seats[0].Token, http.Header{"Accept-Language": {"de-DE,de;q=0.9"}})
	english := e.dialWith(t, c.Code, "token="+seats[1].Token, http.Header{"Accept-Language": {"en-US"}})
	swedishCookie := e.dialWith(t, c.Code, "view=json&token="+seats[2].Token, http.Header{"Cookie": {"ts_lang=sv"}})
	germanQuery := e.dialWith(t, c.Code, "view=json&lang=de&token="+seats[3].Token, http.Header{"Accept-Language": {"fr"}})
	first := e.dialWith(t, c.Code, "view=json&lang=de&token="+seats[0].Token, nil) // the start player's second phone
	e.mustStartMatch(c)

	html := func(cl *client, want, not string) {
		t.Helper()
		f := cl.until(func(f frame) bool {
			return f.Type == "view" && (strings.Contains(f.HTML, want) || strings.Contains(f.HTML, not))
		})
		if !strings.Contains(f.HTML, want) || strings.Contains(f.HTML, not) {
			t.Fatalf("HTML frame lacks %q (or has %q):\n%s", want, not, f.HTML)
		}
	}
	html(german, "Julia ist Startspieler und zieht zuerst.", "draws first")
	html(english, "Julia is the start player and draws first.", "zieht zuerst")

	type said struct {
		ID   string `json:"id"`
		Text string `json:"text"`
		// An event line's number in its viewer's count, and its kind.
		Seq  int    `json:"seq"`
		Kind string `json:"kind"`
	}
	// events reads JSON frames until the match's first event arrives, and
	// returns the text each message id (events, move labels) was worded as,
	// with the game's name.
	events := func(cl *client) map[string]string {
		t.Helper()
		name := cl.gameName // a connection's first frame alone carries it
		for range 500 {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, b, err := cl.c.Read(ctx)
			cancel()
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			var f struct {
				Type   string `json:"type"`
				Events []said `json:"events"`
				Legal  []struct {
					Label said `json:"label"`
				} `json:"legal"`
				Game struct{ Name string } `json:"game"`
			}
			if err := json.Unmarshal(b, &f); err != nil {
				t.Fatalf("decode %s: %v", b, err)
			}
			if f.Game.Name != "" {
				name = f.Game.Name
			}
			got := map[string]string{"game": name}
			for i, ev := range f.Events {
				got[ev.ID] = ev.Text
				if i > 0 && ev.Seq != f.Events[i-1].Seq+1 || ev.Seq < 1 {
					t.Fatalf("event lines numbered %+v, want one apart from 1", f.Events)
				}
				if ev.ID == "wink.event.deal" && ev.Kind != "deal" {
					t.Fatalf("the deal's line %+v, want kind deal", ev)
				}
			}
			for _, l := range f.Legal {
				got[l.Label.ID] = l.Label.Text
			}
			if f.Type == "view" && got["game.match_begins"] != "" {
				return got
			}
		}
		t.Fatal("no frame with the match's first event in 500")
		return nil
	}
	sv := events(swedishCookie)
	if sv["game.match_begins"] != "Parti 1 börjar." || sv["game"] != "Top Secret: Blinkning" {
		t.Fatalf("Swedish JSON frame says %v", sv)
	}
	de := events(germanQuery)
	if de["game.match_begins"] != "Partie 1 beginnt." || de["game"] != "Top Secret: Zwinkern" {
		t.Fatalf("German JSON frame says %v", de)
	}
	if got := events(first)["wink.move.take_cards"]; got != "Karten nehmen" {
		t.Fatalf("the start player's move label in German is %q", got)
	}
}

// Even a page that is not there answers in the reader's language.
func TestLanguage_NotFoundPage(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	resp, doc := e.page(t, nil, "/no/such/page?lang=it", nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if got := doc.Find("html").AttrOr("lang", ""); got != "it" {
		t.Fatalf("404 page lang=%q, want it", got)
	}
	if got := doc.Find(`[data-testid="lang-de"]`).AttrOr("href", ""); got != "/no/such/page?lang=de" {
		t.Fatalf("German link %q", got)
	}
}

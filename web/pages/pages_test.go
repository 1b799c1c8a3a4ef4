package pages_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// platform is a request's context carrying the platform's own words, as
// the server's carries its games'.
var platform = words.WithCatalog(context.Background(), words.New())

// MustRender renders c and parses it for goquery.
func MustRender(tb testing.TB, c templ.Component) *goquery.Document {
	tb.Helper()
	var buf bytes.Buffer
	if err := c.Render(platform, &buf); err != nil {
		tb.Fatalf("render: %v", err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		tb.Fatalf("parse: %v", err)
	}
	return doc
}

// byID finds elements by data-testid.
func byID(doc *goquery.Document, id string) *goquery.Selection {
	return doc.Find(`[data-testid="` + id + `"]`)
}

// mustOne fails unless exactly one element has the test id.
func mustOne(tb testing.TB, doc *goquery.Document, id string) *goquery.Selection {
	tb.Helper()
	s := byID(doc, id)
	if s.Length() != 1 {
		tb.Fatalf("found %d [data-testid=%q], want 1", s.Length(), id)
	}
	return s
}

// mustNone fails if any element has the test id.
func mustNone(tb testing.TB, doc *goquery.Document, id string) {
	tb.Helper()
	if n := byID(doc, id).Length(); n != 0 {
		tb.Fatalf("found %d [data-testid=%q], want none", n, id)
	}
}

var winkInfo = game.Info{
	Slug: "wink", Name: "Top Secret", MinPlayers: 4, MaxPlayers: 8,
	Blurb:  "Wink at your contact.",
	Series: game.Series{Unit: "wins"},
	Options: []game.Option{
		{Key: "agentCardsRemovedPerPlayer", Label: "Length", Kind: "choice", Default: 2, Choices: []game.Choice{
			{Value: 0, Label: "Long"}, {Value: 2, Label: "First game"}, {Value: 4, Label: "Short"}}},
		{Key: "turnTimeoutMs", Label: "Turn timer", Kind: "int", Default: 60000, Min: 0, Max: 300000, Unit: "ms", Help: "0 = off"},
		{Key: "holdToPeek", Label: "Hold to peek", Kind: "bool", Default: true},
	},
}

func TestHomePage(t *testing.T) {
	t.Parallel()
	doc := MustRender(t, pages.HomePage(pages.Home{
		Games: []pages.GameCard{
			{Info: winkInfo, Available: true},
			{Info: game.Info{Slug: "vault", Name: "Vault", MinPlayers: 2, MaxPlayers: 6}},
		},
		Error: "Unknown game.",
	}))
	mustOne(t, doc, "home")
	if got := mustOne(t, doc, "home-error").Text(); got != "Unknown game." {
		t.Fatalf("error=%q", got)
	}

	t.Run("Available", func(t *testing.T) {
		card := mustOne(t, doc, "game-card-wink")
		if !strings.Contains(card.Text(), "4–8 players") {
			t.Fatalf("card text %q lacks player range", card.Text())
		}
		form := mustOne(t, doc, "create-wink")
		if got, _ := form.Attr("data-create"); got != "wink" {
			t.Fatalf("data-create=%q, want wink", got)
		}
		checked := form.Find(`input[type=radio][name=agentCardsRemovedPerPlayer]:checked`)
		if got, _ := checked.Attr("value"); checked.Length() != 1 || got != "2" {
			t.Fatalf("checked length radio value=%q (n=%d), want 2", got, checked.Length())
		}
		timer := form.Find(`input[type=number][name=turnTimeoutMs]`)
		if v, _ := timer.Attr("value"); v != "60" {
			t.Fatalf("timer shows %q, want 60 (seconds)", v)
		}
		if s, _ := timer.Attr("data-scale"); s != "1000" {
			t.Fatalf("timer data-scale=%q, want 1000", s)
		}
		if mx, _ := timer.Attr("max"); mx != "300" {
			t.Fatalf("timer max=%q, want 300", mx)
		}
		if form.Find(`input[type=checkbox][name=holdToPeek][checked]`).Length() != 1 {
			t.Fatal("bool option not a checked checkbox")
		}
		for _, in := range form.Find("input[id], select[id]").EachIter() {
			id, _ := in.Attr("id")
			if doc.Find(`label[for="`+id+`"]`).Length() == 0 {
				t.Fatalf("input #%s has no label", id)
			}
		}
		if form.Find("button[type=submit]").Length() != 1 {
			t.Fatal("no Create room button")
		}
	})

	t.Run("ComingSoon", func(t *testing.T) {
		card := mustOne(t, doc, "game-card-vault")
		if !card.HasClass("soon") || card.Find(`[data-testid="coming-soon"]`).Length() != 1 {
			t.Fatal("vault not marked coming soon")
		}
		mustNone(t, doc, "create-vault")
		if card.Find("form").Length() != 0 {
			t.Fatal("coming-soon card has a form")
		}
	})
}

func TestRoomPage(t *testing.T) {
	t.Parallel()
	room := pages.Room{Code: "ABC123", GameName: "Top Secret", JoinURL: "https://x/r/ABC123",
		WSURL: "/r/ABC123/ws", Main: pages.LiveMain(pages.Live{Code: "ABC123", Status: "lobby", Game: winkInfo, You: -1})}

	t.Run("OK", func(t *testing.T) {
		doc := MustRender(t, pages.RoomPage(room))
		root := mustOne(t, doc, "room")
		if code, _ := root.Attr("data-code"); code != "ABC123" {
			t.Fatalf("data-code=%q", code)
		}
		main := doc.Find("#room-main")
		if ws, _ := main.Attr("data-ws"); ws != "/r/ABC123/ws" {
			t.Fatalf("data-ws=%q", ws)
		}
		if main.Find(`[data-testid="live"]`).Length() != 1 {
			t.Fatal("#room-main lacks the live fragment")
		}
		if _, hidden := mustOne(t, doc, "reconnecting").Attr("hidden"); !hidden {
			t.Fatal("reconnecting bar visible on load")
		}
		form := mustOne(t, doc, "join-form")
		if got, _ := form.Attr("data-join"); got != "ABC123" {
			t.Fatalf("data-join=%q", got)
		}
		if form.Find(`label[for="join-name"]`).Length() != 1 || form.Find(`input#join-name[name=name]`).Length() != 1 {
			t.Fatal("join form lacks its labelled name input")
		}
	})

	t.Run("Seated", func(t *testing.T) {
		r := room
		r.Seated = true
		doc := MustRender(t, pages.RoomPage(r))
		mustNone(t, doc, "join-form")
		mustNone(t, doc, "spectator")
	})

	// A viewer without a seat reads why they watch, in the live region
	// that follows the room; the name form hides (CSS on .live.closed)
	// exactly while no seat can be taken.
	for _, tc := range []struct {
		name, watching, says string
	}{
		{"LobbyFull", pages.WatchingFull, "This room is full"},
		{"MatchRunning", pages.WatchingMatch, "Seats open again in the lobby"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := room
			r.Main = pages.LiveMain(pages.Live{Code: "ABC123", Status: "lobby", Game: winkInfo, You: -1, Watching: tc.watching})
			doc := MustRender(t, pages.RoomPage(r))
			mustOne(t, doc, "join-form")
			if !mustOne(t, doc, "live").HasClass("closed") {
				t.Fatal("the live region does not say the seats are closed")
			}
			if got := mustOne(t, doc, "spectator").Text(); !strings.Contains(got, tc.says) {
				t.Fatalf("spectator note %q, want %q", got, tc.says)
			}
			for _, other := range []string{"This room is full", "Seats open again in the lobby"} {
				if other != tc.says && strings.Contains(mustOne(t, doc, "spectator").Text(), other) {
					t.Fatalf("spectator note %q also says %q", mustOne(t, doc, "spectator").Text(), other)
				}
			}
		})
	}

	t.Run("SeatFree", func(t *testing.T) {
		doc := MustRender(t, pages.RoomPage(room))
		mustOne(t, doc, "join-form")
		mustNone(t, doc, "spectator")
		if mustOne(t, doc, "live").HasClass("closed") {
			t.Fatal("a room with a free seat says its seats are closed")
		}
	})

	t.Run("Table", func(t *testing.T) {
		r := room
		r.Table = true
		doc := MustRender(t, pages.RoomPage(r))
		mustNone(t, doc, "join-form")
		if !mustOne(t, doc, "room").HasClass("on-table") {
			t.Fatal("table room lacks on-table class")
		}
	})
}

func TestErrorView(t *testing.T) {
	t.Parallel()
	doc := MustRender(t, pages.ErrorView(pages.ErrorPage{Status: 404, Title: "No such room", Message: "Check the code."}))
	mustOne(t, doc, "error")
	if got := mustOne(t, doc, "error-status").Text(); got != "404" {
		t.Fatalf("status=%q", got)
	}
	if doc.Find(`a[href="/"]`).Length() != 1 {
		t.Fatal("no way home")
	}
	mustNone(t, doc, "join-code")

	// A room that is not there offers the code box, holding what was typed.
	doc = MustRender(t, pages.ErrorView(pages.ErrorPage{Status: 404, Title: "No such room", AskCode: true, Code: "ACD3FG"}))
	if got, _ := mustOne(t, doc, "join-code").Find("input[name=code]").Attr("value"); got != "ACD3FG" {
		t.Fatalf("the code box holds %q", got)
	}
}

func TestJoinForm(t *testing.T) {
	t.Parallel()
	doc := MustRender(t, pages.JoinForm("XYZ", pages.NameMax{Chars: 20, Runes: 64, Bytes: 224}))
	if got, _ := mustOne(t, doc, "join-form").Attr("data-join"); got != "XYZ" {
		t.Fatalf("data-join=%q", got)
	}
	mustOne(t, doc, "join-submit")
}

func TestRoomPage_TopBarShortName(t *testing.T) {
	doc := MustRender(t, pages.RoomPage(pages.Room{Code: "ACDEFG", GameName: "Top Secret: Inkognito", Main: templ.NopComponent}))
	if got := strings.TrimSpace(doc.Find(".game-name").Text()); got != "Inkognito" {
		t.Fatalf("top bar game name %q, want Inkognito", got)
	}
}

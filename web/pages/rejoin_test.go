package pages_test

import (
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// Each viewer sees its own part of moving seats between phones: the host
// a "Move to another phone" per person's seat and the requests to answer,
// a visitor the way back, a seat's own phone its rejoin code, and a phone
// whose seat moved the reason it only watches.
func TestLiveMain_Rejoin(t *testing.T) {
	t.Parallel()
	rd := words.New().Reader("en", nil)
	base := lobby()
	base.Rejoin.Words = rd
	for _, tc := range []struct {
		name   string
		status string
		edit   func(l *pages.Live)
		want   map[string]string // data-testid → text it contains
		none   []string
	}{
		{"HostInMatch", "playing", func(l *pages.Live) {
			l.IsHost = true
			l.Rejoin.Asks = []pages.AskLine{{ID: "a1", Name: "Tom", Pictures: []pages.Picture{{Emoji: "🐻", Name: "bear"}, {Emoji: "🍋", Name: "lemon"}},
				Came: game.M("game.rejoin.came_never")}}
			l.Rejoin.Code = "ACDEFG"
		}, map[string]string{
			"move-phone-0": "Move to another phone", "move-phone-1": "Move to another phone",
			"ask-a1": "Tom’s seat is asked for from another phone.", "ask-allow": "Allow", "ask-refuse": "Refuse",
			"ask-pictures": "🐻bear🍋lemon", "ask-came": "The asking phone has never been in this room before.",
			"rejoin-code": "ACDEFG",
		}, []string{"move-phone-2", "rejoin-panel", "seat-moved"}},
		{"HostInLobby", "lobby", func(l *pages.Live) { l.IsHost = true }, map[string]string{
			"move-phone-1": "Move to another phone",
		}, []string{"move-phone-0", "move-phone-2"}}, // the host's own seat in the lobby; a bot
		{"Visitor", "playing", func(l *pages.Live) {
			l.You = -1
			l.Seats[0].You = false
			l.Rejoin.Visitor = true
			l.Rejoin.Lost = []pages.SeatLine{l.Seats[1]}
		}, map[string]string{
			"rejoin-panel": "Lost your seat?", "ask-seat-1": "I was Tom: rejoin", "rejoin-code-submit": "Rejoin",
		}, []string{"move-phone-0", "ask-seat-0", "this-seat", "ask-a1"}},
		{"Moved", "playing", func(l *pages.Live) {
			l.You = -1
			l.Seats[0].You = false
			l.Rejoin.Visitor, l.Rejoin.Moved = true, "Marie"
		}, map[string]string{
			"seat-moved": "Your seat moved to another phone.", "rejoin-panel": "Lost your seat?",
		}, []string{"ask-seat-1", "this-seat"}},
		{"Guest", "playing", func(l *pages.Live) { l.Rejoin.Code = "ACDEFG" }, map[string]string{
			"this-seat": "This seat", "rejoin-code": "ACDEFG",
		}, []string{"move-phone-1", "rejoin-panel", "ask-allow"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := base
			l.Seats = append([]pages.SeatLine(nil), base.Seats...)
			l.Status = tc.status
			if tc.status == "playing" {
				l.MatchID = "m1"
			}
			tc.edit(&l)
			doc := MustRender(t, pages.LiveMain(l))
			for id, text := range tc.want {
				if got := mustOne(t, doc, id).Text(); !strings.Contains(got, text) {
					t.Errorf("%s says %q, want %q", id, got, text)
				}
			}
			for _, id := range tc.none {
				mustNone(t, doc, id)
			}
			if strings.Contains(doc.Text(), "game.rejoin.") {
				t.Fatal("a message id shows instead of its words")
			}
		})
	}
}

// The host's sheet carries the link, its QR code and how long it works; the
// link's page asks before taking the seat, or says why it cannot.
func TestMoveSheetAndPassPage(t *testing.T) {
	t.Parallel()
	rd := words.New().Reader("en", nil)
	doc := MustRender(t, pages.MoveSheetView(pages.MoveSheet{Words: rd, Name: "Tom", URL: "https://x/r/ABC123/pass/s3cr3t",
		QRSVG: `<svg data-testid="qr-svg"></svg>`, Minutes: 15}))
	mustOne(t, doc, "qr-svg")
	if got := mustOne(t, doc, "move-url").Text(); got != "https://x/r/ABC123/pass/s3cr3t" {
		t.Fatalf("move-url=%q", got)
	}
	if got := mustOne(t, doc, "move-sheet").Text(); !strings.Contains(got, "Move Tom’s seat to another phone") || !strings.Contains(got, "for 15 minutes") {
		t.Fatalf("sheet says %q", got)
	}
	ask := MustRender(t, pages.PassView(pages.PassPage{Words: rd, Code: "ABC123", Name: "Tom"}))
	if got := mustOne(t, ask, "pass-page").Text(); !strings.Contains(got, "Take Tom’s seat on this phone?") {
		t.Fatalf("pass page says %q", got)
	}
	if m, _ := ask.Find("form").Attr("method"); m != "post" {
		t.Fatalf("the take form's method is %q, want post", m)
	}
	gone := MustRender(t, pages.PassView(pages.PassPage{Words: rd, Code: "ABC123", Problem: "This link has expired."}))
	mustNone(t, gone, "pass-take")
	if href, _ := mustOne(t, gone, "pass-room").Attr("href"); href != "/r/ABC123" {
		t.Fatalf("pass-room links to %q", href)
	}
}

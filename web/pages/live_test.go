package pages_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/web/pages"
)

func lobby() pages.Live {
	return pages.Live{
		Code: "ABC123", Game: winkInfo, Status: "lobby", You: 0,
		Seats: []pages.SeatLine{
			{ID: "s1", Position: 0, Name: "Marie", Connected: true, You: true, Colour: "#4cc48c"},
			{ID: "s2", Position: 1, Name: "Tom", Connected: false, Away: true, Colour: "red"},
			{ID: "s3", Position: 2, Name: "Robo", Bot: true, Colour: "url(evil)"},
		},
		StartHint: "Need 4-8 players (3 seated)",
		Options: []pages.OptionValue{
			{Option: winkInfo.Options[0], Value: float64(4)},
			{Option: winkInfo.Options[1], Value: float64(0)},
		},
		JoinURL: "https://x/r/ABC123",
		QRSVG:   `<svg data-testid="qr-svg"></svg>`,
	}
}

func TestLiveMain_Lobby(t *testing.T) {
	t.Parallel()

	t.Run("Host", func(t *testing.T) {
		l := lobby()
		l.IsHost = true
		doc := MustRender(t, pages.LiveMain(l))
		if st, _ := mustOne(t, doc, "live").Attr("data-status"); st != "lobby" {
			t.Fatalf("data-status=%q", st)
		}
		if n := byID(doc, "lobby-seats").Find("li.seat").Length(); n != 3 {
			t.Fatalf("%d seats, want 3", n)
		}
		start := mustOne(t, doc, "start")
		if _, off := start.Attr("disabled"); !off {
			t.Fatal("Start enabled without CanStart")
		}
		if got := mustOne(t, doc, "start-hint").Text(); got != l.StartHint {
			t.Fatalf("hint=%q", got)
		}
		add := mustOne(t, doc, "add-bot")
		if p, _ := add.Attr("data-post"); p != "/api/rooms/ABC123/seats" {
			t.Fatalf("add-bot data-post=%q", p)
		}
		if b, _ := add.Attr("data-body"); b != `{"bot":true}` {
			t.Fatalf("add-bot data-body=%q", b)
		}
		if _, off := mustOne(t, doc, "move-up-0").Attr("disabled"); !off {
			t.Fatal("first seat can move up")
		}
		down := mustOne(t, doc, "move-down-1")
		if p, _ := down.Attr("data-post"); p != "/api/rooms/ABC123/seats/s2/move" {
			t.Fatalf("move data-post=%q", p)
		}
		if b, _ := down.Attr("data-body"); b != `{"to":2}` {
			t.Fatalf("move data-body=%q", b)
		}
		kick := mustOne(t, doc, "kick-2")
		if p, _ := kick.Attr("data-post"); p != "/api/rooms/ABC123/seats/s3/kick" {
			t.Fatalf("kick data-post=%q", p)
		}
		if _, ok := kick.Attr("data-confirm"); !ok {
			t.Fatal("kick without confirmation")
		}
		form := mustOne(t, doc, "options-form")
		if p, _ := form.Attr("data-post"); p != "/api/rooms/ABC123/options" {
			t.Fatalf("options data-post=%q", p)
		}
		if v, _ := form.Find(`input[name=agentCardsRemovedPerPlayer]:checked`).Attr("value"); v != "4" {
			t.Fatalf("checked option=%q, want 4", v)
		}
		mustOne(t, doc, "table-link")
		mustNone(t, doc, "waiting-host")
		if h, _ := mustOne(t, doc, "history-link").Attr("href"); h != "/r/ABC123/history" {
			t.Fatalf("history link href=%q", h)
		}
	})

	t.Run("HostCanStart", func(t *testing.T) {
		l := lobby()
		l.IsHost, l.CanStart, l.StartHint = true, true, ""
		doc := MustRender(t, pages.LiveMain(l))
		if _, off := mustOne(t, doc, "start").Attr("disabled"); off {
			t.Fatal("Start disabled with CanStart")
		}
		mustNone(t, doc, "start-hint")
	})

	t.Run("Guest", func(t *testing.T) {
		doc := MustRender(t, pages.LiveMain(lobby()))
		for _, id := range []string{"start", "add-bot", "kick-0", "move-up-1", "options-form", "table-link"} {
			mustNone(t, doc, id)
		}
		mustOne(t, doc, "waiting-host")
		mustOne(t, doc, "start-hint")
		opts := mustOne(t, doc, "options")
		if got := opts.Find(`[data-testid="option-agentCardsRemovedPerPlayer"] dd`).Text(); got != "Short" {
			t.Fatalf("length shown as %q, want Short", got)
		}
		if got := opts.Find(`[data-testid="option-turnTimeoutMs"] dd`).Text(); got != "Off" {
			t.Fatalf("timer shown as %q, want Off", got)
		}
	})

	t.Run("Connection", func(t *testing.T) {
		doc := MustRender(t, pages.LiveMain(lobby()))
		mustNone(t, doc, "seat-reconnecting-0")
		mustOne(t, doc, "seat-reconnecting-1")
		mustNone(t, doc, "seat-reconnecting-2") // bots never disconnect
		for _, id := range []string{"seat-not-here-0", "seat-not-here-1", "seat-not-here-2"} {
			mustNone(t, doc, id)
		}
		if !mustOne(t, doc, "seat-0").Find(".dot").HasClass("on") {
			t.Fatal("connected seat without a lit dot")
		}
		if mustOne(t, doc, "seat-1").Find(".dot").HasClass("on") {
			t.Fatal("disconnected seat with a lit dot")
		}
		if st, _ := mustOne(t, doc, "seat-0").Attr("style"); !strings.Contains(st, "#4cc48c") {
			t.Fatalf("seat style=%q lacks its colour", st)
		}
		if st, _ := mustOne(t, doc, "seat-2").Attr("style"); strings.Contains(st, "url") {
			t.Fatalf("seat style=%q lets a bad colour through", st)
		}
	})

	// Only a seat whose phone was here and left is reconnecting; one no
	// phone has opened says so.
	t.Run("NotHereYet", func(t *testing.T) {
		l := lobby()
		l.Seats[1].Away = false
		doc := MustRender(t, pages.LiveMain(l))
		mustNone(t, doc, "seat-reconnecting-1")
		if got := mustOne(t, doc, "seat-not-here-1").Text(); got != "not here yet" {
			t.Fatalf("a seat never opened says %q", got)
		}
		if got, _ := mustOne(t, doc, "seat-1").Find(".dot").Attr("aria-label"); got != "not here yet" {
			t.Fatalf("its dot says %q", got)
		}
	})

	// The host wears a crown and the word, whichever seat holds the role.
	t.Run("HostMarked", func(t *testing.T) {
		l := lobby()
		l.Seats[0].Host = true
		doc := MustRender(t, pages.LiveMain(l))
		tag := mustOne(t, doc, "seat-host-0")
		if strings.TrimSpace(tag.Text()) != "Host" || tag.Find("svg").Length() != 1 {
			t.Fatalf("host tag reads %q with %d icons", tag.Text(), tag.Find("svg").Length())
		}
		mustNone(t, doc, "seat-host-1")
		mustNone(t, doc, "seat-host-2")
	})

	t.Run("Table", func(t *testing.T) {
		l := lobby()
		l.Table, l.You = true, -1
		doc := MustRender(t, pages.LiveMain(l))
		mustOne(t, doc, "qr-svg")
		if got := mustOne(t, doc, "join-url").Text(); got != l.JoinURL {
			t.Fatalf("join url=%q", got)
		}
		mustNone(t, doc, "kick-0")
	})
}

func TestLiveMain_Playing(t *testing.T) {
	t.Parallel()
	board := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, `<div data-testid="wink-board">board</div>`)
		return err
	})
	l := lobby()
	l.Status, l.Board, l.MatchID = "playing", board, "m1"
	l.Log = templ.Raw(`<ol data-log><li data-seq="6">six</li><li data-seq="5">five</li></ol>`)
	l.Standings = []pages.Standing{{Name: "Marie", Wins: 2, Played: 3, Leader: true}, {Name: "Tom", Wins: 1, Played: 3}}

	t.Run("OK", func(t *testing.T) {
		doc := MustRender(t, pages.LiveMain(l))
		mustOne(t, byDoc(doc, "board"), "wink-board")
		mustOne(t, doc, "seats-strip")
		if n := mustOne(t, doc, "standings").Find("tbody tr").Length(); n != 2 {
			t.Fatalf("%d standing rows, want 2", n)
		}
		ev := mustOne(t, doc, "events").Find("li")
		if ev.Length() != 2 || ev.First().Text() != "six" {
			t.Fatalf("events=%d first=%q, want the log's 2 lines, six first", ev.Length(), ev.First().Text())
		}
		for _, id := range []string{"result", "result-replay", "start", "kick-0", "options-form"} {
			mustNone(t, doc, id)
		}
		if h, _ := mustOne(t, byDoc(doc, "seats-strip"), "history-link").Attr("href"); h != "/r/ABC123/history" {
			t.Fatalf("history link href=%q", h)
		}
	})

	t.Run("FinishedHost", func(t *testing.T) {
		f := l
		f.Status, f.IsHost = "finished", true
		f.Result = &pages.ResultLine{Summary: "Marie found her contact.", Winners: []string{"Marie"}, MatchID: "m1"}
		doc := MustRender(t, pages.LiveMain(f))
		res := mustOne(t, doc, "result")
		if !strings.Contains(res.Text(), "Marie found her contact.") {
			t.Fatalf("result text %q", res.Text())
		}
		if p, _ := mustOne(t, doc, "rematch").Attr("data-post"); p != "/api/rooms/ABC123/rematch" {
			t.Fatalf("rematch data-post=%q", p)
		}
		if h, _ := mustOne(t, byDoc(doc, "result"), "result-replay").Attr("href"); h != "/m/m1" {
			t.Fatalf("replay link href=%q, want /m/m1", h)
		}
		if h, _ := mustOne(t, byDoc(doc, "result"), "history-link").Attr("href"); h != "/r/ABC123/history" {
			t.Fatalf("history link href=%q", h)
		}
		mustOne(t, doc, "history-link") // the banner's only: not twice
	})

	// The table screen's board draws the result: the banner does not say
	// it again, only the way on, unless the host ended the match.
	t.Run("FinishedTableSaysItOnce", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			ended   bool
			summary bool
		}{{"rules ended it", false, false}, {"host ended it", true, true}} {
			f := l
			f.Status, f.Table, f.You = "finished", true, -1
			f.Result = &pages.ResultLine{Summary: "Marie found her contact.", Winners: []string{"Marie"}, MatchID: "m1", Ended: tc.ended}
			doc := MustRender(t, pages.LiveMain(f))
			res := mustOne(t, doc, "result")
			if !res.HasClass("slim") {
				t.Fatalf("%s: the table's banner is not slim", tc.name)
			}
			mustNone(t, doc, "winners")
			if got := doc.Find(`[data-testid="result-summary"]`).Length() == 1; got != tc.summary {
				t.Fatalf("%s: summary shown %v, want %v", tc.name, got, tc.summary)
			}
			mustOne(t, byDoc(doc, "result"), "result-replay")
		}
	})

	t.Run("FinishedGuest", func(t *testing.T) {
		f := l
		f.Status = "finished"
		f.Result = &pages.ResultLine{Summary: "Done.", Winners: []string{"Marie", "Tom"}}
		doc := MustRender(t, pages.LiveMain(f))
		if got := mustOne(t, doc, "winners").Text(); !strings.Contains(got, "Marie and Tom") {
			t.Fatalf("winners=%q", got)
		}
		mustNone(t, doc, "rematch")
		mustNone(t, doc, "result-replay") // no match id, no replay link
		mustOne(t, byDoc(doc, "result"), "history-link")
	})
}

// byDoc narrows doc to the element with a test id, as a document for mustOne.
func byDoc(doc *goquery.Document, id string) *goquery.Document {
	return goquery.NewDocumentFromNode(byID(doc, id).Nodes[0])
}

// A series with a target names its champion once someone reaches it.
func TestLiveMain_SeriesChampion(t *testing.T) {
	l := lobby()
	l.Status = "finished"
	l.Game.Series = game.Series{Target: 1200, Unit: "points"}
	l.Standings = []pages.Standing{{Name: "Ann", Points: 1250, Wins: 3, Played: 5, Leader: true, Champion: true},
		{Name: "Ben", Points: 900, Wins: 2, Played: 5}}
	doc := MustRender(t, pages.LiveMain(l))
	if got := mustOne(t, doc, "series-champion").Closest("tr").Text(); !strings.Contains(got, "Ann") {
		t.Fatalf("the champion badge sits on %q", got)
	}
	l.Standings[0].Champion = false
	mustNone(t, MustRender(t, pages.LiveMain(l)), "series-champion")
}

func TestLiveMain_RematchCarriesTheSeriesOn(t *testing.T) {
	tests := []struct {
		name     string
		series   game.Series
		match    string
		champion bool
		want     string
	}{
		{"open series", game.Series{Unit: "wins"}, "", false, "Rematch"},
		{"vault mid-series", game.Series{Target: 1200, Unit: "points"}, "deal", false, "Next deal"},
		{"series won", game.Series{Target: 3, Unit: "points"}, "game", true, "New series"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := lobby()
			l.Status, l.IsHost, l.MatchID = "finished", true, "m1"
			l.Result = &pages.ResultLine{Summary: "done", MatchID: "m1"}
			l.Game.Series, l.Game.MatchName = tt.series, tt.match
			l.Standings = []pages.Standing{{Name: "Ann", Leader: true, Champion: tt.champion}}
			if got := strings.TrimSpace(mustOne(t, MustRender(t, pages.LiveMain(l)), "rematch").Text()); got != tt.want {
				t.Fatalf("rematch button reads %q, want %q", got, tt.want)
			}
		})
	}
}

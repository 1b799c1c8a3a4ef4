package winkboard_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/web/boards/winkboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestGame_Registration: the registration draws every surface from pointer
// views, serves the stylesheet, ships the English catalogue and colours
// every seat colour the engine names.
func TestGame_Registration(t *testing.T) {
	g := winkboard.Game
	if u := g.StylesheetURLs(); g.Slug != "wink" || len(u) != 1 || !strings.HasPrefix(u[0], "/static/games/wink/wink.") {
		t.Fatalf("slug %q stylesheets %q", g.Slug, u)
	}
	if _, err := fs.Stat(g.Assets, "wink.css"); err != nil {
		t.Fatalf("stylesheet: %v", err)
	}
	if _, err := fs.Stat(g.Messages, "en.json"); err != nil {
		t.Fatalf("catalogue: %v", err)
	}
	st, err := wink.Rules{}.New(game.Setup{Game: "wink", Seats: wink.MaxPlayers})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range st.(game.Colourer).SeatColours() {
		if _, ok := g.Palette[c]; !ok {
			t.Errorf("the palette lacks %q", c)
		}
	}
	for _, tc := range []struct {
		name string
		ctx  kit.Context
		id   string
	}{{"phone", turnOther(), "wink-seat"}, {"table", tableCtx(tableF(4, wink.PhaseTurn, 1)), "wink-table"}, {"replay", omniscient(), "wink-table"}} {
		t.Run(tc.name, func(t *testing.T) {
			doc, _ := render(t, tc.ctx)
			boardtest.One(t, doc, tc.id)
			if tc.id == "wink-table" && !strings.Contains(boardtest.One(t, doc, "wink-table-seat-2").Text(), "reconnecting") {
				t.Error("disconnected seat 2 not marked")
			}
		})
	}
}

func TestGame_UnknownViewDrawsNothing(t *testing.T) {
	var nilSeat *wink.SeatView
	var nilAll *wink.OmniscientView
	for _, v := range []any{42, wink.TableView{}, nilSeat, nilAll} {
		if _, html := boardtest.Render(t, winkboard.Game, kit.Context{View: v}); html != "" {
			t.Errorf("%T: drew %q", v, html)
		}
	}
}

// TestGame_Secrets: the all-seeing replay lists every hand, pile and deck
// in words; live views have no secret files.
func TestGame_Secrets(t *testing.T) {
	c := omniscient()
	rows := winkboard.Game.Secrets(c)
	got := map[string]string{}
	var labels []string
	for _, r := range rows {
		got[r.Label] = r.Value
		labels = append(labels, r.Label)
		if m := rawWords.FindString(r.Label + " " + r.Value); m != "" {
			t.Errorf("raw %q in %q — %q", m, r.Label, r.Value)
		}
	}
	if missing := catalog.Missing(); len(missing) > 0 {
		t.Fatalf("message ids missing from the catalogue: %v", missing)
	}
	want := map[string]string{
		"Julia’s hand":               "Agent purple, Fountain",
		"Tom’s hand":                 "no agent card, Kiosk",
		"Jan’s hand":                 "Agent red, Street café",
		"Marie’s hand":               "No cards",
		"Tom’s score pile":           "Agent green and Metro station",
		"Julia’s score pile":         "none",
		"Agent cards removed unseen": "red and blue",
		"Agent deck, top first":      "green and blue",
		"Agent discard pile":         "red",
		"Location deck, top first":   "Kiosk and Street café",
		"Location discard pile":      "none",
		"The pending claim":          "Julia holds the Fountain: the mission succeeds.",
	}
	for label, value := range want {
		if got[label] != value {
			t.Errorf("%s = %q, want %q", label, got[label], value)
		}
	}
	if i := slices.Index(labels, "Julia’s hand"); i != 0 {
		t.Errorf("the hands come first; Julia's is row %d of %v", i, labels)
	}
	for _, c := range []kit.Context{turnMine(), tableCtx(overTable())} {
		if rows := winkboard.Game.Secrets(c); rows != nil {
			t.Errorf("%T has secret files: %v", c.View, rows)
		}
	}
}

// A score reads "1 pt" and "2 pts", never "1 pts".
func TestPointsArePlural(t *testing.T) {
	rd := boardtest.Words(t, winkboard.Game).Reader("en", nil)
	for n, want := range map[int]string{0: "pts", 1: "pt", 2: "pts"} {
		if got := rd.Say(game.M("wink.ui.pts", game.N("n", n))); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

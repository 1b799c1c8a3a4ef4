package inkognitoboard_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/static"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestGame checks the registration: slug, stylesheet, palette, messages.
func TestGame(t *testing.T) {
	g := inkognitoboard.Game
	if g.Slug != (inkognito.Rules{}).Info().Slug {
		t.Fatalf("Slug=%q, want the engine's", g.Slug)
	}
	// The board's styles, split by concept, load in their order.
	want := []string{"/static/games/inkognito/inkognito.", "/static/games/inkognito/sheet.", "/static/games/inkognito/table."}
	got := g.StylesheetURLs()
	if len(got) != len(want) {
		t.Fatalf("StylesheetURLs=%q, want %q…", got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) || !strings.HasSuffix(got[i], ".css") {
			t.Errorf("StylesheetURLs=%q, want %q…", got, want)
		}
	}
	// A page loads them as one file, in that order.
	page, ok := static.Read(g.SheetURL(), g.Assets)
	if !ok || !strings.HasPrefix(g.SheetURL(), "/static/games/inkognito/inkognito.page.") {
		t.Fatalf("SheetURL=%q, found %v", g.SheetURL(), ok)
	}
	at := 0
	for _, name := range g.Stylesheets {
		body, err := fs.ReadFile(g.Assets, name)
		if err != nil {
			t.Fatalf("stylesheet %s: %v", name, err)
		}
		if i := bytes.Index(page, body); i < at {
			t.Fatalf("%s is not in the page's stylesheet after the ones before it", name)
		} else {
			at = i
		}
	}
	// Every colour the engine hands out is in the palette.
	for _, n := range []int{3, 4, 5} {
		m := newMatch(t, n, 1, inkognito.HelperOff)
		for s, c := range m.st.(game.Colourer).SeatColours() {
			if _, ok := g.Palette[c]; !ok {
				t.Errorf("%dp seat %d colour %q is not in the palette", n, s, c)
			}
		}
	}
	boardtest.Words(t, g) // the messages load
}

// TestGame_Draw draws a phone and the table through the registration: the
// stored note comes back and a disconnected player shows reconnecting.
func TestGame_Draw(t *testing.T) {
	m, s := found(t, 4, inkognito.HelperOff, columns(1))
	v := m.seat(s)
	other := -1
	for _, a := range v.Sheet.Agents {
		if a.Seat != v.Me {
			other = a.Seat
			break
		}
	}
	c := m.phone(s, json.RawMessage(fmt.Sprintf(`{"g%d_Z":"y"}`, other)))
	c.Away = []bool{false, false, true, false}
	doc, _ := render(t, c)
	boardtest.One(t, doc, "inkognito-seat")
	if got := doc.Find(fmt.Sprintf(`input[name="g%d_Z"][checked]`, other)).AttrOr("value", ""); got != "y" {
		t.Errorf("stored mark not shown: %q", got)
	}
	tc := m.tableCtx()
	tc.Away = c.Away
	doc, _ = render(t, tc)
	boardtest.One(t, doc, "inkognito-table")
	if !strings.Contains(boardtest.One(t, doc, "inkognito-agent-2").Text(), "reconnecting") {
		t.Error("a disconnected player is not shown reconnecting")
	}
	if strings.Contains(boardtest.One(t, doc, "inkognito-agent-1").Text(), "reconnecting") {
		t.Error("a connected player is shown reconnecting")
	}
}

// TestReplay draws the all-seeing view: the table with every black card
// (the fictitious agent's too), and its secret files in words.
func TestReplay(t *testing.T) {
	for _, n := range []int{3, 4, 5} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			m, _ := found(t, n, inkognito.HelperOff, sealed)
			c := m.replayCtx()
			doc, _ := render(t, c)
			boardtest.One(t, doc, "inkognito-table")
			boardtest.One(t, doc, "inkognito-omniscient")
			if got := doc.Find(`[data-testid="inkognito-omniscient"] li`).Length(); got != 4 {
				t.Errorf("%d black-card lines, want 4", got)
			}
			ov := c.View.(*inkognito.OmniscientView)
			rows := inkognitoboard.Game.Secrets(c)
			want := 1 + len(ov.Black) // the number, every agent's black cards
			if len(ov.Deck) > 0 {
				want++
			}
			if ov.Commit != "" {
				want++
			}
			for _, x := range ov.Sealed {
				if x != nil {
					want++
				}
			}
			if len(rows) != want {
				t.Fatalf("%d secret rows, want %d: %+v", len(rows), want, rows)
			}
			if rows[0].Value != ov.Number {
				t.Errorf("first row %+v, want the number %s", rows[0], ov.Number)
			}
			for _, r := range rows {
				if r.Label == "" || r.Value == "" {
					t.Errorf("empty secret row %+v", r)
				}
				for _, code := range []string{"inkognito.", "RIALTO", "SAN_MARCO", "CA_DORO", "ACCADEMIA", "ARSENALE", "IDENTITY", "NUMBER", "show_pair", "<no value>"} {
					if strings.Contains(r.Label+r.Value, code) {
						t.Errorf("secret row %+v shows %q", r, code)
					}
				}
			}
			// Only the all-seeing view has secret files.
			if rows := inkognitoboard.Game.Secrets(m.tableCtx()); rows != nil {
				t.Errorf("the table view has secrets %+v", rows)
			}
		})
	}
}

// TestSecrets_Words checks one secret file in full.
func TestSecrets_Words(t *testing.T) {
	ov := &inkognito.OmniscientView{
		TableView: inkognito.TableView{Players: 4, Ambassador: inkognito.AmbInfo{Seat: -1}},
		Number:    "5211029",
		Black:     []inkognito.BlackInfo{{Seat: 1, Identity: "B", Fragment: "11"}},
		Deck:      []string{"RIALTO", "CA_DORO"},
		Sealed:    []*inkognito.Sealed{{Type: inkognito.ActShowPair, Cards: []string{"F", "0"}}, nil},
	}
	c := kit.Context{View: ov, Names: names[:4], You: game.System, Table: true,
		Words: boardtest.Words(t, inkognitoboard.Game).Reader("en", names[:4])}
	got := inkognitoboard.Game.Secrets(c)
	want := []kit.Secret{
		{Label: "The number", Value: "5211029"},
		{Label: names[1] + "'s black cards", Value: "Col. Bubble (B), 11"},
		{Label: "The Ambassador's deck", Value: "Rialto, Ca' d'Oro"},
		{Label: names[0] + "'s sealed choice", Value: "shows F + 0"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Secrets=%+v\nwant %+v", got, want)
	}
}

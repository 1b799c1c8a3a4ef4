package inkognitoboard_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestSheet checks the clue sheet: the engine's marks in the log, the stored
// note back in the grid and the number box, and the helper.
func TestSheet(t *testing.T) {
	m, s := found(t, 4, inkognito.HelperFull, columns(3))
	v := m.seat(s)
	other := -1
	for _, a := range v.Sheet.Agents {
		if a.Seat != v.Me {
			other = a.Seat
			break
		}
	}
	note := json.RawMessage(fmt.Sprintf(`{"g%d_F":"n","g%d_52":"y","g%d_0":"q","r%d":"nervous at Rialto","ns_X":"%d","nf_X":"29"}`,
		other, other, other, other, other))
	c := m.phone(s, note)
	doc, _ := render(t, c)
	sheet := boardtest.One(t, doc, "inkognito-sheet")
	if _, open := sheet.Attr("open"); !open {
		t.Error("the sheet starts closed")
	}
	// The log: one column per event, each mark in its face's row.
	if got := doc.Find(`[data-testid="inkognito-log-col"]`).Length(); got != len(v.Sheet.Columns) {
		t.Errorf("%d log columns, want %d", got, len(v.Sheet.Columns))
	}
	rows := doc.Find(".ik-log-table tbody tr")
	for i, col := range v.Sheet.Columns {
		for _, mk := range col.Marks {
			row := rows.FilterFunction(func(_ int, r *goquery.Selection) bool { return r.Find("th").Text() == mk.Face })
			cell := row.Find("td").Eq(i)
			if !strings.Contains(cell.Text(), mk.Mark) {
				t.Errorf("column %d row %s = %q, want mark %s", i, mk.Face, cell.Text(), mk.Mark)
			}
		}
	}
	// The stored note comes back.
	form := boardtest.One(t, doc, "inkognito-note")
	if _, ok := form.Attr("data-note"); !ok {
		t.Fatal("the note form has no data-note")
	}
	for face, want := range map[string]string{"F": "n", "52": "y", "0": "q", "B": ""} {
		name := fmt.Sprintf("g%d_%s", other, face)
		got := form.Find(`input[name="` + name + `"][checked]`)
		if got.Length() != 1 || got.AttrOr("value", "?") != want {
			t.Errorf("cell %s checked %d value %q, want %q", name, got.Length(), got.AttrOr("value", "?"), want)
		}
	}
	if got := form.Find(fmt.Sprintf(`input[name="r%d"]`, other)).AttrOr("value", ""); got != "nervous at Rialto" {
		t.Errorf("row note %q", got)
	}
	if got := form.Find(`select[name="nf_X"] option[selected]`).AttrOr("value", ""); got != "29" && v.Black.Identity != "X" {
		t.Errorf("number box X fragment %q, want 29", got)
	}
	// My own box is locked: no inputs for it.
	if form.Find(`[name="ns_`+v.Black.Identity+`"]`).Length() != 0 {
		t.Error("my own number box is editable")
	}
	// Every input of the note form keeps its value a string.
	form.Find("input[type=radio], select").Each(func(_ int, x *goquery.Selection) {
		if x.Closest("[data-raw]").Length() == 0 {
			t.Errorf("note input %s without data-raw", x.AttrOr("name", ""))
		}
	})
	// The helper (FULL): candidate numbers.
	boardtest.One(t, doc, "inkognito-helper")
	boardtest.One(t, doc, "inkognito-numbers")
	// Without the helper option there is no helper.
	v.Helper = nil
	c.View = v
	doc, _ = render(t, c)
	boardtest.None(t, doc, "inkognito-helper")
}

// TestHandBuilt renders views built by hand: a broken note, a missing
// Legal list and an empty sheet never break the phone.
func TestHandBuilt(t *testing.T) {
	site := func(id string) inkognito.SiteInfo {
		return inkognito.SiteInfo{ID: id, Name: game.M(inkognito.SiteTerm(id))}
	}
	sanMarco := site("SAN_MARCO")
	sanMarco.Cards = []inkognito.CardInfo{{By: 1, Round: 2, Current: true}, {By: -1, Ambassador: true, Round: 1}}
	v := &inkognito.SeatView{
		TableView: inkognito.TableView{Phase: inkognito.PhasePlay, Players: 4, Cycle: 1, Round: 2, Rounds: 2, Start: 1,
			TurnOrder: []int{1, 2, 3, 0}, Turn: 0, Awaiting: []int{0},
			Agents: []inkognito.AgentInfo{{Seat: 0, Colour: "blue", Hand: []string{"RIALTO"}}, {Seat: 1, Colour: "yellow"},
				{Seat: 2, Colour: "green"}, {Seat: 3, Colour: "pink"}},
			Ambassador: inkognito.AmbInfo{Seat: -1, Deck: 3},
			Sites:      []inkognito.SiteInfo{site("RIALTO"), sanMarco}},
		Me: 0, Role: "agent", Colour: "blue",
		Black: &inkognito.BlackCards{Identity: "B", Name: game.M(inkognito.IdentityTerm("B")), Fragment: "0"},
		Hand:  []string{"RIALTO"}, Task: &inkognito.Task{Kind: inkognito.TaskPlay, Sites: []string{"RIALTO"}},
		Sheet: inkognito.Sheet{Players: 4, Me: 0, Identity: "B", Fragment: "0",
			Agents: []inkognito.SheetAgent{{Seat: 0, Colour: "blue", Me: true}, {Seat: 1, Colour: "yellow"}, {Seat: 2, Colour: "green"}, {Seat: 3, Colour: "pink"}},
			Number: []inkognito.NumberBox{{Agent: "F", Seat: -1, Fragment: "?"}, {Agent: "B", Seat: 0, Fragment: "0"},
				{Agent: "Z", Seat: -1, Fragment: "?"}, {Agent: "X", Seat: -1, Fragment: "?"}}},
	}
	words := boardtest.Words(t, inkognitoboard.Game).Reader("en", names[:4])
	said := []game.Event{{Msg: game.M("inkognito.event.plays", game.P("who", 1), game.T("site", inkognito.SiteTerm("SAN_MARCO")))}}
	lines := boardtest.Lines(said, game.SeatViewer(0), words)
	for _, note := range []string{"", "null", "[1,2]", `{"g1_F":5}`, "{broken"} {
		doc, html := render(t, kit.Context{View: v, Names: names[:4], You: 0, Note: json.RawMessage(note), Words: words, Lines: lines})
		boardtest.One(t, doc, "inkognito-seat")
		// No legal moves: nothing is live, whatever the task says.
		if doc.Find("button[data-act]:not([disabled])").Length() != 0 {
			t.Errorf("note %q: a button is live without a legal move", note)
		}
		if !strings.Contains(html, names[1]+" plays San Marco.") {
			t.Error("events are not named")
		}
	}
	legal := []game.Move{{Type: inkognito.ActPlay, Data: json.RawMessage(`{"site":"RIALTO"}`)}}
	doc, _ := render(t, kit.Context{View: v, Names: names[:4], You: 0, Legal: legal, Words: words})
	if b := boardtest.One(t, doc, "inkognito-play-RIALTO"); boardtest.Disabled(b) || b.AttrOr("data-data", "") != `{"site":"RIALTO"}` {
		t.Errorf("play RIALTO: disabled %v data %q", boardtest.Disabled(b), b.AttrOr("data-data", ""))
	}
	// The table view of the same state, and nil views.
	doc, _ = render(t, kit.Context{View: &v.TableView, Names: names[:4], You: game.System, Table: true, Words: words})
	boardtest.One(t, doc, "inkognito-table")
	for _, nilView := range []any{(*inkognito.SeatView)(nil), (*inkognito.TableView)(nil), (*inkognito.OmniscientView)(nil), nil} {
		doc, _ = render(t, kit.Context{View: nilView, Words: words})
		if doc.Find("section").Length() != 0 {
			t.Errorf("a nil view %T renders a board", nilView)
		}
	}
}

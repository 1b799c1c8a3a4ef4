package inkognitoboard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/internal/room"
	"topsecret/web/boards"
	inkognitoboard "topsecret/web/games/inkognito"
)

func render(tb testing.TB, c inkognitoboard.Context) (*goquery.Document, string) {
	tb.Helper()
	var buf bytes.Buffer
	if err := inkognitoboard.Board(c).Render(context.Background(), &buf); err != nil {
		tb.Fatalf("render: %v", err)
	}
	html := buf.String()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		tb.Fatalf("parse: %v", err)
	}
	return doc, html
}

func byID(doc *goquery.Document, id string) *goquery.Selection {
	return doc.Find(`[data-testid="` + id + `"]`)
}

func one(tb testing.TB, doc *goquery.Document, id string) *goquery.Selection {
	tb.Helper()
	s := byID(doc, id)
	if s.Length() != 1 {
		tb.Fatalf("found %d [data-testid=%q], want 1", s.Length(), id)
	}
	return s
}

func none(tb testing.TB, doc *goquery.Document, id string) {
	tb.Helper()
	if n := byID(doc, id).Length(); n != 0 {
		tb.Fatalf("found %d [data-testid=%q], want none", n, id)
	}
}

func disabled(s *goquery.Selection) bool {
	_, ok := s.Attr("disabled")
	return ok
}

// canon is a move's identity: its type and its data with sorted keys.
func canon(typ string, data json.RawMessage) string {
	var v any
	if len(data) == 0 || json.Unmarshal(data, &v) != nil || v == nil {
		v = map[string]any{}
	}
	b, _ := json.Marshal(v)
	return typ + " " + string(b)
}

// legalSet is what the phone may offer: every ready move, and "dial" for
// the telephone's template.
func legalSet(legal []game.Move) []string {
	var out []string
	for _, m := range legal {
		if len(m.Fields) > 0 {
			out = append(out, m.Type+" template")
			continue
		}
		out = append(out, canon(m.Type, m.Data))
	}
	sort.Strings(out)
	return out
}

// offered is what the phone's enabled controls send: data-act buttons, one
// show_pair per pair radio, and the telephone form as a template.
func offered(doc *goquery.Document) []string {
	var out []string
	doc.Find("button[data-act]").Each(func(_ int, b *goquery.Selection) {
		if !disabled(b) {
			out = append(out, canon(b.AttrOr("data-act", ""), json.RawMessage(b.AttrOr("data-data", "{}"))))
		}
	})
	doc.Find(`form[data-act="show_pair"] input[name=cards]`).Each(func(_ int, r *goquery.Selection) {
		out = append(out, canon(inkognito.ActShowPair, json.RawMessage(`{"cards":`+r.AttrOr("value", "")+`}`)))
	})
	if doc.Find(`form[data-act="dial"]`).Length() > 0 {
		out = append(out, inkognito.ActDial+" template")
	}
	sort.Strings(out)
	return out
}

// TestPhones checks every phase and player count against the legal moves.
func TestPhones(t *testing.T) {
	type tc struct {
		name    string
		n       int
		helper  string
		find    func(v inkognito.SeatView) bool
		present []string
		absent  []string
		check   func(t *testing.T, doc *goquery.Document, v inkognito.SeatView)
	}
	var tests []tc
	for _, n := range []int{3, 4, 5} {
		tests = append(tests,
			tc{name: "play", n: n, find: task(inkognito.TaskPlay),
				present: []string{"inkognito-seat", "inkognito-black-cards", "inkognito-black-identity", "inkognito-black-number",
					"inkognito-task", "inkognito-hand", "inkognito-sites", "inkognito-ambassador", "inkognito-sheet", "inkognito-note",
					"inkognito-number", "inkognito-log", "inkognito-grid", "inkognito-shown", "inkognito-events", "inkognito-your-move"},
				absent: []string{"inkognito-exchange", "inkognito-dial", "inkognito-result", "inkognito-helper", "inkognito-ask"},
				check: func(t *testing.T, doc *goquery.Document, v inkognito.SeatView) {
					for _, s := range []string{"RIALTO", "SAN_MARCO", "CA_DORO", "ACCADEMIA", "ARSENALE"} {
						b := one(t, doc, "inkognito-play-"+s)
						if live := !disabled(b); live != slices.Contains(v.Task.Sites, s) {
							t.Errorf("play %s live = %v, hand %v", s, live, v.Task.Sites)
						}
					}
					if got := one(t, doc, "inkognito-black-identity").AttrOr("data-face", ""); got != v.Black.Identity {
						t.Errorf("black identity %q, want %q", got, v.Black.Identity)
					}
					if got := one(t, doc, "inkognito-black-number").AttrOr("data-face", ""); got != v.Black.Fragment {
						t.Errorf("black number %q, want %q", got, v.Black.Fragment)
					}
				}},
			tc{name: "exchange", n: n, helper: inkognito.HelperFacts, find: task(inkognito.TaskExchange),
				present: []string{"inkognito-exchange", "inkognito-exchange-submit", "inkognito-pairs-left", "inkognito-hand", "inkognito-helper"},
				absent:  []string{"inkognito-sealed", "inkognito-result", "inkognito-numbers"},
				check: func(t *testing.T, doc *goquery.Document, v inkognito.SeatView) {
					if got := doc.Find(`[data-testid="inkognito-exchange"] input[name=cards]`).Length(); got != len(v.Task.Pairs) {
						t.Errorf("%d pair radios, want %d", got, len(v.Task.Pairs))
					}
					// The black-card option and the telephone (R11: every exchange).
					if len(v.Task.Black) > 0 {
						one(t, doc, "inkognito-show-black")
					}
					if n == 4 {
						one(t, doc, "inkognito-dial")
						if doc.Find(`[data-testid="inkognito-hand"] button:not([disabled])`).Length() != 0 {
							t.Error("a location card is live during a meeting")
						}
					}
				}},
			tc{name: "sealed", n: n, find: sealed,
				present: []string{"inkognito-sealed", "inkognito-task"},
				absent:  []string{"inkognito-exchange", "inkognito-exchange-submit", "inkognito-dial", "inkognito-ask"}},
			tc{name: "choose", n: n, find: task(inkognito.TaskChoose),
				present: []string{"inkognito-choose"},
				check: func(t *testing.T, doc *goquery.Document, v inkognito.SeatView) {
					for _, k := range v.Task.Black {
						b := one(t, doc, "inkognito-choose-"+k)
						if b.AttrOr("data-confirm", "") == "" {
							t.Errorf("choose %s has no confirm", k)
						}
					}
				}},
			tc{name: "over", n: n, helper: inkognito.HelperFull, find: phase(inkognito.PhaseOver),
				present: []string{"inkognito-result", "inkognito-number-reveal", "inkognito-all-black", "inkognito-sheet", "inkognito-helper"},
				absent:  []string{"inkognito-task", "inkognito-hand", "inkognito-exchange", "inkognito-dial"},
				check: func(t *testing.T, doc *goquery.Document, v inkognito.SeatView) {
					if got := doc.Find(`[data-testid="inkognito-all-black"] li`).Length(); got != 4 {
						t.Errorf("%d black-card lines at the end, want 4", got)
					}
					if !strings.Contains(one(t, doc, "inkognito-result").Text(), v.Over.Number) {
						t.Errorf("the result does not show the number %s", v.Over.Number)
					}
				}},
		)
	}
	tests = append(tests,
		tc{name: "ask", n: 4, find: task(inkognito.TaskAmbMeet), present: []string{"inkognito-ask", "inkognito-skip"},
			absent: []string{"inkognito-dial"}}, // R11: no call from a 4p Ambassador meeting
		tc{name: "ask", n: 3, find: task(inkognito.TaskAmbMeet), present: []string{"inkognito-ask", "inkognito-dial"}},
		tc{name: "ask", n: 5, find: task(inkognito.TaskAmbMeet), present: []string{"inkognito-ask", "inkognito-dial"}},
		tc{name: "peek", n: 3, find: task(inkognito.TaskPeek), present: []string{"inkognito-peek", "inkognito-skip", "inkognito-dial"}},
		tc{name: "commit", n: 5, find: task(inkognito.TaskCommit),
			present: []string{"inkognito-hand", "inkognito-black-cards", "inkognito-sheet"},
			absent:  []string{"inkognito-black-identity", "inkognito-shown"},
			check: func(t *testing.T, doc *goquery.Document, v inkognito.SeatView) {
				if v.Role != "ambassador" {
					t.Fatalf("role %q", v.Role)
				}
				if doc.Find(`button[data-act="commit"]:not([disabled])`).Length() != len(v.Task.Sites) {
					t.Error("commit buttons do not match the Ambassador's hand")
				}
			}},
		tc{name: "interview", n: 5, find: task(inkognito.TaskInterview),
			present: []string{"inkognito-exchange", "inkognito-exchange-submit"},
			absent:  []string{"inkognito-show-black", "inkognito-dial"}}, // R23, R25
		tc{name: "ambassador", n: 5, find: task(inkognito.TaskAmbassador), present: []string{"inkognito-continue", "inkognito-dial"}},
	)
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dp %s", tt.n, tt.name), func(t *testing.T) {
			helper := tt.helper
			if helper == "" {
				helper = inkognito.HelperOff
			}
			m, s := found(tt.n, helper, tt.find)
			c := m.phone(s, nil)
			doc, html := render(t, c)
			one(t, doc, "inkognito-seat")
			for _, id := range tt.present {
				if byID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range tt.absent {
				none(t, doc, id)
			}
			// Every enabled control is a legal move and every legal move has a control.
			if got, want := offered(doc), legalSet(c.Legal); !slices.Equal(got, want) {
				t.Errorf("controls\n got %v\nwant %v", got, want)
			}
			if strings.Contains(html, "{p") {
				t.Error("a {pN} placeholder is left")
			}
			if tt.check != nil {
				tt.check(t, doc, c.View.(inkognito.SeatView))
			}
		})
	}
}

// TestDialForm checks the telephone: four rows in dial order, each offering
// the template's fragments as strings, my own fragment preselected.
func TestDialForm(t *testing.T) {
	m, s := found(4, inkognito.HelperOff, task(inkognito.TaskExchange))
	c := m.phone(s, nil)
	doc, _ := render(t, c)
	one(t, doc, "inkognito-dial-submit")
	form := doc.Find(`form[data-act="dial"]`)
	if form.AttrOr("data-confirm", "") == "" {
		t.Error("the dial has no confirm")
	}
	var tmpl game.Move
	for _, mv := range c.Legal {
		if mv.Type == inkognito.ActDial {
			tmpl = mv
		}
	}
	v := c.View.(inkognito.SeatView)
	for _, k := range []string{"f", "b", "z", "x"} {
		var got []string
		form.Find(`input[name=` + k + `]`).Each(func(_ int, r *goquery.Selection) {
			got = append(got, r.AttrOr("value", ""))
			if _, raw := r.Attr("data-raw"); !raw {
				t.Errorf("%s radio without data-raw: fragments must stay strings", k)
			}
		})
		var want []string
		for _, f := range tmpl.Fields[k] {
			want = append(want, fmt.Sprint(f))
		}
		if !slices.Equal(got, want) {
			t.Errorf("row %s offers %v, want %v", k, got, want)
		}
	}
	own := form.Find(`input[name=` + strings.ToLower(v.Black.Identity) + `][checked]`)
	if own.AttrOr("value", "") != v.Black.Fragment {
		t.Errorf("own row preselects %q, want %q", own.AttrOr("value", ""), v.Black.Fragment)
	}
}

// TestTables renders the table screen for every phase and player count: the
// public facts, and never a black card, a shown card or a sheet.
func TestTables(t *testing.T) {
	for _, n := range []int{3, 4, 5} {
		for _, p := range []inkognito.Phase{inkognito.PhasePlay, inkognito.PhaseAct, inkognito.PhaseBlack, inkognito.PhaseOver} {
			t.Run(fmt.Sprintf("%dp %s", n, p), func(t *testing.T) {
				m, _ := found(n, inkognito.HelperFull, phase(p))
				doc, html := render(t, m.tableCtx())
				one(t, doc, "inkognito-table")
				for _, id := range []string{"inkognito-sites", "inkognito-ambassador", "inkognito-agents", "inkognito-order",
					"inkognito-round", "inkognito-events", "inkognito-status"} {
					one(t, doc, id)
				}
				for _, id := range []string{"inkognito-seat", "inkognito-black-cards", "inkognito-sheet", "inkognito-note",
					"inkognito-exchange", "inkognito-dial", "inkognito-hand", "inkognito-helper", "inkognito-notice"} {
					none(t, doc, id)
				}
				tv := m.table()
				for _, s := range tv.Sites {
					st := one(t, doc, "inkognito-site-"+s.ID)
					if got := st.Find(".ik-loc").Length(); got != len(s.Cards) {
						t.Errorf("%s shows %d cards, want %d", s.ID, got, len(s.Cards))
					}
				}
				for _, mt := range tv.Meetings {
					one(t, doc, "inkognito-meeting-"+mt.Site)
				}
				if p == inkognito.PhaseOver {
					one(t, doc, "inkognito-result")
					one(t, doc, "inkognito-all-black")
				} else {
					none(t, doc, "inkognito-result")
					none(t, doc, "inkognito-all-black")
					assertNoSecrets(t, m, html)
				}
				if n == 3 && !strings.Contains(html, "Fictitious agent") {
					t.Error("3p table does not name the fictitious agent")
				}
				if n == 5 && !strings.Contains(one(t, doc, "inkognito-ambassador").Text(), names[tv.Ambassador.Seat]) {
					t.Error("5p table does not name the Ambassador player")
				}
				if strings.Contains(html, "{p") {
					t.Error("a {pN} placeholder is left")
				}
			})
		}
	}
}

// assertNoSecrets fails when the table HTML holds anything only a phone may
// show: card faces, what was shown (the seats' notices), sealed choices.
func assertNoSecrets(t *testing.T, m *match, html string) {
	t.Helper()
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(html))
	for _, cls := range []string{".ik-black", ".ik-face", ".ik-mini-black", ".ik-minipair", ".ik-tn", ".ik-sealed"} {
		if doc.Find(cls).Length() > 0 {
			t.Errorf("the table shows %s", cls)
		}
	}
	for s := range m.n {
		v := m.seat(s)
		for _, e := range v.Notices {
			if txt := game.Say(e.Text, names[:m.n]); strings.Contains(doc.Text(), txt) {
				t.Errorf("the table shows seat %d's notice %q", s, txt)
			}
		}
	}
}

// TestSheet checks the clue sheet: the engine's marks in the log, the stored
// note back in the grid and the number box, and the helper.
func TestSheet(t *testing.T) {
	m, s := found(4, inkognito.HelperFull, columns(3))
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
	sheet := one(t, doc, "inkognito-sheet")
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
	form := one(t, doc, "inkognito-note")
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
		if _, raw := x.Attr("data-raw"); !raw {
			t.Errorf("note input %s without data-raw", x.AttrOr("name", ""))
		}
	})
	// The helper (FULL): candidate numbers.
	one(t, doc, "inkognito-helper")
	one(t, doc, "inkognito-numbers")
	// Without the helper option there is no helper.
	v.Helper = nil
	c.View = v
	doc, _ = render(t, c)
	none(t, doc, "inkognito-helper")
}

// TestHandBuilt renders views built by hand: a broken note, a missing
// Legal list and an empty sheet never break the phone.
func TestHandBuilt(t *testing.T) {
	v := inkognito.SeatView{
		TableView: inkognito.TableView{Phase: inkognito.PhasePlay, Players: 4, Cycle: 1, Round: 2, Rounds: 2, Start: 1,
			TurnOrder: []int{1, 2, 3, 0}, Turn: 0, Awaiting: []int{0},
			Agents: []inkognito.AgentInfo{{Seat: 0, Colour: "blue", Hand: []string{"RIALTO"}}, {Seat: 1, Colour: "yellow"},
				{Seat: 2, Colour: "green"}, {Seat: 3, Colour: "pink"}},
			Ambassador: inkognito.AmbInfo{Seat: -1, Deck: 3},
			Sites: []inkognito.SiteInfo{{ID: "RIALTO", Name: "Rialto"}, {ID: "SAN_MARCO", Name: "San Marco",
				Cards: []inkognito.CardInfo{{By: 1, Round: 2, Current: true}, {By: -1, Ambassador: true, Round: 1}}}},
			Events: []inkognito.EventLine{{Seq: 1, Text: "{p1} plays San Marco."}}},
		Me: 0, Role: "agent", Colour: "blue", Black: &inkognito.BlackCards{Identity: "B", Name: "Col. Bubble", Fragment: "0"},
		Hand: []string{"RIALTO"}, Task: &inkognito.Task{Kind: inkognito.TaskPlay, Sites: []string{"RIALTO"}},
		Sheet: inkognito.Sheet{Players: 4, Me: 0, Identity: "B", Fragment: "0",
			Agents: []inkognito.SheetAgent{{Seat: 0, Colour: "blue", Me: true}, {Seat: 1, Colour: "yellow"}, {Seat: 2, Colour: "green"}, {Seat: 3, Colour: "pink"}},
			Number: []inkognito.NumberBox{{Agent: "F", Seat: -1, Fragment: "?"}, {Agent: "B", Seat: 0, Fragment: "0"},
				{Agent: "Z", Seat: -1, Fragment: "?"}, {Agent: "X", Seat: -1, Fragment: "?"}}},
	}
	for _, note := range []string{"", "null", "[1,2]", `{"g1_F":5}`, "{broken"} {
		doc, html := render(t, inkognitoboard.Context{View: v, Names: names[:4], You: 0, Note: json.RawMessage(note)})
		one(t, doc, "inkognito-seat")
		// No legal moves: nothing is live, whatever the task says.
		if doc.Find("button[data-act]:not([disabled])").Length() != 0 {
			t.Errorf("note %q: a button is live without a legal move", note)
		}
		if !strings.Contains(html, "Mario plays San Marco.") {
			t.Error("events are not named")
		}
	}
	legal := []game.Move{{Type: inkognito.ActPlay, Data: json.RawMessage(`{"site":"RIALTO"}`)}}
	doc, _ := render(t, inkognitoboard.Context{View: &v, Names: names[:4], You: 0, Legal: legal})
	if b := one(t, doc, "inkognito-play-RIALTO"); disabled(b) || b.AttrOr("data-data", "") != `{"site":"RIALTO"}` {
		t.Errorf("play RIALTO: disabled %v data %q", disabled(b), b.AttrOr("data-data", ""))
	}
	// The table view of the same state, and nil views.
	doc, _ = render(t, inkognitoboard.Context{View: &v.TableView, Names: names[:4], You: -1, Table: true})
	one(t, doc, "inkognito-table")
	doc, _ = render(t, inkognitoboard.Context{View: (*inkognito.SeatView)(nil)})
	if doc.Find("section").Length() != 0 {
		t.Error("a nil view renders a board")
	}
}

// TestRegistry checks the boards registry passes the note through.
func TestRegistry(t *testing.T) {
	m, s := found(4, inkognito.HelperOff, columns(1))
	v := m.seat(s)
	other := -1
	for _, a := range v.Sheet.Agents {
		if a.Seat != v.Me {
			other = a.Seat
			break
		}
	}
	players := make([]room.SeatState, 4)
	for i := range players {
		players[i] = room.SeatState{Name: names[i], Connected: i != 2}
	}
	c := boards.Context{View: v, Names: names[:4], You: game.Seat(s), Legal: m.st.Legal(game.Seat(s)), Players: players,
		Now: now, Note: json.RawMessage(fmt.Sprintf(`{"g%d_Z":"y"}`, other))}
	var buf bytes.Buffer
	if err := boards.Board("inkognito", c).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, _ := goquery.NewDocumentFromReader(&buf)
	one(t, doc, "inkognito-seat")
	if got := doc.Find(fmt.Sprintf(`input[name="g%d_Z"][checked]`, other)).AttrOr("value", ""); got != "y" {
		t.Errorf("stored mark not shown: %q", got)
	}
	c.You, c.Table, c.View, c.Note, c.Legal = -1, true, m.table(), nil, nil
	buf.Reset()
	if err := boards.Board("inkognito", c).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, _ = goquery.NewDocumentFromReader(&buf)
	one(t, doc, "inkognito-table")
	if !strings.Contains(doc.Find(`[data-testid="inkognito-agent-2"]`).Text(), "reconnecting") && m.n > 2 {
		t.Error("a disconnected player is not shown reconnecting")
	}
}

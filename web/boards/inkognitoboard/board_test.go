package inkognitoboard_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/inkognito"
	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// render draws c through the registered board.
func render(tb testing.TB, c kit.Context) (*goquery.Document, string) {
	tb.Helper()
	doc, html := boardtest.Render(tb, inkognitoboard.Game, c)
	worded(tb, html)
	return doc, html
}

// worded fails when a page shows a catalogue id or a template argument
// the catalogue's message does not have.
func worded(tb testing.TB, html string) {
	tb.Helper()
	for _, bad := range []string{"inkognito.", "&lt;no value&gt;", "<no value>", "{{"} {
		if i := strings.Index(html, bad); i >= 0 {
			tb.Fatalf("the page shows %q: …%s…", bad, html[max(i-80, 0):min(i+80, len(html))])
		}
	}
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
		out = append(out, boardtest.Canon(m.Type, m.Data))
	}
	sort.Strings(out)
	return out
}

// offered is what the phone's enabled controls send: data-act buttons, one
// show_pair per pair radio, and the telephone form as a template.
func offered(doc *goquery.Document) []string {
	var out []string
	for _, a := range boardtest.Buttons(doc, 0, now) {
		out = append(out, boardtest.Canon(a.Type, a.Data))
	}
	doc.Find(`form[data-act="show_pair"] input[name=cards]`).Each(func(_ int, r *goquery.Selection) {
		out = append(out, boardtest.Canon(inkognito.ActShowPair, json.RawMessage(`{"cards":`+r.AttrOr("value", "")+`}`)))
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
		find    func(v *inkognito.SeatView) bool
		present []string
		absent  []string
		check   func(t *testing.T, doc *goquery.Document, v *inkognito.SeatView)
	}
	var tests []tc
	for _, n := range []int{3, 4, 5} {
		tests = append(tests,
			tc{name: "play", n: n, find: task(inkognito.TaskPlay),
				present: []string{"inkognito-seat", "inkognito-black-cards", "inkognito-black-identity", "inkognito-black-number",
					"inkognito-task", "inkognito-hand", "inkognito-sites", "inkognito-ambassador", "inkognito-sheet", "inkognito-note",
					"inkognito-number", "inkognito-log", "inkognito-grid", "inkognito-shown", "inkognito-events", "inkognito-your-move"},
				absent: []string{"inkognito-exchange", "inkognito-dial", "inkognito-result", "inkognito-helper", "inkognito-ask"},
				check: func(t *testing.T, doc *goquery.Document, v *inkognito.SeatView) {
					for _, s := range []string{"RIALTO", "SAN_MARCO", "CA_DORO", "ACCADEMIA", "ARSENALE"} {
						b := boardtest.One(t, doc, "inkognito-play-"+s)
						if live := !boardtest.Disabled(b); live != slices.Contains(v.Task.Sites, s) {
							t.Errorf("play %s live = %v, hand %v", s, live, v.Task.Sites)
						}
					}
					if got := boardtest.One(t, doc, "inkognito-black-identity").AttrOr("data-face", ""); got != v.Black.Identity {
						t.Errorf("black identity %q, want %q", got, v.Black.Identity)
					}
					if got := boardtest.One(t, doc, "inkognito-black-number").AttrOr("data-face", ""); got != v.Black.Fragment {
						t.Errorf("black number %q, want %q", got, v.Black.Fragment)
					}
				}},
			tc{name: "exchange", n: n, helper: inkognito.HelperFacts, find: task(inkognito.TaskExchange),
				present: []string{"inkognito-exchange", "inkognito-exchange-submit", "inkognito-pairs-left", "inkognito-hand", "inkognito-helper"},
				absent:  []string{"inkognito-sealed", "inkognito-result", "inkognito-numbers"},
				check: func(t *testing.T, doc *goquery.Document, v *inkognito.SeatView) {
					if got := doc.Find(`[data-testid="inkognito-exchange"] input[name=cards]`).Length(); got != len(v.Task.Pairs) {
						t.Errorf("%d pair radios, want %d", got, len(v.Task.Pairs))
					}
					// The black-card option and the telephone (R11: every exchange).
					if len(v.Task.Black) > 0 {
						boardtest.One(t, doc, "inkognito-show-black")
					}
					if n == 4 {
						boardtest.One(t, doc, "inkognito-dial")
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
				check: func(t *testing.T, doc *goquery.Document, v *inkognito.SeatView) {
					for _, k := range v.Task.Black {
						b := boardtest.One(t, doc, "inkognito-choose-"+k)
						if b.AttrOr("data-confirm", "") == "" {
							t.Errorf("choose %s has no confirm", k)
						}
					}
				}},
			tc{name: "over", n: n, helper: inkognito.HelperFull, find: phase(inkognito.PhaseOver),
				present: []string{"inkognito-result", "inkognito-number-reveal", "inkognito-all-black", "inkognito-sheet", "inkognito-helper"},
				absent:  []string{"inkognito-task", "inkognito-hand", "inkognito-exchange", "inkognito-dial"},
				check: func(t *testing.T, doc *goquery.Document, v *inkognito.SeatView) {
					if got := doc.Find(`[data-testid="inkognito-all-black"] li`).Length(); got != 4 {
						t.Errorf("%d black-card lines at the end, want 4", got)
					}
					if !strings.Contains(boardtest.One(t, doc, "inkognito-result").Text(), v.Over.Number) {
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
			check: func(t *testing.T, doc *goquery.Document, v *inkognito.SeatView) {
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
			m, s := found(t, tt.n, helper, tt.find)
			c := m.phone(s, nil)
			doc, _ := render(t, c)
			boardtest.One(t, doc, "inkognito-seat")
			for _, id := range tt.present {
				if boardtest.ByID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range tt.absent {
				boardtest.None(t, doc, id)
			}
			// Every enabled control is a legal move and every legal move has a control.
			if got, want := offered(doc), legalSet(c.Legal); !slices.Equal(got, want) {
				t.Errorf("controls\n got %v\nwant %v", got, want)
			}
			if tt.check != nil {
				tt.check(t, doc, c.View.(*inkognito.SeatView))
			}
		})
	}
}

// TestDialForm checks the telephone: four rows in dial order, each offering
// the template's fragments as strings, my own fragment preselected.
func TestDialForm(t *testing.T) {
	m, s := found(t, 4, inkognito.HelperOff, task(inkognito.TaskExchange))
	c := m.phone(s, nil)
	doc, _ := render(t, c)
	boardtest.One(t, doc, "inkognito-dial-submit")
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
	v := c.View.(*inkognito.SeatView)
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
				m, _ := found(t, n, inkognito.HelperFull, phase(p))
				doc, html := render(t, m.tableCtx())
				boardtest.One(t, doc, "inkognito-table")
				for _, id := range []string{"inkognito-sites", "inkognito-ambassador", "inkognito-agents", "inkognito-order",
					"inkognito-round", "inkognito-events", "inkognito-status"} {
					boardtest.One(t, doc, id)
				}
				for _, id := range []string{"inkognito-seat", "inkognito-black-cards", "inkognito-sheet", "inkognito-note",
					"inkognito-exchange", "inkognito-dial", "inkognito-hand", "inkognito-helper", "inkognito-notice"} {
					boardtest.None(t, doc, id)
				}
				tv := m.table()
				for _, s := range tv.Sites {
					st := boardtest.One(t, doc, "inkognito-site-"+s.ID)
					if got := st.Find(".ik-loc").Length(); got != len(s.Cards) {
						t.Errorf("%s shows %d cards, want %d", s.ID, got, len(s.Cards))
					}
				}
				for _, mt := range tv.Meetings {
					boardtest.One(t, doc, "inkognito-meeting-"+mt.Site)
				}
				if p == inkognito.PhaseOver {
					boardtest.One(t, doc, "inkognito-result")
					boardtest.One(t, doc, "inkognito-all-black")
				} else {
					boardtest.None(t, doc, "inkognito-result")
					boardtest.None(t, doc, "inkognito-all-black")
					assertNoSecrets(t, m, doc)
				}
				if n == 3 && !strings.Contains(html, "Fictitious agent") {
					t.Error("3p table does not name the fictitious agent")
				}
				if n == 5 && !strings.Contains(boardtest.One(t, doc, "inkognito-ambassador").Text(), names[tv.Ambassador.Seat]) {
					t.Error("5p table does not name the Ambassador player")
				}
			})
		}
	}
}

// assertNoSecrets fails when the table holds anything only a phone may
// show: card faces, what was shown (the seats' notices), sealed choices.
func assertNoSecrets(tb testing.TB, m *match, doc *goquery.Document) {
	tb.Helper()
	for _, cls := range []string{".ik-black", ".ik-face", ".ik-mini-black", ".ik-minipair", ".ik-tn", ".ik-sealed"} {
		if doc.Find(cls).Length() > 0 {
			tb.Errorf("the table shows %s", cls)
		}
	}
	for _, e := range m.said {
		if txt := m.words.Say(e.Msg); !e.Public() && strings.Contains(doc.Text(), txt) {
			tb.Errorf("the table shows seat %d's notice %q", e.To[0], txt)
		}
	}
}

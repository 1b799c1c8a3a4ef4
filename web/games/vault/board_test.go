package vaultboard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/internal/room"
	"topsecret/web/boards"
	vaultboard "topsecret/web/games/vault"
)

func render(tb testing.TB, c vaultboard.Context) (*goquery.Document, string) {
	tb.Helper()
	var buf bytes.Buffer
	if err := vaultboard.Board(c).Render(context.Background(), &buf); err != nil {
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

func disabled(s *goquery.Selection) bool {
	_, ok := s.Attr("disabled")
	return ok
}

// live are the enabled action buttons of a board.
func live(doc *goquery.Document) *goquery.Selection {
	return doc.Find("[data-act]").FilterFunction(func(_ int, s *goquery.Selection) bool { return !disabled(s) })
}

func id(c vault.CardInfo) string { return strconv.Itoa(c.ID) }

// TestPhones checks each step of the phone against §8.1's table.
func TestPhones(t *testing.T) {
	tests := []struct {
		name    string
		ctx     vaultboard.Context
		present []string
		absent  []string
		text    map[string]string // testid → substring
		check   func(t *testing.T, doc *goquery.Document, html string)
	}{
		{
			name: "select, my pick",
			ctx:  selectMine(),
			present: []string{"vault-seat", "vault-commit", "vault-hand", "vault-stake", "vault-safe", "vault-score",
				"vault-discard", "vault-events", "vault-players", "vault-commits", "vault-reveal"},
			absent: []string{"vault-committed", "vault-boom", "vault-nosteal", "vault-bank", "vault-keep", "vault-ranking"},
			text: map[string]string{"vault-score": "25", "vault-trick": "3 / 15", "vault-committed-1": "committed",
				"vault-committed-0": "choosing", "vault-reveal": "Last trick · trick 2"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				hand := one(t, doc, "vault-hand")
				if _, ok := hand.Attr("data-peek"); !ok || hand.Find(".secret").Length() != 1 {
					t.Error("the hand is not hold-to-peek")
				}
				// Every hand card is a commit button carrying the template's data with the card filled in.
				btns := hand.Find(`button[data-act="commit"]`)
				if btns.Length() != 13 {
					t.Fatalf("%d commit buttons, want 13", btns.Length())
				}
				d30 := one(t, doc, "vault-card-"+id(cd(0, "D30", 0)))
				var c vault.Commit
				if err := json.Unmarshal([]byte(d30.AttrOr("data-data", "")), &c); err != nil || c.Card != cd(0, "D30", 0).ID {
					t.Errorf("commit data = %q (%v)", d30.AttrOr("data-data", ""), err)
				}
				if !strings.Contains(d30.AttrOr("data-confirm", ""), "D30") || disabled(d30) {
					t.Errorf("commit button: confirm %q disabled %v", d30.AttrOr("data-confirm", ""), disabled(d30))
				}
				// The others are seen only as committed or not.
				for _, s := range []int{1, 2, 3} {
					cards := one(t, doc, "vault-player-"+strconv.Itoa(s)).Find(".vt-card")
					cards.Each(func(_ int, c *goquery.Selection) {
						if c.HasClass("vt-back") {
							return
						}
						if _, ok := c.Attr("data-code"); ok && s != 2 {
							t.Errorf("seat %d shows a face-up card %q before the reveal", s, c.AttrOr("data-code", ""))
						}
					})
				}
				if byID(doc, "vault-player-0").Length() != 0 {
					t.Error("my own seat is listed among the others")
				}
			},
		},
		{
			name:    "select, committed",
			ctx:     selectCommitted(),
			present: []string{"vault-committed", "vault-hand", "vault-events", "vault-notice"},
			absent:  []string{"vault-commit", "vault-boom"},
			text:    map[string]string{"vault-committed": "Waiting for Anna and Carla", "vault-notice": "You played D30 face-down."},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				if one(t, doc, "vault-hand").Find("button").Length() != 0 {
					t.Error("hand cards are buttons after committing")
				}
				if n := live(doc).Length(); n != 0 {
					t.Errorf("%d live buttons with no legal moves", n)
				}
				if !strings.Contains(one(t, doc, "vault-committed").Text(), "D30") {
					t.Error("my sealed card is not shown to me")
				}
			},
		},
		{
			name:    "boom, the terrorist's phone",
			ctx:     boomTerrorist(),
			present: []string{"vault-boom", "vault-reveal", "vault-stake"},
			absent:  []string{"vault-commit", "vault-committed", "vault-nosteal"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				b := one(t, doc, "vault-boom")
				if b.AttrOr("data-act", "") != vault.ActBoom || disabled(b) || b.AttrOr("data-data", "") != "{}" {
					t.Errorf("boom button: act %q data %q disabled %v", b.AttrOr("data-act", ""), b.AttrOr("data-data", ""), disabled(b))
				}
				if b.Find("[data-deadline]").AttrOr("data-deadline", "") != strconv.FormatInt(now+2600, 10) {
					t.Error("BOOM! has no countdown")
				}
				if n := one(t, doc, "vault-reveal").Find(".vt-card").Length(); n != 4 {
					t.Errorf("reveal shows %d cards, want 4", n)
				}
			},
		},
		{
			name:    "boom, everyone else",
			ctx:     boomOther(),
			present: []string{"vault-reveal", "vault-phase-boom"},
			absent:  []string{"vault-boom"},
			text:    map[string]string{"vault-phase-boom": "Daan played a terrorist!"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				if n := live(doc).Length(); n != 0 {
					t.Errorf("%d live buttons for a non-terrorist", n)
				}
			},
		},
		{
			name: "steal, the mole's phone",
			ctx:  stealMole(),
			present: []string{"vault-race", "vault-nosteal", "vault-steal-" + id(cd(1, "D30", 0)),
				"vault-steal-" + id(cd(3, "D15", 0)), "vault-steals"},
			absent: []string{"vault-boom", "vault-bank"},
			text:   map[string]string{"vault-steals": "Carla grabbed Daan’s D15", "vault-steal-" + id(cd(3, "D15", 0)): "taken by Carla"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				b := one(t, doc, "vault-steal-"+id(cd(1, "D30", 0)))
				var s vault.Steal
				if err := json.Unmarshal([]byte(b.AttrOr("data-data", "")), &s); err != nil || s.Card != cd(1, "D30", 0).ID || disabled(b) {
					t.Errorf("steal D30: data %q disabled %v", b.AttrOr("data-data", ""), disabled(b))
				}
				// Steal buttons only for the cards the moves list: no button on old stakes or hands.
				if n := doc.Find(`[data-act="steal"]`).Length(); n != 2 {
					t.Errorf("%d steal buttons, want 2 (the eligible cards)", n)
				}
				if disabled(one(t, doc, "vault-nosteal")) {
					t.Error("No steal is disabled for a mole")
				}
			},
		},
		{
			name:    "steal, a watcher",
			ctx:     stealWatcher(),
			present: []string{"vault-race", "vault-steals", "vault-reveal"},
			absent:  []string{"vault-nosteal", "vault-steal-" + id(cd(1, "D30", 0))},
			text:    map[string]string{"vault-race": "Anna is choosing…", "vault-tile-" + id(cd(3, "D15", 0)): "grabbed by Carla"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				if doc.Find(`[data-act="steal"],[data-act="no_steal"]`).Length() != 0 {
					t.Error("a non-mole sees steal buttons")
				}
			},
		},
		{
			name:    "secure, an agent decider after a blast",
			ctx:     secureDecider(),
			present: []string{"vault-decide", "vault-bank", "vault-keep", "vault-blast", "vault-banks"},
			absent:  []string{"vault-boom", "vault-nosteal"},
			text:    map[string]string{"vault-decide": "worth 0 in x1", "vault-blast": "Boom!"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				for tid, want := range map[string]string{"vault-bank": vault.ChoiceBank, "vault-keep": vault.ChoiceKeep} {
					b := one(t, doc, tid)
					var s vault.Secure
					if err := json.Unmarshal([]byte(b.AttrOr("data-data", "")), &s); err != nil || s.Choice != want || disabled(b) {
						t.Errorf("%s: data %q disabled %v", tid, b.AttrOr("data-data", ""), disabled(b))
					}
				}
				bl := one(t, doc, "vault-blast")
				if n := bl.Find(".vt-burnt").Length(); n != 3 {
					t.Errorf("blast shows %d burned cards, want 3", n)
				}
				if !strings.Contains(bl.Text(), "Survived") {
					t.Error("the blast does not show what survived")
				}
			},
		},
		{
			name:    "secure, a document decider",
			ctx:     secureDocDecider(),
			present: []string{"vault-bank", "vault-keep"},
			text:    map[string]string{"vault-decide": "Bank: +25"},
		},
		{
			name:    "secure, not a decider",
			ctx:     secureWatcher(),
			present: []string{"vault-phase-secure", "vault-blast"},
			absent:  []string{"vault-bank", "vault-keep", "vault-decide"},
			text:    map[string]string{"vault-phase-secure": "Bram is deciding"},
		},
		{
			name:    "deal end",
			ctx:     dealEnd(),
			present: []string{"vault-ranking", "vault-rank-0", "vault-rank-3"},
			absent:  []string{"vault-hand", "vault-commit", "vault-bank", "vault-stake"},
			text: map[string]string{"vault-ranking": "Anna and Carla share the win with 185 points each.", "vault-rank-3": "−20",
				"vault-rank-0": "Boom missed −50", "vault-score": "185"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				if n := one(t, doc, "vault-rank-2").Find(".vt-pair").Length(); n != 2 {
					t.Errorf("Carla's opened safe shows %d pairs, want 2", n)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, html := render(t, tc.ctx)
			one(t, doc, "vault-seat")
			for _, id := range tc.present {
				if byID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range tc.absent {
				if n := byID(doc, id).Length(); n != 0 {
					t.Errorf("found %d [data-testid=%q], want none", n, id)
				}
			}
			for id, want := range tc.text {
				if got := byID(doc, id).Text(); !strings.Contains(squash(got), want) {
					t.Errorf("[data-testid=%q] = %q, want it to contain %q", id, squash(got), want)
				}
			}
			if strings.Contains(html, "{p") {
				t.Error("unfilled {pN} placeholder in the board")
			}
			if strings.Contains(strings.ToLower(html), " onclick=") || strings.Contains(html, "<script") {
				t.Error("inline script or handler (CSP)")
			}
			if tc.check != nil {
				tc.check(t, doc, html)
			}
		})
	}
}

// TestTables checks the table screen (§8.2): never a hand, never a button.
func TestTables(t *testing.T) {
	tests := []struct {
		name    string
		phase   vault.Phase
		present []string
		absent  []string
		text    map[string]string
	}{
		{"select", vault.PhaseSelect, []string{"vault-commits", "vault-reveal", "vault-players", "vault-player-3", "vault-stake-0"},
			[]string{"vault-ranking"}, map[string]string{"vault-stage": "2 of 4 cards sealed", "vault-trick": "3/15"}},
		{"boom", vault.PhaseBoom, []string{"vault-terror", "vault-reveal"}, nil,
			map[string]string{"vault-terror": "Daan played a terrorist"}},
		{"steal", vault.PhaseSteal, []string{"vault-race", "vault-steals"}, nil,
			map[string]string{"vault-race": "Anna is choosing…", "vault-steals": "Carla grabbed Daan’s D15"}},
		{"secure", vault.PhaseSecure, []string{"vault-blast", "vault-banks"}, nil,
			map[string]string{"vault-stage": "Bram: bank or keep?", "vault-discard": "8 discarded"}},
		{"deal end", vault.PhaseDealEnd, []string{"vault-ranking", "vault-rank-1"}, []string{"vault-players"},
			map[string]string{"vault-ranking": "Anna and Carla share the win"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, html := render(t, tableCtx(table4(tc.phase)))
			one(t, doc, "vault-table")
			for _, id := range append(tc.present, "vault-discard", "vault-stage", "vault-events") {
				if byID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range append(tc.absent, "vault-hand", "vault-seat", "vault-commit", "vault-committed", "vault-boom",
				"vault-nosteal", "vault-bank", "vault-keep", "vault-safe") {
				if n := byID(doc, id).Length(); n != 0 {
					t.Errorf("found %d [data-testid=%q] on the table", n, id)
				}
			}
			for id, want := range tc.text {
				if got := squash(byID(doc, id).Text()); !strings.Contains(got, want) {
					t.Errorf("[data-testid=%q] = %q, want %q", id, got, want)
				}
			}
			if doc.Find("[data-act],button,form").Length() != 0 {
				t.Error("the table screen has controls")
			}
			if strings.Contains(html, "{p") {
				t.Error("unfilled placeholder")
			}
		})
	}
}

// TestTableNeverShowsAHand renders a seat's view data as the table would get
// it and checks no hand card identity leaks: the table view has no hand.
func TestTableNeverShowsAHand(t *testing.T) {
	tv := table4(vault.PhaseSelect)
	doc, _ := render(t, tableCtx(tv))
	// Only face-up cards (stakes, the last reveal, the discard top) carry a code.
	codes := 0
	doc.Find("[data-code]").Each(func(_ int, s *goquery.Selection) { codes++ })
	want := 2 + 4 + 1 // Anna's and Carla's stakes, the last trick, the discard top
	if codes != want {
		t.Errorf("%d face-up cards on the table, want %d", codes, want)
	}
}

// TestBoardsRegistry checks the registration in web/boards.
func TestBoardsRegistry(t *testing.T) {
	c := boards.Context{View: table4(vault.PhaseBoom), Names: names[:4], You: -1, Table: true, Now: now,
		Players: []room.SeatState{{Connected: true}, {Connected: true}, {Connected: false}, {Connected: true}}}
	var buf bytes.Buffer
	if err := boards.Board("vault", c).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `data-testid="vault-table"`) {
		t.Fatal("boards.Board(\"vault\") does not render the vault table")
	}
	if !strings.Contains(buf.String(), "reconnecting…") {
		t.Error("a disconnected player is not shown as reconnecting")
	}
	_ = game.Seat(0)
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// A finished deal's replay shows the table and every hand.
func TestOmniscientShowsEveryHand(t *testing.T) {
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(game.OmniscientViewer())
	var buf bytes.Buffer
	if err := vaultboard.Board(vaultboard.Context{View: v, Names: []string{"Ann", "Ben", "Cy"}, You: -1, Table: true}).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Find(`[data-testid="vault-table"]`).Length() != 1 {
		t.Fatal("no table in the omniscient view")
	}
	for i := 0; i < 3; i++ {
		hand := doc.Find(`[data-testid="vault-secret-` + strconv.Itoa(i) + `"] .vt-card`)
		if hand.Length() == 0 {
			t.Fatalf("seat %d's hand is not shown", i)
		}
	}
}

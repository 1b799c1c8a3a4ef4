package vaultboard_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/games/vault"
	"topsecret/web/boards/vaultboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// render draws c (worded in English) with the vault board.
func render(tb testing.TB, c kit.Context) (*goquery.Document, string) {
	tb.Helper()
	return boardtest.Render(tb, vaultboard.Game, worded(tb, c))
}

// live are the enabled action buttons of a board.
func live(doc *goquery.Document) *goquery.Selection {
	return doc.Find("[data-act]").FilterFunction(func(_ int, s *goquery.Selection) bool { return !boardtest.Disabled(s) })
}

func id(c vault.CardInfo) string { return strconv.Itoa(c.ID) }

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// rawWords are what must never reach a person: a catalogue id, a card
// code, an unfilled seat placeholder or template argument.
var rawWords = regexp.MustCompile(`\bvault\.[a-z_]+\.|\b(TE|MO|AG|D10|D15|D20|D25|D30)\b|\{p[0-9]|<no value>|\{\{`)

// speaksWords fails when the text a person reads (the page's text, its
// titles, labels and confirm prompts) holds a raw id or card code.
func speaksWords(tb testing.TB, doc *goquery.Document) {
	tb.Helper()
	texts := []string{doc.Text()}
	doc.Find("[title],[aria-label],[data-confirm]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"title", "aria-label", "data-confirm"} {
			texts = append(texts, s.AttrOr(a, ""))
		}
	})
	for _, s := range texts {
		if m := rawWords.FindString(s); m != "" {
			tb.Fatalf("a person would read %q in %q", m, squash(s))
		}
	}
}

func TestPhones(t *testing.T) {
	tests := []struct {
		name    string
		ctx     kit.Context
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
				hand := boardtest.One(t, doc, "vault-hand")
				if _, ok := hand.Attr("data-peek"); !ok || hand.Find(".secret").Length() != 1 {
					t.Error("the hand is not hold-to-peek")
				}
				// Every hand card is a commit button carrying the template's data with the card filled in.
				btns := hand.Find(`button[data-act="commit"]`)
				if btns.Length() != 13 {
					t.Fatalf("%d commit buttons, want 13", btns.Length())
				}
				d30 := boardtest.One(t, doc, "vault-card-"+id(cd(0, "D30", 0)))
				var c vault.Commit
				if err := json.Unmarshal([]byte(d30.AttrOr("data-data", "")), &c); err != nil || c.Card != cd(0, "D30", 0).ID {
					t.Errorf("commit data = %q (%v)", d30.AttrOr("data-data", ""), err)
				}
				if d30.AttrOr("data-confirm", "") != "Play Document 30 face-down? Your pick is final." || boardtest.Disabled(d30) {
					t.Errorf("commit button: confirm %q disabled %v", d30.AttrOr("data-confirm", ""), boardtest.Disabled(d30))
				}
				// The others are seen only as committed or not.
				for _, s := range []int{1, 2, 3} {
					cards := boardtest.One(t, doc, "vault-player-"+strconv.Itoa(s)).Find(".vt-card")
					cards.Each(func(_ int, c *goquery.Selection) {
						if c.HasClass("vt-back") {
							return
						}
						if _, ok := c.Attr("data-code"); ok && s != 2 {
							t.Errorf("seat %d shows a face-up card %q before the reveal", s, c.AttrOr("data-code", ""))
						}
					})
				}
				if boardtest.ByID(doc, "vault-player-0").Length() != 0 {
					t.Error("my own seat is listed among the others")
				}
			},
		},
		{
			name:    "select, committed",
			ctx:     selectCommitted(),
			present: []string{"vault-committed", "vault-hand", "vault-events", "vault-notice"},
			absent:  []string{"vault-commit", "vault-boom"},
			text:    map[string]string{"vault-committed": "Waiting for Anna and Carla", "vault-notice": "You played Document 30 face-down."},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				if boardtest.One(t, doc, "vault-hand").Find("button").Length() != 0 {
					t.Error("hand cards are buttons after committing")
				}
				if n := live(doc).Length(); n != 0 {
					t.Errorf("%d live buttons with no legal moves", n)
				}
				if !strings.Contains(boardtest.One(t, doc, "vault-committed").Text(), "Document 30") {
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
				b := boardtest.One(t, doc, "vault-boom")
				if b.AttrOr("data-act", "") != vault.ActBoom || boardtest.Disabled(b) || b.AttrOr("data-data", "") != "{}" {
					t.Errorf("boom button: act %q data %q disabled %v", b.AttrOr("data-act", ""), b.AttrOr("data-data", ""), boardtest.Disabled(b))
				}
				if b.Find("[data-deadline]").AttrOr("data-deadline", "") != strconv.FormatInt(now+2600, 10) {
					t.Error("BOOM! has no countdown")
				}
				if n := boardtest.One(t, doc, "vault-reveal").Find(".vt-card").Length(); n != 4 {
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
			text:   map[string]string{"vault-steals": "Carla grabbed Daan’s Document 15", "vault-steal-" + id(cd(3, "D15", 0)): "taken by Carla"},
			check: func(t *testing.T, doc *goquery.Document, html string) {
				b := boardtest.One(t, doc, "vault-steal-"+id(cd(1, "D30", 0)))
				var s vault.Steal
				if err := json.Unmarshal([]byte(b.AttrOr("data-data", "")), &s); err != nil || s.Card != cd(1, "D30", 0).ID || boardtest.Disabled(b) {
					t.Errorf("steal D30: data %q disabled %v", b.AttrOr("data-data", ""), boardtest.Disabled(b))
				}
				// Steal buttons only for the cards the moves list: no button on old stakes or hands.
				if n := doc.Find(`[data-act="steal"]`).Length(); n != 2 {
					t.Errorf("%d steal buttons, want 2 (the eligible cards)", n)
				}
				if boardtest.Disabled(boardtest.One(t, doc, "vault-nosteal")) {
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
					b := boardtest.One(t, doc, tid)
					var s vault.Secure
					if err := json.Unmarshal([]byte(b.AttrOr("data-data", "")), &s); err != nil || s.Choice != want || boardtest.Disabled(b) {
						t.Errorf("%s: data %q disabled %v", tid, b.AttrOr("data-data", ""), boardtest.Disabled(b))
					}
				}
				bl := boardtest.One(t, doc, "vault-blast")
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
				if n := boardtest.One(t, doc, "vault-rank-2").Find(".vt-pair").Length(); n != 2 {
					t.Errorf("Carla's opened safe shows %d pairs, want 2", n)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, html := render(t, tc.ctx)
			speaksWords(t, doc)
			boardtest.One(t, doc, "vault-seat")
			for _, id := range tc.present {
				if boardtest.ByID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range tc.absent {
				if n := boardtest.ByID(doc, id).Length(); n != 0 {
					t.Errorf("found %d [data-testid=%q], want none", n, id)
				}
			}
			for id, want := range tc.text {
				if got := boardtest.ByID(doc, id).Text(); !strings.Contains(squash(got), want) {
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

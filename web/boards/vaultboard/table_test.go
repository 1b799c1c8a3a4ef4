package vaultboard_test

import (
	"io/fs"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	"topsecret/web/boards/vaultboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

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
			map[string]string{"vault-race": "Anna is choosing…", "vault-steals": "Carla grabbed Daan’s Document 15"}},
		{"secure", vault.PhaseSecure, []string{"vault-blast", "vault-banks"}, nil,
			map[string]string{"vault-stage": "Bram: bank or keep?", "vault-discard": "8 discarded"}},
		{"deal end", vault.PhaseDealEnd, []string{"vault-ranking", "vault-rank-1"}, []string{"vault-players"},
			map[string]string{"vault-ranking": "Anna and Carla share the win"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, _ := render(t, tableCtx(table4(tc.phase)))
			boardtest.One(t, doc, "vault-table")
			speaksWords(t, doc)
			for _, id := range append(tc.present, "vault-discard", "vault-stage", "vault-events") {
				if boardtest.ByID(doc, id).Length() == 0 {
					t.Errorf("missing [data-testid=%q]", id)
				}
			}
			for _, id := range append(tc.absent, "vault-hand", "vault-seat", "vault-commit", "vault-committed", "vault-boom",
				"vault-nosteal", "vault-bank", "vault-keep", "vault-safe") {
				if n := boardtest.ByID(doc, id).Length(); n != 0 {
					t.Errorf("found %d [data-testid=%q] on the table", n, id)
				}
			}
			for id, want := range tc.text {
				if got := squash(boardtest.ByID(doc, id).Text()); !strings.Contains(got, want) {
					t.Errorf("[data-testid=%q] = %q, want %q", id, got, want)
				}
			}
			if doc.Find("[data-act],button,form").Length() != 0 {
				t.Error("the table screen has controls")
			}
		})
	}
}

// TestTableNeverShowsAHand renders the table and checks that only face-up
// cards carry an identity: the table view has no hand.
func TestTableNeverShowsAHand(t *testing.T) {
	doc, _ := render(t, tableCtx(table4(vault.PhaseSelect)))
	// Only face-up cards (stakes, the last reveal, the discard top) carry a code.
	codes := doc.Find("[data-code]").Length()
	want := 2 + 4 + 1 // Anna's and Carla's stakes, the last trick, the discard top
	if codes != want {
		t.Errorf("%d face-up cards on the table, want %d", codes, want)
	}
}

// TestGame checks the registration: slug, stylesheet, palette, messages,
// and that a disconnected player shows as reconnecting.
func TestGame(t *testing.T) {
	g := vaultboard.Game
	if u := g.StylesheetURLs(); g.Slug != "vault" || len(u) != 1 || !strings.HasPrefix(u[0], "/static/games/vault/vault.") {
		t.Fatalf("Slug=%q StylesheetURLs=%q", g.Slug, u)
	}
	if b, err := fs.ReadFile(g.Assets, "vault.css"); err != nil || !strings.Contains(string(b), ".vt-card") {
		t.Fatalf("stylesheet: %v", err)
	}
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range st.(game.Colourer).SeatColours() {
		if _, ok := g.Palette[c]; !ok {
			t.Errorf("the palette has no %q", c)
		}
	}
	doc, _ := render(t, tableCtx(table4(vault.PhaseBoom)))
	if got := boardtest.One(t, doc, "vault-player-3").Find(".tag.warn").Text(); got != "reconnecting…" {
		t.Errorf("Daan (away) is shown as %q", got)
	}
	if boardtest.One(t, doc, "vault-player-2").Find(".tag.warn").Length() != 0 {
		t.Error("Carla (connected) is shown as reconnecting")
	}
}

// TestReplay checks the all-seeing replay: the table, every hand face up,
// and the secret files in words.
func TestReplay(t *testing.T) {
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	m := st.(interface{ Legal(game.Seat) []game.Move })
	// Anna seals a card and the others are still choosing.
	card := m.Legal(0)[0].Fields["card"][0]
	a := game.Action{Seat: 0, Type: vault.ActCommit, Data: []byte(`{"card":` + kit.Itoa(card.(int)) + `}`)}
	if err := st.Check(a); err != nil {
		t.Fatal(err)
	}
	st.Apply(a, game.RandFor(game.Seed{}, 1))
	c := worded(t, kit.Context{View: st.View(game.OmniscientViewer()), Names: names[:3], You: game.System, Table: true, Now: now})
	doc, _ := boardtest.Render(t, vaultboard.Game, c)
	boardtest.One(t, doc, "vault-omniscient")
	boardtest.One(t, doc, "vault-table")
	speaksWords(t, doc)
	for i := range 3 {
		if boardtest.One(t, doc, "vault-secret-"+kit.Itoa(i)).Find(".vt-card").Length() == 0 {
			t.Fatalf("seat %d's hand is not shown", i)
		}
	}
	if got := squash(boardtest.One(t, doc, "vault-secret-0").Text()); !strings.Contains(got, "sealed: Terrorist") {
		t.Errorf("Anna's sealed card: %q", got)
	}

	rows := vaultboard.Game.Secrets(c)
	want := map[string]string{
		"Anna’s hand":           "Mole ×3, Agent ×2, Document 10 ×2",
		"Anna’s sealed card":    "Terrorist",
		"Bram’s hand":           "Terrorist ×2",
		"Cards out of the deal": "Document 20",
	}
	got := map[string]string{}
	for _, r := range rows {
		got[r.Label] = r.Value
		if m := rawWords.FindString(r.Label + " " + r.Value); m != "" {
			t.Errorf("secret row %q — %q shows %q", r.Label, r.Value, m)
		}
	}
	for label, part := range want {
		if !strings.Contains(got[label], part) {
			t.Errorf("secret %q = %q, want it to contain %q (rows %v)", label, got[label], part, rows)
		}
	}
	if _, ok := got["Carla’s sealed card"]; ok {
		t.Error("Carla sealed nothing yet has a sealed card")
	}
	// The public views have no secrets.
	for _, v := range []game.Viewer{game.TableViewer(), game.SeatViewer(1)} {
		if rows := vaultboard.Game.Secrets(worded(t, kit.Context{View: st.View(v), Names: names[:3]})); len(rows) != 0 {
			t.Errorf("%v: %d secret rows", v, len(rows))
		}
	}
}

// TestViews checks that the board draws what the engine returns (pointers)
// for every viewer, and nothing for a view it does not know.
func TestViews(t *testing.T) {
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	for v, root := range map[game.Viewer]string{game.SeatViewer(0): "vault-seat", game.TableViewer(): "vault-table",
		game.OmniscientViewer(): "vault-omniscient"} {
		doc, _ := render(t, kit.Context{View: st.View(v), Names: names[:2], You: v.Seat, Table: v.Kind != game.Player})
		boardtest.One(t, doc, root)
	}
	doc, html := render(t, kit.Context{View: vault.TableView{}, Names: names[:2]})
	if strings.TrimSpace(html) != "" || doc.Find("*").Length() > 3 {
		t.Errorf("a view value (not a pointer) draws %q", html)
	}
}

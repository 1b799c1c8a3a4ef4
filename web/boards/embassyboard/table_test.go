package embassyboard_test

import (
	"fmt"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit/boardtest"
)

// TestTable_Phases renders the table screen at the first of each phase
// of real matches: the city, whose move it is, every code holder face
// down with its slot numbers, the duel of a challenge, and no control.
func TestTable_Phases(t *testing.T) {
	for n := embassy.MinPlayers; n <= embassy.MaxPlayers; n++ {
		for _, p := range append(phases, embassy.PhaseOver) {
			t.Run(fmt.Sprintf("%d players %s", n, p), func(t *testing.T) {
				t.Parallel()
				m := firstOf(t, n, func(tv *embassy.TableView) bool { return tv.Phase == p })
				tv := m.table()
				doc, _ := boardtest.Render(t, embassyboard.Game, m.Context(game.TableViewer()))
				boardtest.One(t, doc, "embassy-table")
				boardtest.One(t, doc, "embassy-map")
				if got := boardtest.One(t, doc, "embassy-say").Text(); strings.TrimSpace(got) == "" {
					t.Fatal("the table says nothing about the moment")
				}
				if got := doc.Find(`[data-testid^="embassy-holder-"]`).Length(); got != n {
					t.Fatalf("%d code holders, want %d", got, n)
				}
				if got := doc.Find(`[data-testid^="embassy-holder-"] .em-n`).Length(); got < 4*n {
					t.Fatalf("%d slot numbers, want at least %d", got, 4*n)
				}
				if doc.Find("[data-act], form, input, .em-peek").Length() != 0 {
					t.Fatal("the table screen has a control or a holder's faces")
				}
				if got := doc.Find(".em-cb").Length(); (len(tv.Cards) > 0) != (got > 0) {
					t.Fatalf("cards on %d embassies, %d card layers drawn", len(tv.Cards), got)
				}
				if tv.Challenge != nil {
					boardtest.One(t, doc, "embassy-duel")
				} else {
					boardtest.None(t, doc, "embassy-duel")
				}
				if tv.Reveal != nil {
					boardtest.One(t, doc, "embassy-reveal")
				}
				if p == embassy.PhaseOver && doc.Find(".em-face").Length() < 4 {
					t.Fatal("the end shows fewer than the winner's four cards")
				}
			})
		}
	}
}

// TestReplay draws the all-seeing view: every card face up, on the
// embassies and in the holders, and the secret files in words.
func TestReplay(t *testing.T) {
	m := firstOf(t, 4, func(tv *embassy.TableView) bool { return tv.Turn > 20 && tv.Phase == embassy.PhaseRoll })
	c := m.Context(game.OmniscientViewer())
	ov := c.View.(*embassy.OmniscientView)
	doc, _ := boardtest.Render(t, embassyboard.Game, c)
	boardtest.One(t, doc, "embassy-replay")
	onEmbassies, inHolders := 0, 0
	for _, id := range ov.Embassies {
		if id != "" {
			onEmbassies++
		}
	}
	for _, h := range ov.Holders {
		for _, id := range h {
			if id != "" {
				inHolders++
			}
		}
	}
	if got := doc.Find(".em-cf").Length(); got != onEmbassies {
		t.Fatalf("%d faces on embassies, want %d", got, onEmbassies)
	}
	if got := doc.Find(`[data-testid^="embassy-holder-"] .em-face`).Length(); got != inHolders {
		t.Fatalf("%d faces in holders, want %d", got, inHolders)
	}
	rows := embassyboard.Game.Secrets(c)
	if len(rows) != 5 {
		t.Fatalf("%d secret rows, want a holder per seat and the embassies", len(rows))
	}
	for _, r := range rows {
		if rawID.MatchString(r.Label + r.Value) {
			t.Fatalf("secret row %q: %q speaks in ids", r.Label, r.Value)
		}
	}
}

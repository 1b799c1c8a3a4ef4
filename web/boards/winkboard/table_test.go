package winkboard_test

import (
	"strconv"
	"strings"
	"testing"

	"topsecret/internal/games/wink"
	"topsecret/web/kit/boardtest"
)

// TestTable_NeverShowsAHand: the table screen gets only public facts and
// shows no cards in hands, in any phase.
func TestTable_NeverShowsAHand(t *testing.T) {
	for _, f := range fixtures() {
		if !strings.HasPrefix(f.Name, "table") {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			doc, html := render(t, f.Ctx)
			boardtest.One(t, doc, "wink-table")
			for _, id := range []string{"wink-seat", "wink-hand", "wink-agent", "wink-location", "wink-caught", "wink-answer", "wink-take-cards", "wink-eyes"} {
				boardtest.None(t, doc, id)
			}
			if doc.Find("[data-act]").Length() != 0 {
				t.Error("the table screen has action buttons")
			}
			if strings.Contains(html, "Your meeting place") || strings.Contains(html, "Contact:") {
				t.Error("the table screen names a hand")
			}
			tv := f.Ctx.View.(*wink.TableView)
			for i := range len(tv.Players) {
				boardtest.One(t, doc, "wink-table-seat-"+strconv.Itoa(i))
			}
			if tv.Phase != wink.PhaseOver {
				if got := boardtest.One(t, doc, "wink-table-agent-deck").Text(); !strings.Contains(got, strconv.Itoa(tv.AgentDeck)) {
					t.Errorf("agent deck shows %q", got)
				}
				boardtest.One(t, doc, "wink-honour")
			} else {
				boardtest.One(t, doc, "wink-ranking")
				boardtest.One(t, doc, "wink-reveal")
			}
		})
	}
}

func TestTable_Banners(t *testing.T) {
	doc, _ := render(t, tableCtx(claimTable()))
	b := boardtest.One(t, doc, "wink-banner")
	if b.AttrOr("data-seq", "") == "" || b.AttrOr("data-anim", "") == "" {
		t.Error("claim banner does not animate once")
	}
	if got := textOf(b); !strings.Contains(got, "Tom: “I meet Julia at the Fountain!”") || !strings.Contains(got, "green") {
		t.Errorf("claim banner = %q", got)
	}
	doc, _ = render(t, tableCtx(tableF(4, wink.PhaseTurn, 1)))
	if got := textOf(boardtest.One(t, doc, "wink-banner")); got != "New cards Tom drew a new agent card." {
		t.Errorf("latest banner = %q", got)
	}
	// Reconnecting seats are marked.
	if got := boardtest.One(t, doc, "wink-table-seat-2").Text(); !strings.Contains(got, "reconnecting") {
		t.Errorf("seat 2 (away) = %q", got)
	}
	if got := textOf(doc.Find(".wk-decks")); !strings.Contains(got, "17 agent cards left") || !strings.Contains(got, "Tom’s turn") {
		t.Errorf("decks = %q", got)
	}
	// Remote tables carry no honour-code line.
	tv := tableF(4, wink.PhaseTurn, 1)
	tv.Mode = wink.ModeRemote
	doc, _ = render(t, tableCtx(tv))
	boardtest.None(t, doc, "wink-honour")
}

// TestTable_Stall warns of the no-stall end with the catalogue's plurals.
func TestTable_Stall(t *testing.T) {
	for n, want := range map[int]string{1: "the game ends after 1 more pass.", 3: "the game ends after 3 more passes."} {
		tv := tableF(4, wink.PhaseTurn, 1)
		tv.AgentDeck, tv.StallPassesLeft = 0, n
		doc, _ := render(t, tableCtx(tv))
		if got := textOf(doc.Find(".wk-stall")); !strings.Contains(got, want) {
			t.Errorf("stall line %q lacks %q", got, want)
		}
	}
}

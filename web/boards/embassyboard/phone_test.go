package embassyboard_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit/boardtest"
)

// phases are the waiting points a phone draws controls for.
var phases = []embassy.Phase{embassy.PhaseRoll, embassy.PhaseMove, embassy.PhaseChallenge, embassy.PhaseGuess,
	embassy.PhasePenalty, embassy.PhaseKeep, embassy.PhaseSlot, embassy.PhaseFifth, embassy.PhasePlace}

// TestPhone_Phases renders the awaited phone at the first of each phase of
// real matches: it offers exactly the legal moves (a pick on the board or
// a button each), with the controls the phase asks for, while every other
// phone offers nothing.
func TestPhone_Phases(t *testing.T) {
	for n := embassy.MinPlayers; n <= embassy.MaxPlayers; n++ {
		for _, p := range phases {
			t.Run(fmt.Sprintf("%d players %s", n, p), func(t *testing.T) {
				t.Parallel()
				m := firstOf(t, n, func(tv *embassy.TableView) bool { return tv.Phase == p })
				checkPhone(t, m)
			})
		}
	}
}

// firstOf is a bot-played match stopped at the first moment cond holds,
// trying seeds until one gets there.
func firstOf(t *testing.T, n int, cond func(*embassy.TableView) bool) *match {
	t.Helper()
	for seed := byte(1); seed < 60; seed++ {
		m := newMatch(t, n, seed)
		if m.until(cond) {
			return m
		}
	}
	t.Skipf("no %d-player match among 60 seeds gets there", n)
	return nil
}

// checkPhone checks the awaited phone and one other phone of m now.
func checkPhone(t *testing.T, m *match) {
	t.Helper()
	tv := m.table()
	me := tv.Awaiting
	doc, _ := boardtest.Render(t, embassyboard.Game, m.phone(me))
	root := boardtest.One(t, doc, "embassy-seat")
	if got := root.AttrOr("data-phase", ""); got != string(tv.Phase) {
		t.Fatalf("data-phase=%q, want %q", got, tv.Phase)
	}
	boardtest.One(t, doc, "embassy-panel-"+string(tv.Phase))
	offered := canonSet(controls(doc, game.Seat(me), m.At))
	legal := legalSet(m.State.Legal(game.Seat(me)))
	if !slices.Equal(offered, legal) {
		t.Fatalf("the phone offers\n%v\nthe engine lists\n%v", offered, legal)
	}
	phaseControls(t, m, doc, tv)
	other, _ := boardtest.Render(t, embassyboard.Game, m.phone((me+1)%m.Seats))
	if k := len(controls(other, game.Seat((me+1)%m.Seats), m.At)); k != 0 {
		t.Fatalf("a waiting phone offers %d controls", k)
	}
	boardtest.None(t, other, "embassy-panel-"+string(tv.Phase))
}

// phaseControls checks the controls each phase draws, by testid.
func phaseControls(t *testing.T, m *match, doc *goquery.Document, tv *embassy.TableView) {
	t.Helper()
	count := func(sel string) int { return doc.Find(sel).Length() }
	occupied := func(s int) int { return cards(tv.Players[s].Slots) }
	switch tv.Phase {
	case embassy.PhaseRoll:
		boardtest.One(t, doc, "embassy-roll")
	case embassy.PhaseMove:
		boardtest.One(t, doc, "embassy-go-move")
		if got := boardtest.One(t, doc, "embassy-pick-move").Find("input[type=radio]").Length(); got != len(tv.Destinations) {
			t.Fatalf("%d destinations to pick, want %d", got, len(tv.Destinations))
		}
	case embassy.PhaseChallenge:
		for _, p := range tv.Players {
			if p.Target {
				boardtest.One(t, doc, fmt.Sprintf("embassy-challenge-%d", p.Seat))
			}
		}
	case embassy.PhaseGuess:
		q := tv.Challenge.Target
		if got := count(`[data-testid^="embassy-point-"]`); got != occupied(q) {
			t.Fatalf("%d slots to point at, want %d", got, occupied(q))
		}
		if got, want := count(`[data-testid^="embassy-guess-"]`), occupied(q)*len(tv.InPlay); got != want {
			t.Fatalf("%d secrets to name, want %d", got, want)
		}
	case embassy.PhasePenalty:
		if got := count(`[data-testid^="embassy-penalty-"]`); got != occupied(tv.Active) {
			t.Fatalf("%d slots to take from, want %d", got, occupied(tv.Active))
		}
	case embassy.PhaseKeep:
		boardtest.One(t, doc, "embassy-keep")
		boardtest.One(t, doc, "embassy-decline")
	case embassy.PhaseSlot:
		if got := count(`[data-testid^="embassy-slot-"]`); got != embassy.Slots-occupied(tv.Awaiting) {
			t.Fatalf("%d empty slots offered, want %d", got, embassy.Slots-occupied(tv.Awaiting))
		}
	case embassy.PhaseFifth:
		boardtest.One(t, doc, "embassy-reject")
		if got := count(`[data-testid^="embassy-swap-"]`); got != embassy.Slots {
			t.Fatalf("%d slots to swap, want %d", got, embassy.Slots)
		}
	case embassy.PhasePlace:
		if got, want := count(`[data-testid="embassy-target-place"]`), len(m.State.Legal(game.Seat(tv.Awaiting))); got != want {
			t.Fatalf("%d embassies to place on, want %d", got, want)
		}
	case embassy.PhaseImmobile, embassy.PhaseBlocked:
		boardtest.One(t, doc, "embassy-pass")
		if got := count(`[data-testid^="embassy-bodyguard-"]`); got != len(tv.Blockers) {
			t.Fatalf("%d bodyguards to swap with, want %d", got, len(tv.Blockers))
		}
	}
}

func cards(slots [embassy.Slots]bool) int {
	n := 0
	for _, s := range slots {
		if s {
			n++
		}
	}
	return n
}

// canonSet is actions as sorted, distinct canonical strings.
func canonSet(as []game.Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, boardtest.Canon(a.Type, a.Data))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// legalSet is the legal moves with every template's field filled in with
// each listed value, as sorted canonical strings.
func legalSet(moves []game.Move) []string {
	var out []string
	for _, mv := range moves {
		if len(mv.Fields) == 0 {
			out = append(out, boardtest.Canon(mv.Type, mv.Data))
			continue
		}
		for field, values := range mv.Fields {
			for _, v := range values {
				var d map[string]any
				if json.Unmarshal(mv.Data, &d) != nil || d == nil {
					d = map[string]any{}
				}
				d[field] = v
				b, _ := json.Marshal(d)
				out = append(out, boardtest.Canon(mv.Type, b))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

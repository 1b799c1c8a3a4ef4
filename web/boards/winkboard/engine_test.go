package winkboard_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/wink"
	"topsecret/web/boards/winkboard"
	"topsecret/web/kit/boardtest"
)

// TestEngineButtons drives real matches through the boards, in both modes
// at the smallest, a middling and the largest table (5 players only with
// -short): every enabled button a phone shows must be an
// action the engine accepts, every frame must be worded from the catalogue
// (no missing id, no raw id or code), and the table screen renders every
// step.
func TestEngineButtons(t *testing.T) {
	for _, mode := range []string{wink.ModeTable, wink.ModeRemote} {
		for _, n := range tableSizes() {
			t.Run(fmt.Sprintf("%s/%d", mode, n), func(t *testing.T) {
				t.Parallel()
				opts, _ := json.Marshal(map[string]any{"mode": mode})
				var seed game.Seed
				seed[0], seed[1] = 7, byte(n)
				steps := 0
				pressed := boardtest.Play(t, boardtest.Match{
					Rules: wink.Rules{}, Board: winkboard.Game, Seats: n, Seed: seed, Options: opts,
					Controls: controls, Choose: progress,
					// Winks and glances depend on the clock between renders.
					Skip:    func(typ string) bool { return typ == wink.ActWink || typ == wink.ActSignal },
					PhoneID: "wink-seat", TableID: "wink-table",
					Frame: func(tb testing.TB, v game.Viewer, _ game.State, doc *goquery.Document) {
						if v.Kind == game.Table {
							steps++
						}
						checkWords(tb, doc)
					},
				})
				want := []string{wink.ActTakeCards, wink.ActAccuse, wink.ActSwap, wink.ActPass}
				if mode == wink.ModeTable {
					want = append(want, wink.ActClaim, wink.ActConfirmClaim)
				} else {
					// A remote claim needs a wink first, which the harness
					// plays only through the bots.
					want = append(want, wink.ActSetFocus)
				}
				pressed.Require(t, want...)
				t.Logf("%d steps, pressed %v", steps, pressed)
			})
		}
	}
}

// tableSizes are the player counts TestEngineButtons plays; each match
// renders every phone and the table screen at every step, so the suite
// keeps to three sizes.
func tableSizes() []int {
	if testing.Short() {
		return []int{5}
	}
	return []int{wink.MinPlayers, 5, wink.MaxPlayers}
}

// progress plays a match forward so that every kind of button comes up: the
// bots half of the time (in remote mode they wink, glance and claim), else
// the awaited seat's most useful move (take cards, answer, claim, swap,
// pass), and now and then an accusation.
func progress(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	if r.IntN(2) == 0 {
		if a, ok := gametest.BotMoves(wink.Bot{})(st, n, now, r); ok {
			return a, true
		}
	}
	if r.IntN(8) == 0 {
		s := game.Seat(r.IntN(n))
		for _, mv := range st.Legal(s) {
			if mv.Type == wink.ActAccuse {
				return gametest.Fill(mv, s, now, r), true
			}
		}
	}
	rank := map[string]int{wink.ActTakeCards: 4, wink.ActConfirmClaim: 4, wink.ActClaim: 3, wink.ActSwap: 2, wink.ActPass: 1}
	for _, s := range st.Next().Seats {
		var best []game.Move
		for _, mv := range st.Legal(s) {
			switch {
			case rank[mv.Type] == 0:
			case len(best) == 0 || rank[mv.Type] > rank[best[0].Type]:
				best = []game.Move{mv}
			case rank[mv.Type] == rank[best[0].Type]:
				best = append(best, mv)
			}
		}
		if len(best) > 0 {
			return gametest.Fill(best[r.IntN(len(best))], s, now, r), true
		}
	}
	return game.Action{}, false
}

// controls are the actions a phone's enabled controls send, as app.js sends
// them: data-act buttons, and for the accuse picker each winker × target.
func controls(doc *goquery.Document, seat game.Seat, at int64) []game.Action {
	out := boardtest.Buttons(doc, seat, at)
	doc.Find(`form[data-act="accuse"] input[name=winker]`).Each(func(_ int, w *goquery.Selection) {
		x, _ := strconv.Atoi(w.AttrOr("value", ""))
		e, _ := strconv.Atoi(w.AttrOr("data-epoch", ""))
		doc.Find(`form[data-act="accuse"] input[name=target]`).Each(func(_ int, tg *goquery.Selection) {
			y, _ := strconv.Atoi(tg.AttrOr("value", ""))
			if y == x {
				return // hidden by CSS once x is picked
			}
			d, _ := json.Marshal(wink.Accuse{Winker: x, Target: y, Epoch: e})
			out = append(out, game.Action{Seat: seat, Type: wink.ActAccuse, Data: d, At: at})
		})
	})
	return out
}

package winkboard_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	winkboard "topsecret/web/games/wink"
)

// TestEngineButtons drives a real match through the boards: every enabled
// button a phone shows must be an action the engine accepts, and the table
// screen must render every step.
func TestEngineButtons(t *testing.T) {
	for _, mode := range []string{wink.ModeTable, wink.ModeRemote} {
		t.Run(mode, func(t *testing.T) {
			opts, _ := json.Marshal(map[string]any{"mode": mode})
			var seed game.Seed
			seed[0] = 7
			const n = 5
			at := int64(1_700_000_000_000)
			st, err := wink.Rules{}.New(game.Setup{Game: "wink", Seats: n, Seed: seed, Options: opts, Started: at})
			if err != nil {
				t.Fatal(err)
			}
			r := game.RandFor(seed, 1)
			checked := map[string]int{}
			for step := 0; step < 40; step++ {
				at += 2500
				// The table screen renders at every step.
				table, _ := render(t, winkboard.Context{View: st.View(game.TableViewer()), Names: names[:n], You: -1, Table: true, Now: at})
				one(t, table, "wink-table")
				var next *game.Action
				for s := range n {
					c := winkboard.Context{View: st.View(game.SeatViewer(game.Seat(s))), Names: names[:n], You: s,
						Legal: st.Legal(game.Seat(s)), Now: at}
					doc, _ := render(t, c)
					one(t, doc, "wink-seat")
					for _, a := range buttons(doc, s, at) {
						if err := st.Check(a); err != nil {
							t.Fatalf("step %d seat %d: button %s %s refused: %v", step, s, a.Type, a.Data, err)
						}
						checked[a.Type]++
						if prio(a.Type) > 0 && (next == nil || prio(a.Type) > prio(next.Type)) {
							a := a
							next = &a
						}
					}
				}
				if next == nil {
					// Only pass/accuse left: pass if someone can.
					for s := range n {
						for _, m := range st.Legal(game.Seat(s)) {
							if m.Type == wink.ActPass && next == nil {
								next = &game.Action{Seat: game.Seat(s), Type: m.Type, At: at}
							}
						}
					}
				}
				if next == nil {
					break
				}
				st.Apply(*next, r)
			}
			for _, typ := range []string{wink.ActTakeCards, wink.ActAccuse, wink.ActSwap, wink.ActPass, wink.ActClaim, wink.ActConfirmClaim} {
				if mode == wink.ModeRemote && (typ == wink.ActClaim || typ == wink.ActConfirmClaim) {
					continue // a remote claim needs a wink first, which this test does not play
				}
				if checked[typ] == 0 {
					t.Errorf("no %s button was ever checked (%v)", typ, checked)
				}
			}
			if mode == wink.ModeRemote && checked[wink.ActSetFocus] == 0 {
				t.Errorf("no set_focus button was checked (%v)", checked)
			}
		})
	}
}

// prio orders the moves the test plays: progress first, looking last.
func prio(typ string) int {
	switch typ {
	case wink.ActTakeCards, wink.ActConfirmClaim:
		return 4
	case wink.ActClaim:
		return 3
	case wink.ActSwap:
		return 2
	case wink.ActSetFocus:
		return 1
	}
	return 0
}

// buttons turns a phone's enabled controls into the actions app.js would
// send: data-act buttons, and for the accuse picker each winker × target.
func buttons(doc *goquery.Document, seat int, at int64) []game.Action {
	var out []game.Action
	doc.Find("button[data-act]").Each(func(_ int, b *goquery.Selection) {
		if _, off := b.Attr("disabled"); off {
			return
		}
		typ := b.AttrOr("data-act", "")
		if typ == wink.ActWink || typ == wink.ActSignal {
			return // cooldowns depend on the clock between renders
		}
		out = append(out, game.Action{Seat: game.Seat(seat), Type: typ, Data: json.RawMessage(b.AttrOr("data-data", "{}")), At: at})
	})
	doc.Find(`form[data-act="accuse"] input[name=winker]`).Each(func(_ int, w *goquery.Selection) {
		x, _ := strconv.Atoi(w.AttrOr("value", ""))
		e, _ := strconv.Atoi(w.AttrOr("data-epoch", ""))
		doc.Find(`form[data-act="accuse"] input[name=target]`).Each(func(_ int, tg *goquery.Selection) {
			y, _ := strconv.Atoi(tg.AttrOr("value", ""))
			if y == x {
				return // hidden by CSS once x is picked
			}
			d, _ := json.Marshal(wink.Accuse{Winker: x, Target: y, Epoch: e})
			out = append(out, game.Action{Seat: game.Seat(seat), Type: wink.ActAccuse, Data: d, At: at})
		})
	})
	return out
}

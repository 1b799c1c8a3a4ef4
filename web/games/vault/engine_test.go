package vaultboard_test

import (
	"encoding/json"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	vaultboard "topsecret/web/games/vault"
)

// TestEngineButtons drives real matches through the boards: every enabled
// button a phone shows must be an action the engine accepts, and the play
// itself goes through those buttons (or the timers, when nobody acts), so a
// whole deal is played from the phones alone.
func TestEngineButtons(t *testing.T) {
	checked := map[string]int{}
	for _, n := range []int{2, 4, 6} {
		for s := range 2 {
			var seed game.Seed
			seed[0], seed[1] = byte(n), byte(s)
			playMatch(t, n, seed, checked)
		}
	}
	t.Logf("buttons checked: %v", checked)
	for _, typ := range []string{vault.ActCommit, vault.ActBoom, vault.ActSteal, vault.ActNoSteal, vault.ActSecure} {
		if checked[typ] == 0 {
			t.Errorf("no %s button was ever checked (%v)", typ, checked)
		}
	}
}

func playMatch(t *testing.T, n int, seed game.Seed, checked map[string]int) {
	t.Helper()
	at := int64(1_700_000_000_000)
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: n, Seed: seed, Started: at})
	if err != nil {
		t.Fatal(err)
	}
	r := game.RandFor(seed, 1)
	pick := game.RandFor(seed, 2)
	for step := 0; step < 2000; step++ {
		table, _ := render(t, vaultboard.Context{View: st.View(game.TableViewer()), Names: names[:n], You: -1, Table: true, Now: at})
		one(t, table, "vault-table")
		if byID(table, "vault-hand").Length() != 0 || table.Find("[data-act]").Length() != 0 {
			t.Fatalf("step %d: the table screen shows a hand or a button", step)
		}
		if _, over := st.Result(); over {
			one(t, table, "vault-ranking")
			return
		}
		var all []game.Action
		for s := range n {
			v := st.View(game.SeatViewer(game.Seat(s)))
			doc, _ := render(t, vaultboard.Context{View: v, Names: names[:n], You: s, Legal: st.Legal(game.Seat(s)), Now: at})
			one(t, doc, "vault-seat")
			if sv, ok := v.(vault.SeatView); ok && len(sv.Hand) > 0 {
				if got := one(t, doc, "vault-hand").Find(".vt-hc").Length(); got != len(sv.Hand) {
					t.Fatalf("step %d seat %d: %d hand cards drawn, want %d", step, s, got, len(sv.Hand))
				}
			}
			for _, a := range buttons(doc, s, at) {
				if err := st.Check(a); err != nil {
					t.Fatalf("step %d seat %d: button %s %s refused: %v", step, s, a.Type, a.Data, err)
				}
				checked[a.Type]++
				all = append(all, a)
			}
		}
		turn := st.Next()
		// Now and then nobody acts and the timer decides (missed Boom,
		// mole timeout, undecided = keep).
		wait := len(turn.Timers) > 0 && len(all) > 0 && all[0].Type != vault.ActCommit && pick.IntN(5) == 0
		if len(all) > 0 && !wait {
			a := all[pick.IntN(len(all))]
			st.Apply(a, r)
			at += 150
			continue
		}
		if len(turn.Timers) == 0 {
			t.Fatalf("step %d: no button and no timer: the match is stuck", step)
		}
		at = max(at, turn.Timers[0].At)
		fire := turn.Timers[0].Fires
		fire.At = at
		if err := st.Check(fire); err != nil {
			t.Fatalf("step %d: timer %s refused: %v", step, fire.Type, err)
		}
		st.Apply(fire, r)
		at += 50
	}
	t.Fatal("the match did not end")
}

// buttons turns a phone's enabled controls into the actions app.js would
// send: data-act plus data-data.
func buttons(doc *goquery.Document, seat int, at int64) []game.Action {
	var out []game.Action
	doc.Find("[data-act]").Each(func(_ int, b *goquery.Selection) {
		if disabled(b) {
			return
		}
		out = append(out, game.Action{Seat: game.Seat(seat), Type: b.AttrOr("data-act", ""),
			Data: json.RawMessage(b.AttrOr("data-data", "{}")), At: at})
	})
	return out
}

package vaultboard_test

import (
	"encoding/json"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/vault"
	"topsecret/web/boards/vaultboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// TestEngineButtons drives real deals through the boards for 2–6 players,
// with and without the select timer: every enabled button a phone shows
// must be an action the engine accepts, every frame speaks words (no raw
// id or card code) and every message id is in the catalogue. Now and then
// nobody acts and a timer decides (a missed Boom, a mole too slow, an
// undecided keep, a random commit).
func TestEngineButtons(t *testing.T) {
	base := boardtest.Match{Rules: vault.Rules{}, Board: vaultboard.Game,
		Choose: sometimesWait, PhoneID: "vault-seat", TableID: "vault-table", Frame: frame}
	pressed := boardtest.PlayEvery(t, base, 2, func(m *boardtest.Match, seed int) {
		if seed == 1 {
			m.Options = json.RawMessage(`{"selectTimeoutMs":10000}`)
		}
	})
	t.Logf("buttons checked: %v", pressed)
	pressed.Require(t, vault.ActCommit, vault.ActBoom, vault.ActSteal, vault.ActNoSteal, vault.ActSecure)
}

// sometimesWait lets a running window's timer fire one time in five, and
// otherwise plays a random legal move.
func sometimesWait(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	if ts := st.Next().Timers; len(ts) > 0 && r.IntN(5) == 0 {
		a := ts[0].Fires
		a.At = max(ts[0].At, now)
		return a, true
	}
	return gametest.RandomMoves(st, n, now, r)
}

// frame is every rendered frame's own checks: words only, every hand card
// drawn on its phone, never a hand on the table, the ranking at the end.
func frame(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
	tb.Helper()
	speaksWords(tb, doc)
	if v.Kind != game.Player {
		if boardtest.ByID(doc, "vault-hand").Length() != 0 {
			tb.Fatal("the table screen shows a hand")
		}
		if _, over := st.Result(); over {
			boardtest.One(tb, doc, "vault-ranking")
		}
		return
	}
	sv := st.View(v).(*vault.SeatView)
	if len(sv.Hand) > 0 {
		if got := boardtest.One(tb, doc, "vault-hand").Find(".vt-hc").Length(); got != len(sv.Hand) {
			tb.Fatalf("seat %d: %d hand cards drawn, want %d", v.Seat, got, len(sv.Hand))
		}
	}
}

// engineFixtures are boards of a real 6-player deal played by the bot: the
// first table and phone of each phase, for the preview.
func engineFixtures(t *testing.T) []boardtest.Fixture {
	const n = 6
	var seed game.Seed
	seed[0] = 3
	at := gametest.Start
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: n, Seed: seed, Started: at})
	if err != nil {
		t.Fatal(err)
	}
	r := game.RandFor(seed, 1)
	seen := map[vault.Phase]int{}
	var out []boardtest.Fixture
	ctx := func(v game.Viewer) kit.Context {
		c := kit.Context{View: st.View(v), Names: names, You: v.Seat, Table: v.Kind != game.Player, Now: at}
		if v.Kind == game.Player {
			c.Legal = st.Legal(v.Seat)
		}
		return worded(t, c)
	}
	for range 3000 {
		tv := st.View(game.TableViewer()).(*vault.TableView)
		if seen[tv.Phase] < 2 && (tv.Phase != vault.PhaseSelect || tv.Trick > 3) {
			seen[tv.Phase]++
			name := "engine-" + string(tv.Phase) + "-" + kit.Itoa(seen[tv.Phase])
			out = append(out, boardtest.Fixture{Name: "table-" + name, Ctx: ctx(game.TableViewer())})
			for s := range n {
				if len(st.Legal(game.Seat(s))) > 0 || s == n-1 {
					out = append(out, boardtest.Fixture{Name: "phone-" + name, Ctx: ctx(game.SeatViewer(game.Seat(s)))})
					break
				}
			}
		}
		if _, over := st.Result(); over {
			out = append(out, boardtest.Fixture{Name: "replay-engine-end", Ctx: ctx(game.OmniscientViewer())})
			break
		}
		if tv.Trick == 8 && seen["replay"] == 0 {
			seen["replay"]++
			out = append(out, boardtest.Fixture{Name: "replay-engine-mid", Ctx: ctx(game.OmniscientViewer())})
		}
		a, ok := gametest.BotMoves(vault.Bot{})(st, n, at, r)
		if !ok {
			tm := st.Next().Timers
			if len(tm) == 0 {
				break
			}
			at = max(at, tm[0].At)
			a = tm[0].Fires
			a.At = at
		}
		if err := st.Check(a); err != nil {
			t.Fatal(err)
		}
		st.Apply(a, r)
		at += 300
	}
	return out
}

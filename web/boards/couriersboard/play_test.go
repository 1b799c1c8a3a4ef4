package couriersboard_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/couriersboard"
	"topsecret/web/kit/boardtest"
)

// TestPlay drives real matches of 2, 3 and 4 players through the boards:
// every enabled button and every choice a phone's forms offer must be an
// action the engine accepts, every frame speaks words only, and neither
// the table screen nor another seat's phone changes when a seat's secrets
// are reshuffled.
func TestPlay(t *testing.T) {
	base := boardtest.Match{Rules: couriers.Rules{}, Board: couriersboard.Game,
		Controls: controls, Choose: mostlyBots, PhoneID: "couriers-seat", TableID: "couriers-table"}
	pressed := boardtest.PlayEvery(t, base, 2, func(m *boardtest.Match, _ int) {
		check := frames()
		m.Frame = func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) { check(tb, v, st, doc) }
	})
	t.Logf("controls checked: %v", pressed)
	pressed.Require(t, couriers.ActHide, couriers.ActRoll, couriers.ActMove, couriers.ActSuitcase, couriers.ActEndTurn,
		couriers.ActDefender, couriers.ActCard, couriers.ActLoot, couriers.ActBombVictims)
}

// mostlyBots plays the bot most of the time, so matches end; one action in
// six is a random legal one (never a random setup: its cities may repeat),
// and now and then a timer runs out.
func mostlyBots(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	if ts := st.Next().Timers; len(ts) > 0 && r.IntN(20) == 0 {
		a := ts[0].Fires
		a.At = max(ts[0].At, now)
		return a, true
	}
	if r.IntN(6) == 0 {
		if a, ok := gametest.RandomMoves(st, n, now, r); ok && a.Type != couriers.ActHide && st.Check(a) == nil {
			return a, true
		}
	}
	return gametest.BotMoves(couriers.Bot{})(st, n, now, r)
}

// controls are the actions a phone offers: its enabled buttons, every
// agent and destination of the move picker, every choice of the secret
// setup (clue cards, and cities tapped on the map) and every set of bomb
// victims of the right size, as the page's scripts send them.
func controls(doc *goquery.Document, seat game.Seat, at int64) []game.Action {
	out := boardtest.Buttons(doc, seat, at)
	act := func(typ string, data any) {
		b, _ := json.Marshal(data)
		out = append(out, game.Action{Seat: seat, Type: typ, Data: b, At: at})
	}
	doc.Find(`form[data-act="move"]`).Each(func(_ int, f *goquery.Selection) {
		f.Find(`input[name="agent"]`).Each(func(_ int, a *goquery.Selection) {
			agent := a.AttrOr("value", "")
			class := "r" + agent[len(agent)-1:]
			f.Find(".cz-t." + class + ` input[name="to"]`).Each(func(_ int, to *goquery.Selection) {
				act(couriers.ActMove, map[string]string{"agent": agent, "to": to.AttrOr("value", "")})
			})
		})
	})
	doc.Find(`form[data-act="bomb_victims"]`).Each(func(_ int, f *goquery.Selection) {
		var ids []string
		f.Find(`input[name="agents"]`).Each(func(_ int, c *goquery.Selection) { ids = append(ids, c.AttrOr("value", "")) })
		k := 0
		fmt.Sscan(f.AttrOr("data-n", "0"), &k)
		for _, set := range subsets(ids, k) {
			act(couriers.ActBombVictims, map[string][]string{"agents": set})
		}
	})
	doc.Find(`form[data-act="hide"]`).Each(func(_ int, f *goquery.Selection) {
		var cities, letters []string
		f.Find(`.cz-map .cz-c`).Each(func(_ int, c *goquery.Selection) { cities = append(cities, c.AttrOr("value", "")) })
		f.Find(`input[data-place]`).Each(func(_ int, l *goquery.Selection) { letters = append(letters, l.AttrOr("name", "")) })
		if len(letters) != 4 || len(cities) < 4 {
			return
		}
		f.Find(`input[name="clues"]`).Each(func(i int, c *goquery.Selection) {
			var clues map[string]string
			json.Unmarshal([]byte(c.AttrOr("value", "")), &clues)
			// Each assignment once, and each city once for the first
			// suitcase, the others on distinct cities, as taps place them.
			a := cities[i%len(cities)]
			data := map[string]any{"clues": clues, letters[0]: a}
			for k, l := range letters[1:] {
				data[l] = other(cities, a, k+1)
			}
			act(couriers.ActHide, data)
		})
	})
	return out
}

// other is the k-th city of list that is not avoid.
func other(list []string, avoid string, k int) string {
	for _, c := range list {
		if c == avoid {
			continue
		}
		if k--; k == 0 {
			return c
		}
	}
	return ""
}

// subsets are every k-element subset of ids, in order.
func subsets(ids []string, k int) [][]string {
	if k == 0 {
		return [][]string{{}}
	}
	var out [][]string
	for i := range ids {
		for _, rest := range subsets(ids[i+1:], k-1) {
			out = append(out, append([]string{ids[i]}, rest...))
		}
	}
	return out
}

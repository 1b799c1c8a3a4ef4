package embassyboard_test

import (
	"encoding/json"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit/boardtest"
)

// TestPlay drives real matches of 2, 3 and 4 players through the boards:
// every enabled button and every pick a phone offers must be an action
// the engine accepts, every frame speaks words only, no phone shows
// another seat's cards and the table screen shows none.
func TestPlay(t *testing.T) {
	pressed := boardtest.PlayEvery(t, boardtest.Match{Rules: embassy.Rules{}, Board: embassyboard.Game,
		Controls: controls, Choose: mostlyBots, PhoneID: "embassy-seat", TableID: "embassy-table", Frame: frame}, 3, nil)
	t.Logf("controls checked: %v", pressed)
	pressed.Require(t, embassy.ActRoll, embassy.ActMove, embassy.ActChallenge, embassy.ActGuess, embassy.ActPenalty,
		embassy.ActKeep, embassy.ActDecline, embassy.ActSlot, embassy.ActSwap, embassy.ActReject, embassy.ActPlace)
}

// mostlyBots plays the bot most of the time, so matches end; one action in
// four is a random legal one, and now and then a timer runs out.
func mostlyBots(st game.State, n int, now int64, r *game.Rand) (game.Action, bool) {
	if ts := st.Next().Timers; len(ts) > 0 && r.IntN(12) == 0 {
		a := ts[0].Fires
		a.At = max(ts[0].At, now)
		return a, true
	}
	if r.IntN(4) == 0 {
		return gametest.RandomMoves(st, n, now, r)
	}
	return gametest.BotMoves(embassy.Bot{})(st, n, now, r)
}

// controls are the actions a phone offers: its enabled buttons, and each
// radio of a pick form (the form's action with the radio's field filled
// in, as the page's script sends it).
func controls(doc *goquery.Document, seat game.Seat, at int64) []game.Action {
	out := boardtest.Buttons(doc, seat, at)
	doc.Find("form[data-act]").Each(func(_ int, f *goquery.Selection) {
		f.Find("input[type=radio]").Each(func(_ int, in *goquery.Selection) {
			var d map[string]any
			if json.Unmarshal([]byte(f.AttrOr("data-data", "{}")), &d) != nil || d == nil {
				d = map[string]any{}
			}
			d[in.AttrOr("name", "")] = in.AttrOr("value", "")
			b, _ := json.Marshal(d)
			out = append(out, game.Action{Seat: seat, Type: f.AttrOr("data-act", ""), Data: b, At: at})
		})
	})
	return out
}

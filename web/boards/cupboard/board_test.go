package cupboard_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/games/cup"
	"topsecret/web/boards/cupboard"
	"topsecret/web/kit"
	"topsecret/web/kit/boardtest"
)

// Real matches driven through the boards, with and without the timer:
// every number button a phone shows is a move the engine takes, no frame
// shows a message id, and the number under the cup shows on its hider's
// phone only, never on the guesser's or the table's, until it is lifted.
func TestEngineButtons(t *testing.T) {
	for i, opts := range []string{`{}`, `{"rounds":6,"turnMs":0}`} {
		pressed := boardtest.Play(t, boardtest.Match{
			Rules: cup.Rules{}, Board: cupboard.Game, Seats: 2, Seed: game.Seed{byte(i), 9}, Options: json.RawMessage(opts),
			PhoneID: "cup-phone", TableID: "cup-table",
			Frame: func(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
				tb.Helper()
				hidden(tb, v, st, doc)
			},
		})
		pressed.Require(t, cup.ActHide, cup.ActGuess)
	}
}

// hidden checks one frame: a seat that did not hide the number, and the
// table, never show it while it is under the cup.
func hidden(tb testing.TB, v game.Viewer, st game.State, doc *goquery.Document) {
	all := st.View(game.OmniscientViewer()).(*cup.OmniscientView)
	if !all.Hidden || all.Over {
		return
	}
	mark := strings.TrimSpace(doc.Find(`[data-testid="cup-cup"] text`).Text())
	mine := boardtest.ByID(doc, "cup-mine").Length() > 0
	if v.Kind == game.Player && v.Seat == all.Hider {
		if mark != kit.Itoa(all.Under) || !mine {
			tb.Fatalf("the hider's phone shows %q under the cup, want %d", mark, all.Under)
		}
		return
	}
	if mark != "?" || mine {
		h, _ := doc.Html()
		tb.Fatalf("%s sees the number under the cup:\n%s", gametest.Name(v), h)
	}
}

// The briefing: three cards and a first-turn hint, every word in the catalogue.
func TestHowTo(t *testing.T) { boardtest.HowTo(t, cupboard.Game) }

// TestPreview writes boards of a bot-played match as stand-alone pages
// into $BOARD_PREVIEW (skipped when unset), to look at.
func TestPreview(t *testing.T) {
	cat := boardtest.Words(t, cupboard.Game)
	setup := game.Setup{Game: cup.Slug, Seats: 2, Seed: game.Seed{3}, Started: gametest.Start}
	log := gametest.RandomPlay(t, cup.Rules{}, setup, 500, gametest.BotMoves(cup.Rules{}.Bot()))
	var fixtures []boardtest.Fixture
	for _, at := range []int{0, 1, 2, len(log)} {
		st, err := game.Replay(cup.Rules{}, setup, log[:at])
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range gametest.Viewers(2) {
			c := kit.Context{View: st.View(v), Names: boardtest.Names[:2], You: v.Seat, Table: v.Kind != game.Player,
				Legal: st.Legal(v.Seat), Now: gametest.Start, Words: cat.Reader("en", boardtest.Names[:2])}
			fixtures = append(fixtures, boardtest.Fixture{Name: "step" + kit.Itoa(at) + "-" + gametest.Name(v), Ctx: c})
		}
	}
	boardtest.Preview(t, cupboard.Game, "../../../static", fixtures)
}

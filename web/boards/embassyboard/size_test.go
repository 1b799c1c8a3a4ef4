package embassyboard_test

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/embassy"
	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit/boardtest"
)

// maxFrame is the most a seat's board may weigh after a move: the city is
// a cached drawing, so a frame carries only what moves.
const maxFrame = 18 << 10

// TestFrameSize measures one frame per viewer right after a move in a
// 4-player match, mid-game (holders filling, cards on the embassies),
// and fails if a phone's board grows past maxFrame.
func TestFrameSize(t *testing.T) {
	m := newMatch(t, 4, 5)
	moves := 0
	if !m.until(func(tv *embassy.TableView) bool {
		if tv.Phase == embassy.PhaseRoll && tv.Turn > 1 {
			moves++
		}
		return moves > 0 && tv.Turn > 12 && tv.Phase == embassy.PhaseRoll
	}) {
		t.Fatal("the match ended before its 12th turn")
	}
	for s := range 4 {
		c := m.phone(s)
		_, html := boardtest.Render(t, embassyboard.Game, c)
		js, _ := json.Marshal(c.View)
		t.Logf("seat %d after a move: board HTML %d bytes, view JSON %d bytes", s, len(html), len(js))
		if len(html) > maxFrame {
			t.Errorf("seat %d: board HTML is %d bytes, want at most %d", s, len(html), maxFrame)
		}
	}
	c := m.Context(game.TableViewer())
	_, html := boardtest.Render(t, embassyboard.Game, c)
	js, _ := json.Marshal(c.View)
	t.Logf("table after a move: board HTML %d bytes, view JSON %d bytes", len(html), len(js))
}

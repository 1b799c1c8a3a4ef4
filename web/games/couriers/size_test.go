package couriersboard_test

import (
	"encoding/json"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/couriers"
	"topsecret/web/boards/boardtest"
	couriersboard "topsecret/web/games/couriers"
)

// maxFrame is the most a seat's board may weigh after a move: the map is
// a cached drawing, so a frame carries only what moves.
const maxFrame = 18 << 10

// TestFrameSize measures one frame per viewer right after a move in a
// 4-player match, mid-game (suitcases scattered, steps left, so the mover's
// phone carries its move picker), and fails if a phone's board grows past
// maxFrame.
func TestFrameSize(t *testing.T) {
	t.Parallel()
	m := anyMatch(t, 4, func(tv *couriers.TableView) bool {
		return tv.Turn > 12 && tv.Phase == couriers.PhaseMove && tv.Pool >= 2 && lastIs(tv, "couriers.event.move")
	})
	for s := range 4 {
		c := m.phone(s)
		_, html := boardtest.Render(t, couriersboard.Game, c)
		js, _ := json.Marshal(c.View)
		t.Logf("seat %d after a move: board HTML %d bytes, view JSON %d bytes", s, len(html), len(js))
		if len(html) > maxFrame {
			t.Errorf("seat %d: board HTML is %d bytes, want at most %d", s, len(html), maxFrame)
		}
	}
	c := m.ctx(game.TableViewer())
	_, html := boardtest.Render(t, couriersboard.Game, c)
	js, _ := json.Marshal(c.View)
	t.Logf("table after a move: board HTML %d bytes, view JSON %d bytes", len(html), len(js))
}

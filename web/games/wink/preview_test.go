package winkboard_test

import (
	"testing"

	"topsecret/web/boards/boardtest"
	winkboard "topsecret/web/games/wink"
)

// TestPreview writes every fixture as a page into $BOARD_PREVIEW.
func TestPreview(t *testing.T) {
	boardtest.Preview(t, winkboard.Game, "../../../static", fixtures())
}

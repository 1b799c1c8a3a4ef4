package winkboard_test

import (
	"testing"

	"topsecret/web/boards/winkboard"
	"topsecret/web/kit/boardtest"
)

// TestPreview writes every fixture as a page into $BOARD_PREVIEW.
func TestPreview(t *testing.T) {
	boardtest.Preview(t, winkboard.Game, "../../../static", fixtures())
}

package inkognitoboard_test

import (
	"os"
	"testing"

	"topsecret/web/boards/boardtest"
	inkognitoboard "topsecret/web/games/inkognito"
)

// TestPreview writes every fixture as a stand-alone page into
// $BOARD_PREVIEW, for looking at the boards in a browser; it is skipped
// otherwise.
func TestPreview(t *testing.T) {
	if os.Getenv("BOARD_PREVIEW") == "" {
		t.Skip("set BOARD_PREVIEW=/some/dir to write preview pages") // before playing the fixtures' games
	}
	boardtest.Preview(t, inkognitoboard.Game, "../../../static", fixtures(t))
}

package inkognitoboard_test

import (
	"os"
	"strings"
	"testing"

	"topsecret/web/boards/inkognitoboard"
	"topsecret/web/kit/boardtest"
)

// TestPreview writes every fixture as a stand-alone page into
// $BOARD_PREVIEW, for looking at the boards in a browser; it is skipped
// otherwise. $BOARD_LANG, a comma-separated list such as "de,it", words
// the pages in those languages too (named "-de", "-it"), to catch words
// that overflow where English fits.
func TestPreview(t *testing.T) {
	if os.Getenv("BOARD_PREVIEW") == "" {
		t.Skip("set BOARD_PREVIEW=/some/dir to write preview pages") // before playing the fixtures' games
	}
	fx := fixtures(t)
	out := fx
	cat := boardtest.Words(t, inkognitoboard.Game)
	for _, lang := range strings.Split(os.Getenv("BOARD_LANG"), ",") {
		if lang = strings.TrimSpace(lang); lang == "" || lang == "en" {
			continue
		}
		for _, f := range fx {
			f.Name += "-" + lang
			f.Ctx.Words = cat.Reader(lang, f.Ctx.Names)
			out = append(out, f)
		}
	}
	boardtest.Preview(t, inkognitoboard.Game, "../../../static", out)
}

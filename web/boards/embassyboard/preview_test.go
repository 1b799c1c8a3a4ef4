package embassyboard_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"topsecret/web/boards/embassyboard"
	"topsecret/web/kit/boardtest"
)

// TestPreview writes boards of real bot-played matches, one per phase and
// player count, as stand-alone pages into $BOARD_PREVIEW (skipped when
// unset). The pages load the drawn city from this folder.
func TestPreview(t *testing.T) {
	dir := os.Getenv("BOARD_PREVIEW")
	if dir == "" {
		t.Skip("set BOARD_PREVIEW=/some/dir to write preview pages")
	}
	boardtest.Preview(t, embassyboard.Game, "../../../static", fixtures(t))
	svg, err := filepath.Abs("board.svg")
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "embassy-*.html"))
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fixed := strings.ReplaceAll(string(b), `href="/static/games/embassy/board.svg`, `href="file://`+svg)
		if err := os.WriteFile(p, []byte(fixed), 0o644); err != nil {
			t.Fatal(err)
		}
		// The same move, zoomed in, to look at the tap targets up close.
		if strings.HasSuffix(p, "-phone-4p-move.html") {
			zoomed := strings.Replace(fixed, `id="em-zoom"`, `id="em-zoom" checked`, 1)
			if err := os.WriteFile(strings.TrimSuffix(p, ".html")+"-zoom.html", []byte(zoomed), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

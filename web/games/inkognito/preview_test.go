package inkognitoboard_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	inkognitoboard "topsecret/web/games/inkognito"
)

// TestPreview writes every fixture as a stand-alone HTML page into the
// directory named by INKOGNITO_PREVIEW, for looking at the boards in a
// browser (e.g. chromium --headless --screenshot). It is skipped otherwise.
func TestPreview(t *testing.T) {
	dir := os.Getenv("INKOGNITO_PREVIEW")
	if dir == "" {
		t.Skip("set INKOGNITO_PREVIEW=/some/dir to write preview pages")
	}
	static, err := filepath.Abs("../../../static")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range fixtures() {
		var board bytes.Buffer
		if err := inkognitoboard.Board(f.ctx).Render(context.Background(), &board); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		table := strings.HasPrefix(f.name, "table")
		roomClass := "room"
		if table {
			roomClass += " on-table"
		}
		page := `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="file://` + static + `/css/app.css">
<link rel="stylesheet" href="file://` + static + `/css/inkognito.css">
<script src="file://` + static + `/js/app.js" defer></script>
</head><body><div class="page"><div class="` + roomClass + `">
<header class="topbar"><span class="brand"><span class="brand-name">Top Secret</span></span><span class="game-name">Top Secret: Inkognito</span><button class="code-chip">K7QX2M</button></header>
<main id="room-main"><section class="live status-playing"><div class="game"><div class="board" id="board">` +
			board.String() + `</div><aside class="side"><details class="strip" ` + map[bool]string{true: "open", false: ""}[table] +
			`><summary><span>Agents &amp; standings</span></summary></details></aside></div></section></main></div></div></body></html>`
		if err := os.WriteFile(filepath.Join(dir, f.name+".html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

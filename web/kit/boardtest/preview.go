package boardtest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"topsecret/web/kit"
)

// Fixture is one board state worth looking at.
type Fixture struct {
	Name string
	Ctx  kit.Context
}

// Preview writes every fixture as a stand-alone HTML page into the folder
// named by $BOARD_PREVIEW, for looking at boards in a browser (e.g.
// chromium --headless --screenshot --window-size=390,844 file.html). It
// skips unless that variable is set. static is the repo's static folder,
// relative to the calling test.
func Preview(t *testing.T, g kit.Game, static string, fixtures []Fixture) {
	dir := os.Getenv("BOARD_PREVIEW")
	if dir == "" {
		t.Skip("set BOARD_PREVIEW=/some/dir to write preview pages")
	}
	staticDir, err := filepath.Abs(static)
	if err != nil {
		t.Fatal(err)
	}
	gameDir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range fixtures {
		var board bytes.Buffer
		if err := g.Draw(f.Ctx).Render(context.Background(), &board); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		roomClass := "room"
		if f.Ctx.Table {
			roomClass += " on-table"
		}
		sheet, script := "", ""
		for _, name := range g.Stylesheets {
			sheet += `<link rel="stylesheet" href="file://` + filepath.Join(gameDir, name) + `">`
		}
		if g.Script != "" {
			script = `<script src="file://` + filepath.Join(gameDir, g.Script) + `" defer></script>`
		}
		page := `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="file://` + staticDir + `/css/app.css">` + sheet + `
<script>Date.now = function(){ return ` + itoa64(f.Ctx.Now) + `; };</script>
<script src="file://` + staticDir + `/js/app.js" defer></script>
<script src="file://` + staticDir + `/js/markup.js" defer></script>
<script src="file://` + staticDir + `/js/peek.js" defer></script>` + script + `
</head><body><main class="page"><div class="` + roomClass + `">
<header class="topbar"><span class="brand"><span class="brand-name">Top Secret</span></span><button class="code-chip">K7QX2M</button></header>
<div id="room-main"><section class="live status-playing"><div class="game"><div class="board" id="board">` +
			board.String() + `</div></div></section></div></div></main></body></html>`
		if err := os.WriteFile(filepath.Join(dir, g.Slug+"-"+f.Name+".html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func itoa64(n int64) string {
	if n == 0 {
		return "1700000000000"
	}
	return kit.I64(n)
}

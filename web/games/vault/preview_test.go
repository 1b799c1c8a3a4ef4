package vaultboard_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/vault"
	vaultboard "topsecret/web/games/vault"
)

// TestPreview writes every fixture as a stand-alone HTML page into the
// directory named by VAULT_PREVIEW, for looking at the boards in a browser
// (e.g. chromium --headless --screenshot). It is skipped otherwise.
// VAULT_PEEK=1 shows the hand as if a finger held it; one-shot animations
// are switched off unless VAULT_ANIM=1.
func TestPreview(t *testing.T) {
	dir := os.Getenv("VAULT_PREVIEW")
	if dir == "" {
		t.Skip("set VAULT_PREVIEW=/some/dir to write preview pages")
	}
	static, err := filepath.Abs("../../../static")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range append(fixtures(), engineFixtures(t)...) {
		var board bytes.Buffer
		if err := vaultboard.Board(f.ctx).Render(context.Background(), &board); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		table := strings.HasPrefix(f.name, "table")
		roomClass := "room"
		if table {
			roomClass += " on-table"
		}
		extra := ""
		if os.Getenv("VAULT_ANIM") == "" {
			// Screenshots catch animations mid-flight: show the end state.
			extra += `<style>[data-anim].play{animation:none!important}</style>`
		}
		if os.Getenv("VAULT_PEEK") != "" {
			extra += `<script>document.querySelectorAll("[data-peek]").forEach(e=>e.classList.add("peeking"))</script>`
		}
		page := `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="file://` + static + `/css/app.css">
<link rel="stylesheet" href="file://` + static + `/css/vault.css">
<script>Date.now = function(){ return 1700000000000; };</script>
<script src="file://` + static + `/js/app.js" defer></script>
</head><body><div class="page"><div class="` + roomClass + `">
<header class="topbar"><span class="brand"><span class="brand-name">Top Secret</span></span><span class="game-name">Top Secret: Vault</span><button class="code-chip">K7QX2M</button></header>
<main id="room-main"><section class="live status-playing"><div class="game"><div class="board" id="board">` +
			board.String() + `</div><aside class="side"><details class="strip" ` + map[bool]string{true: "open", false: ""}[table] +
			`><summary><span>Agents &amp; standings</span></summary></details></aside></div></section></main></div></div>` + extra + `</body></html>`
		if err := os.WriteFile(filepath.Join(dir, f.name+".html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// engineFixtures are boards of a real 6-player match played by the bot:
// the first table and phone of each phase.
func engineFixtures(t *testing.T) []fixture {
	const n = 6
	var seed game.Seed
	seed[0] = 3
	at := int64(1_700_000_000_000)
	st, err := vault.Rules{}.New(game.Setup{Game: "vault", Seats: n, Seed: seed, Started: at})
	if err != nil {
		t.Fatal(err)
	}
	bot, _ := game.BotFor(vault.Rules{})
	r := game.RandFor(seed, 1)
	seen := map[vault.Phase]int{}
	var out []fixture
	for step := 0; step < 3000; step++ {
		tv := st.View(game.TableViewer()).(vault.TableView)
		if seen[tv.Phase] < 2 && (tv.Phase != vault.PhaseSelect || tv.Trick > 3) {
			seen[tv.Phase]++
			name := "engine-" + string(tv.Phase) + "-" + strconv.Itoa(seen[tv.Phase])
			out = append(out, fixture{"table-" + name, vaultboard.Context{View: tv, Names: names, You: -1, Table: true, Now: at}})
			for s := range n {
				if len(st.Legal(game.Seat(s))) > 0 || s == n-1 {
					out = append(out, fixture{"phone-" + name, vaultboard.Context{View: st.View(game.SeatViewer(game.Seat(s))),
						Names: names, You: s, Legal: st.Legal(game.Seat(s)), Now: at}})
					break
				}
			}
		}
		if _, over := st.Result(); over {
			break
		}
		acted := false
		for s := range n {
			if a, ok := bot.Act(st, game.Seat(s), at, r); ok {
				st.Apply(a, r)
				acted = true
				at += 300
				break
			}
		}
		if !acted {
			tm := st.Next().Timers
			if len(tm) == 0 {
				break
			}
			at = max(at, tm[0].At)
			a := tm[0].Fires
			a.At = at
			st.Apply(a, r)
		}
	}
	return out
}

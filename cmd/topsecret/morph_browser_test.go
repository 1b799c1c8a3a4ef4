package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
)

// A frame redraws the room's page by changing only what differs
// (morph.js): whatever the page showed before, the result is the node
// tree the new markup makes, its fields as the markup sets them (keep.js
// puts back what the player typed); a frame like the last leaves every
// node in place, and one move later most of them are still the same
// nodes. Checked on real frames of a bot-played inkognito phone (forms,
// radios, open sections) and a couriers table screen (the SVG map).
func TestBrowser_MorphDrawsWhatTheMarkupSays(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	for _, tt := range []struct {
		game  string
		table bool
	}{
		{"inkognito", false},
		{"couriers", true},
	} {
		t.Run(tt.game, func(t *testing.T) {
			frames := botFrames(t, m, tt.game, tt.table, 24)
			p := newPhone(t, browser, "Ann")
			p.run(chromedp.Navigate(m.URL()+"/r/"+frames.code), chromedp.WaitVisible(tid("room-main")))
			type result struct {
				Bad  []string
				Kept []float64
			}
			list, _ := json.Marshal(frames.html)
			out := get(p, chromedp.Evaluate[result](`((frames) => {
				const bad = [], kept = [];
				const fields = box => [...box.querySelectorAll("input,select,textarea")].map(e =>
					e.type === "radio" || e.type === "checkbox" ? String(e.checked) : e.tagName === "SELECT" ? String(e.selectedIndex) : e.value);
				const a = document.createElement("div"), want = document.createElement("div");
				for (let i = 0; i < frames.length; i++) {
					for (const j of [i + 1, frames.length - 1 - i]) {
						if (j < 0 || j >= frames.length || j === i) { continue; }
						a.innerHTML = frames[i];
						// What a player did that the markup does not say.
						a.querySelectorAll("input[type=radio],input[type=checkbox]").forEach(r => { r.checked = !r.defaultChecked; });
						a.querySelectorAll("input[type=text],textarea").forEach(x => { x.value = "typed"; });
						a.querySelectorAll("details").forEach(d => { d.open = !d.open; });
						const before = new Set(a.querySelectorAll("*"));
						window.topsecretMorph(a, frames[j]);
						want.innerHTML = frames[j];
						if (!a.isEqualNode(want)) { bad.push("frame " + i + " then " + j + ": not the markup's tree"); }
						if (fields(a).join("|") !== fields(want).join("|")) { bad.push("frame " + i + " then " + j + ": fields not as drawn"); }
						if (j === i + 1) {
							const after = [...a.querySelectorAll("*")];
							kept.push(after.filter(n => before.has(n)).length / after.length);
						}
					}
				}
				a.innerHTML = frames[0];
				const nodes = [...a.querySelectorAll("*")];
				window.topsecretMorph(a, frames[0]);
				const again = [...a.querySelectorAll("*")];
				if (nodes.length !== again.length || nodes.some((n, k) => n !== again[k])) { bad.push("the same frame again replaced nodes"); }
				return { Bad: bad, Kept: kept };
			})(`+string(list)+`)`))
			for _, b := range out.Bad {
				t.Error(b)
			}
			if len(out.Kept) == 0 {
				t.Fatal("no two frames in a row")
			}
			most := 0
			for _, k := range out.Kept {
				if k >= 0.5 {
					most++
				}
			}
			if most*2 < len(out.Kept) {
				t.Errorf("a move later, most nodes were drawn anew: kept shares %.2f", out.Kept)
			}
		})
	}
}

// roomFrames are the HTML frames one screen of a room was sent.
type roomFrames struct {
	code string
	html []string
}

// botFrames starts a match of game played by bots alone and returns up to
// n of the HTML frames, once it is under way, of the first seat's phone
// (or with table, the table screen).
func botFrames(tb testing.TB, m *Main, game string, table bool, n int) roomFrames {
	tb.Helper()
	code, host := newRoom(tb, m, game, nil)
	var seat struct {
		ID    string `json:"seat_id"`
		Token string `json:"token"`
	}
	if st := apiPost(tb, m, "/api/rooms/"+code+"/seats", "", map[string]any{"name": "Ann"}, &seat); st != http.StatusCreated {
		tb.Fatalf("join: %d", st)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(m.URL(), "http") + "/r/" + code + "/ws?view=html&token=" + seat.Token
	if table {
		u = "ws" + strings.TrimPrefix(m.URL(), "http") + "/r/" + code + "/ws?view=html&table=1"
	}
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	players := 0
	for _, b := range m.Games.All() {
		if info := b.Rules.Info(); info.Slug == game {
			players = info.MinPlayers
		}
	}
	addBots(tb, m, code, host, players-1)
	if st := apiPost(tb, m, "/api/rooms/"+code+"/start", host, nil, nil); st != http.StatusOK {
		tb.Fatalf("start: %d", st)
	}
	if st := apiPost(tb, m, "/api/rooms/"+code+"/seats/"+seat.ID+"/bot", host, nil, nil); st != http.StatusOK {
		tb.Fatalf("Ann's seat to a bot: %d", st)
	}
	out := roomFrames{code: code}
	for len(out.html) < n {
		_, msg, err := conn.Read(ctx)
		if err != nil {
			break
		}
		var f struct {
			HTML string `json:"html"`
		}
		if json.Unmarshal(msg, &f) == nil && strings.Contains(f.HTML, `data-status="playing"`) {
			out.html = append(out.html, f.HTML)
		}
	}
	if len(out.html) < 6 {
		tb.Fatalf("%s: %d frames", game, len(out.html))
	}
	return out
}

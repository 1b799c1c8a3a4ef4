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

// The server restarts under a phone's open page: the page reconnects to the
// new process by itself and goes on showing the match as it moves. (Frame
// versions began again from zero in a new process once, and the page,
// keeping only newer frames, froze.)
func TestBrowser_PageFollowsTheMatchAcrossARestart(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	dir := t.TempDir()
	m := MustRunMain(t, dir)
	var c struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	// The deal's auto-draw waits its longest, 10 s a seat, so the test's
	// own sockets make the moves; if one is late, the referee draws for it.
	body := map[string]any{"game": "wink", "options": map[string]any{"mode": "table", "startPlayer": 0, "dealAutoMs": 10000}}
	if st := apiPost(t, m, "/api/rooms", "", body, &c); st != http.StatusCreated {
		t.Fatalf("create wink room: %d", st)
	}
	url := m.URL() + "/r/" + c.Code
	ann := newPhone(t, browser, "Ann")
	ann.join(url, "Ann")
	// The other three play from sockets the test holds, so the match moves
	// only when the test says.
	var tokens []string
	for _, name := range []string{"Ben", "Cy", "Dee"} {
		var j struct{ Token string }
		if st := apiPost(t, m, "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": name}, &j); st != http.StatusCreated {
			t.Fatalf("join %s: %d", name, st)
		}
		tokens = append(tokens, j.Token)
	}
	if st := apiPost(t, m, "/api/rooms/"+c.Code+"/start", c.HostToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d", st)
	}
	ann.run(chromedp.WaitVisible(tid("wink-take-cards")))
	if !ann.tap("wink-take-cards") {
		t.Fatal("Ann cannot take her cards")
	}
	eventually(t, "Ann holds her cards", func() bool { return ann.text("wink-agent") != "" })
	if ann.phase() != "deal" {
		t.Fatalf("before the restart Ann's page shows phase %q, want deal", ann.phase())
	}
	// A mark on the live page: a reload would lose it.
	ann.run(chromedp.Evaluate[chromedp.Void](`window.samePage = true`))

	addr := strings.TrimPrefix(m.URL(), "http://")
	if err := m.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	eventually(t, "Ann's page notices", ann.offline)
	m = MustRunMainAt(t, dir, addr)
	eventually(t, "Ann's page is back", func() bool { return !ann.offline() })

	for _, tok := range tokens {
		actOver(t, m, c.Code, tok, "take_cards")
	}
	eventually(t, "Ann's board moves on to the first turn", func() bool { return ann.phase() == "turn" })
	if !get(ann, chromedp.Evaluate[bool](`window.samePage === true`)) {
		t.Fatal("the page was reloaded; it should have followed on its own")
	}
}

// actOver sends one action for the seat holding token over its own
// websocket, as a phone would, and waits for the answer, sending it again
// after a busy answer as the page does. A refusal is no failure: the
// referee's auto-draw may have moved first.
func actOver(tb testing.TB, m *Main, code, token, typ string) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(m.URL(), "http") + "/r/" + code + "/ws?view=json&token=" + token
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		tb.Fatalf("dial: %v", err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	msg, _ := json.Marshal(map[string]any{"type": "act", "id": token + "-" + typ, "action": map[string]any{"type": typ}})
	if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
		tb.Fatalf("write: %v", err)
	}
	for {
		_, b, err := conn.Read(ctx)
		if err != nil {
			tb.Fatalf("read: %v", err)
		}
		var r struct{ Type, ID, Code, Message string }
		_ = json.Unmarshal(b, &r)
		if r.Type == "error" && r.Code == "internal" {
			tb.Fatalf("%s: %s", typ, r.Message)
		}
		if r.Type == "error" && r.Code == "busy" && r.ID == token+"-"+typ {
			time.Sleep(250 * time.Millisecond)
			if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
				tb.Fatalf("write: %v", err)
			}
			continue
		}
		if (r.Type == "ok" || r.Type == "error") && r.ID == token+"-"+typ {
			return
		}
	}
}

// offline reports whether the page shows its "reconnecting" bar (fixed to
// the screen, so visible's offsetParent test does not apply).
func (p *phone) offline() bool {
	return get(p, chromedp.Evaluate[bool](`(() => { const e = document.querySelector('[data-testid="reconnecting"]'); return !!e && !e.hidden })()`))
}

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// holdKey presses key ("Space" or "Enter") down and keeps it down, with
// the key's repeats a held key sends, until release is called.
func (p *phone) holdKey(code string) (release func()) {
	p.tb.Helper()
	key, text, vk := " ", " ", int64(32)
	if code == "Enter" {
		key, text, vk = "Enter", "\r", 13
	}
	send := func(t input.DispatchKeyEventType, repeat bool) {
		ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
		defer cancel()
		params := input.DispatchKeyEventParams{Type: t, Key: key, Code: code, WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk, AutoRepeat: &repeat}
		if t == input.DispatchKeyEventTypeKeyDown {
			params.Text = text
		}
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, params); err != nil {
			p.fail(err)
		}
	}
	send(input.DispatchKeyEventTypeKeyDown, false)
	send(input.DispatchKeyEventTypeKeyDown, true)
	return func() { send(input.DispatchKeyEventTypeKeyUp, false) }
}

// peekState is what a player sees of a peek area: whether the page says it
// is peeking, whether its hidden faces show (vault's and wink's cards lose
// their blur, embassy's face-down cards turn up), and its role and name.
type peekState struct {
	Peeking bool   `json:"peeking"`
	Shown   bool   `json:"shown"`
	Faces   int    `json:"faces"`
	Role    string `json:"role"`
	Name    string `json:"name"`
}

func (p *phone) peekState(area string) peekState {
	p.tb.Helper()
	return get(p, chromedp.Evaluate[peekState](fmt.Sprintf(`(() => {
		const a = document.querySelector(%q);
		const faces = [...a.querySelectorAll(".secret, .em-peek")];
		const shown = faces.length > 0 && faces.every(f => f.classList.contains("secret") ? getComputedStyle(f).filter === "none" : getComputedStyle(f).visibility === "visible");
		return {peeking: a.classList.contains("peeking"), shown, faces: faces.length,
			role: a.getAttribute("role") || "", name: a.getAttribute("aria-label") || ""};
	})()`, string(tid(area)))))
}

// tabToID presses Tab until focus is on test id want.
func (p *phone) tabToID(want string) {
	p.tb.Helper()
	for range 80 {
		if p.focus().ID == want {
			return
		}
		p.press(kb.Tab)
	}
	p.fail(fmt.Errorf("Tab never reached %s", want))
}

// A keyboard or a switch reads the hidden cards as a finger does: each
// game's peek area (wink's hand, vault's hand, embassy's cards) is a named
// Tab stop with a focus ring; Space or Enter held down on it shows the
// cards and letting go hides them again; and in vault a card reached by
// Tab shows the hand while the keyboard is on it, so a player never
// chooses blind.
func TestBrowser_PeekByKeyboard(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	for _, g := range []struct {
		slug, area, key string
		bots            int
	}{
		{"wink", "wink-hand", "Enter", 3},
		{"vault", "vault-hand", "Space", 2},
		{"embassy", "embassy-mine", "Space", 1},
	} {
		t.Run(g.slug, func(t *testing.T) {
			ann := newPhone(t, browser, "Ann")
			ann.tb = t
			mustStartMatch(t, m, g.slug, nil, g.bots, ann)
			ann.run(chromedp.WaitVisible(tid(g.area)))
			ann.tabToID(g.area)
			f := ann.focus()
			if !f.Visible || !f.Ring {
				t.Fatalf("the peek area has focus and shows no ring")
			}
			before := ann.peekState(g.area)
			if before.Peeking || before.Shown || before.Role != "group" || before.Name == "" {
				t.Fatalf("focused, not held: %+v; want hidden cards in a named group", before)
			}
			// The faces fade in and out (.12s): a look waits for them.
			shown := func(s peekState) bool { return s.Peeking && (s.Faces == 0 || s.Shown) }
			release := ann.holdKey(g.key)
			var held peekState
			if !within(time.Second, func() bool { held = ann.peekState(g.area); return shown(held) }) {
				t.Fatalf("%s held on the peek area: %+v, want the cards shown", g.key, held)
			}
			ann.shot("held")
			release()
			var after peekState
			if !within(time.Second, func() bool { after = ann.peekState(g.area); return !after.Peeking && !after.Shown }) {
				t.Fatalf("%s let go: %+v, want the cards hidden again", g.key, after)
			}
			if g.slug != "vault" {
				return
			}
			// On a card: the hand shows while the keyboard is inside it.
			ann.press(kb.Tab)
			if f := ann.focus(); !strings.HasPrefix(f.ID, "vault-card-") || !f.Visible {
				t.Fatalf("Tab after the hand went to %s, want a card", f.ID)
			}
			var s peekState
			if !within(time.Second, func() bool { s = ann.peekState(g.area); return s.Shown }) {
				t.Fatalf("a card has keyboard focus and the hand is still hidden: %+v", s)
			}
			ann.shot("card-focused")
		})
	}
}

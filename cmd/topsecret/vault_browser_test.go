package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// apiPost sends a JSON request to a running Main and decodes the answer.
func apiPost(tb testing.TB, m *Main, path, token string, body any, out any) int {
	tb.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", m.URL()+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// A phone plays a vault deal against two bots: its terrorist blows up the
// table (it shouts BOOM! in time), moles steal, and it banks or keeps when
// asked, all through the buttons a player taps.
func TestBrowser_VaultBlastAndSteal(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	ann := newPhone(t, browser, "Ann")
	mustStartMatch(t, m, "vault", nil, 2, ann)
	ann.run(chromedp.WaitVisible(tid("vault-seat")))
	ann.shot("dealt")

	playedTE, blast, steal := false, false, false
	shots := map[string]bool{}
	deadline := time.Now().Add(2 * time.Minute)
	for !(blast && steal) {
		if time.Now().After(deadline) {
			t.Fatalf("no blast (%v) or no steal (%v) within the deal's first tricks", blast, steal)
		}
		// The room's recent events on the phone tell what happened, even
		// when a trick's animation has already given way to the next.
		text := get(ann, chromedp.Evaluate[string](`document.body.innerText`))
		blast = blast || strings.Contains(text, "Boom! Burned")
		steal = steal || strings.Contains(text, "with a mole.")
		if blast && steal {
			break
		}
		if ann.present("vault-ranking") {
			t.Fatalf("the deal ended without a blast (%v) and a steal (%v)", blast, steal)
		}
		for _, id := range []string{"vault-boom", "vault-keep", "vault-phase-steal", "vault-phase-secure"} {
			if !shots[id] && ann.present(id) {
				shots[id] = true
				ann.shot(id)
			}
		}
		switch {
		case ann.tap("vault-boom"):
		case ann.tapCSS(`[data-testid^="vault-steal-"]:not([disabled])`):
		case ann.tap("vault-keep"):
		case !playedTE && ann.tapCSS(`[data-testid^="vault-card-"]:has([data-code="TE"])`):
			playedTE = true
		case playedTE && ann.tapCSS(`[data-testid^="vault-card-"]:has([data-code="MO"])`):
		case playedTE && ann.tapCSS(`button[data-testid^="vault-card-"]`):
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !playedTE {
		t.Fatal("the phone never offered the terrorist card")
	}
}

package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"topsecret/internal/store"
)

// mustBotMatch plays a whole bot match of slug with n seats and returns its id.
func (e *env) mustBotMatch(slug string, n int) string {
	e.t.Helper()
	var c created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": slug}, &c); st != http.StatusCreated {
		e.t.Fatalf("create %s room: %d", slug, st)
	}
	for range n {
		e.do("POST", "/api/rooms/"+c.Code+"/seats", c.HostToken, map[string]any{"bot": true}, nil)
	}
	id := e.mustStartMatch(c)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		m, err := e.Store.Match(context.Background(), id)
		if err != nil {
			e.t.Fatal(err)
		}
		if m.Status == store.StatusFinished {
			return id
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("%s bot match did not finish", slug)
		}
		e.Clock.Advance(time.Second) // windows and turn timers run out
		time.Sleep(time.Millisecond)
	}
}

// Every playable game's finished matches replay in every perspective: the
// all-seeing view, the table and each seat's phone, each drawn by the
// game's own board.
func TestReplay_EveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range shelvedGames() {
		t.Run(g.Info.Slug, func(t *testing.T) {
			t.Parallel()
			e := mustStart(t)
			id := e.mustBotMatch(g.Info.Slug, g.Info.MinPlayers)
			for _, as := range []string{"all", "table", "0", fmt.Sprint(g.Info.MinPlayers - 1)} {
				for _, step := range []string{"0", "5", "99999"} {
					status, body := e.get("/m/"+id+"/step/"+step+"?as="+as, "")
					if status != http.StatusOK {
						t.Fatalf("step %s as %s: status %d", step, as, status)
					}
					if !strings.Contains(body, `data-testid="`+g.Info.Slug+`-`) {
						t.Fatalf("step %s as %s: the %s board is missing:\n%.600s", step, as, g.Info.Slug, body)
					}
				}
			}
		})
	}
}

// The replay's step bar names where the match stands in each game's own
// units, and agrees with the board drawn beside it: the table view's own
// trick, cycle, round and turn numbers.
func TestReplay_EachGameNamesItsOwnUnits(t *testing.T) {
	t.Parallel()
	type view struct {
		Trick, Cycle, Round, Turn int
	}
	want := map[string]func(v view, round, turn int) string{
		"vault": func(v view, _, _ int) string { return fmt.Sprintf("Trick %d", v.Trick) },
		"inkognito": func(v view, _, _ int) string {
			return fmt.Sprintf("Cycle %d · round %d of 5", v.Cycle, v.Round)
		},
		"couriers": func(v view, _, _ int) string {
			if v.Turn == 0 {
				return "Secret setup"
			}
			return fmt.Sprintf("Round %d · turn %d", v.Round, v.Turn)
		},
		"embassy": func(v view, _, _ int) string { return fmt.Sprintf("Round %d · turn %d", v.Round, v.Turn) },
		// wink's board counts neither; the suitcase's laps and moves do.
		"wink": func(_ view, round, turn int) string { return fmt.Sprintf("Round %d · turn %d", round, turn) },
	}
	for _, g := range shelvedGames() {
		t.Run(g.Info.Slug, func(t *testing.T) {
			t.Parallel()
			label, ok := want[g.Info.Slug]
			if !ok && g.Dev {
				t.Skipf("%s is a game in the works, its units not settled", g.Info.Slug)
			}
			if !ok {
				t.Fatalf("%s: no expectation for its units", g.Info.Slug)
			}
			e := mustStart(t)
			id := e.mustBotMatch(g.Info.Slug, g.Info.MinPlayers)
			var rec struct{ Steps int }
			_, js := e.get("/m/"+id, jsonAccept)
			if err := json.Unmarshal([]byte(js), &rec); err != nil {
				t.Fatal(err)
			}
			// The jump list, as the page shows it beside each step: the
			// last start at or before the step.
			_, page := e.get("/m/"+id+"?as=table", "")
			pdoc, err := goquery.NewDocumentFromReader(strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			type mark struct {
				step  int
				label string
			}
			var jumps []mark
			pdoc.Find(`[data-testid="replay-jump"] option`).Each(func(_ int, o *goquery.Selection) {
				v, _ := o.Attr("value")
				var n int
				fmt.Sscan(v, &n)
				jumps = append(jumps, mark{n, o.Text()})
			})
			if len(jumps) == 0 {
				t.Fatal("no jump list")
			}
			stride := max(1, rec.Steps/60)
			for i := 0; i < rec.Steps; i += stride {
				var st struct {
					Round, Turn int
					Progress    string
					View        view
				}
				_, js := e.get(fmt.Sprintf("/m/%s/step/%d?as=table", id, i), jsonAccept)
				if err := json.Unmarshal([]byte(js), &st); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if w := label(st.View, st.Round, st.Turn); st.Progress != w {
					t.Fatalf("step %d: the bar says %q, the board %q", i, st.Progress, w)
				}
				_, html := e.get(fmt.Sprintf("/m/%s/step/%d?as=table", id, i), "")
				doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
				if err != nil {
					t.Fatal(err)
				}
				shown := ""
				for _, j := range jumps {
					if j.step <= i {
						shown = j.label
					}
				}
				if shown != "" && !strings.HasPrefix(shown, st.Progress) {
					t.Fatalf("step %d: the jump list shows %q beside %q", i, shown, st.Progress)
				}
				tags := doc.Find(`[data-testid="step-desc"] .tag`)
				if tags.Length() != 1 || tags.Text() != st.Progress {
					t.Fatalf("step %d: the bar's tags read %q, want only %q", i, tags.Text(), st.Progress)
				}
			}
		})
	}
}

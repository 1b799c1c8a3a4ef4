package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"topsecret/internal/games"
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
	for _, g := range games.All() {
		if !g.Available() {
			continue
		}
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

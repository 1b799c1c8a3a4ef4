package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"topsecret/internal/game"
)

// vaultView is the part of vault's seat view the race test reads.
type vaultView struct {
	Phase string `json:"phase"`
	Trick int    `json:"trick"`
	Hand  []struct {
		ID   int    `json:"id"`
		Code string `json:"code"`
	} `json:"hand"`
	Targets []struct {
		Seat int `json:"seat"`
		Card struct {
			ID int `json:"id"`
		} `json:"card"`
	} `json:"targets"`
	Steals []struct {
		Mole   int    `json:"mole"`
		Result string `json:"result"`
		From   int    `json:"from"`
	} `json:"steals"`
}

func vaultOf(tb testing.TB, f frame) vaultView {
	tb.Helper()
	var v vaultView
	if err := json.Unmarshal(f.View, &v); err != nil {
		tb.Fatalf("vault view: %v", err)
	}
	return v
}

// firstOf returns the id of the first card in hand with code.
func (v vaultView) firstOf(code string) int {
	for _, c := range v.Hand {
		if c.Code == code {
			return c.ID
		}
	}
	return -1
}

// The mole race over real sockets: two players' moles tap the same freshly
// played document at the same moment, again and again. Each time exactly
// one steal wins, every screen shows the same winner, and the log's order
// is the verdict.
func TestRoomSocket_VaultMoleRace(t *testing.T) {
	t.Parallel()
	for i := range 8 {
		t.Run(fmt.Sprintf("room %d", i), func(t *testing.T) {
			t.Parallel()
			// A server per room: each has its own clock to run out windows.
			raceRoom(t, mustStart(t))
		})
	}
}

func raceRoom(t *testing.T, e *env) {
	var c created
	if st := e.do("POST", "/api/rooms", "", map[string]any{"game": "vault"}, &c); st != http.StatusCreated {
		t.Fatalf("create vault room: %d", st)
	}
	var tokens []string
	for _, n := range []string{"Ann", "Ben", "Cy"} {
		var j joined
		e.do("POST", "/api/rooms/"+c.Code+"/seats", "", map[string]any{"name": n}, &j)
		tokens = append(tokens, j.Token)
	}
	matchID := e.mustStartMatch(c)
	cl := make([]*client, 3)
	for i, tok := range tokens {
		cl[i] = e.dialAs(t, c.Code, "view=json&token="+tok)
	}
	for race := 1; race <= 2; race++ { // each player holds two moles
		waitPhase(t, cl, "select")
		moles := []int{vaultOf(t, cl[0].last).firstOf("MO"), vaultOf(t, cl[1].last).firstOf("MO")}
		doc := vaultOf(t, cl[2].last).firstOf("D30")
		for i, card := range []int{moles[0], moles[1], doc} {
			if r := cl[i].act(fmt.Sprintf("c%d-%d", race, i), "commit", map[string]int{"card": card}); r.Type != "ok" {
				t.Fatalf("race %d: seat %d commit: %s", race, i, r.Message)
			}
		}
		waitPhase(t, cl[:2], "steal")
		target := vaultOf(t, cl[0].last).Targets
		if len(target) != 1 || target[0].Seat != 2 {
			t.Fatalf("race %d: targets %+v, want Cy's document", race, target)
		}
		card := target[0].Card.ID

		// Both moles tap at once.
		var start sync.WaitGroup
		start.Add(1)
		var sent sync.WaitGroup
		for i := 0; i < 2; i++ {
			sent.Add(1)
			go func() {
				defer sent.Done()
				start.Wait()
				b, _ := json.Marshal(map[string]any{"type": "act", "id": fmt.Sprintf("s%d-%d", race, i),
					"action": map[string]any{"type": "steal", "data": map[string]int{"card": card}}})
				_ = cl[i].c.Write(context.Background(), 1, b)
			}()
		}
		start.Done()
		sent.Wait()
		for i := 0; i < 2; i++ {
			id := fmt.Sprintf("s%d-%d", race, i)
			cl[i].until(func(f frame) bool { return (f.Type == "ok" || f.Type == "error") && f.ID == id })
		}

		// Every screen agrees on one thief, and so does the log.
		want := raceWinner(t, e, matchID, race)
		for i, x := range cl {
			if stoleBy(vaultOf(t, x.last)) < 0 {
				x.until(func(f frame) bool { return f.Type == "view" && stoleBy(vaultOf(t, f)) >= 0 })
			}
			v := vaultOf(t, x.last)
			if got := stoleBy(v); got != want {
				t.Fatalf("race %d: seat %d sees seat %d steal, the log says seat %d (steals %+v)", race, i, got, want, v.Steals)
			}
			n := 0
			for _, s := range v.Steals {
				if s.Result == "stole" {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("race %d: seat %d sees %d thieves", race, i, n)
			}
		}
		settle(t, e, cl)
	}
}

// raceWinner is the seat of the first steal logged after the race's commits.
func raceWinner(t *testing.T, e *env, matchID string, race int) game.Seat {
	t.Helper()
	recs, err := e.Store.Actions(context.Background(), matchID)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, r := range recs {
		if r.Action.Type == "steal" {
			seen++
			if seen == 2*race-1 {
				return r.Action.Seat
			}
		}
	}
	t.Fatalf("race %d: no steal in the log", race)
	return -1
}

func stoleBy(v vaultView) game.Seat {
	for _, s := range v.Steals {
		if s.Result == "stole" {
			return game.Seat(s.Mole)
		}
	}
	return -1
}

// waitPhase reads each client's frames until its view is in phase.
func waitPhase(t *testing.T, cl []*client, phase string) {
	t.Helper()
	for _, x := range cl {
		if x.last.View != nil && vaultOf(t, x.last).Phase == phase {
			continue
		}
		x.until(func(f frame) bool { return f.Type == "view" && vaultOf(t, f).Phase == phase })
	}
}

// settle lets the bank-or-keep window run out (everyone keeps, R22) until
// the next trick's selection begins.
func settle(t *testing.T, e *env, cl []*client) {
	t.Helper()
	e.Clock.Advance(9 * time.Second)
	waitPhase(t, cl, "select")
}

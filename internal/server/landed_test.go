package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

// The ok to an action says where it landed: the match, and the version
// from which frames show it. The frame showing the action arrives before
// the ok.
func TestRoomSocket_OkSaysWhereTheActionLanded(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	matchID := e.mustStartMatch(c)
	clients := make([]*client, 2)
	for i := range clients {
		clients[i] = e.dial(c.Code, "view=json&token="+seats[i].Token)
	}
	for i, cl := range clients {
		r := cl.act(fmt.Sprint("take-", i), "take_cards", nil)
		if r.Type != "ok" || r.MatchID != matchID || r.Version == 0 {
			t.Fatalf("seat %d's ok: %+v, want match %s and a version", i, r, matchID)
		}
		if got := cl.last.Version; got < r.Version {
			t.Fatalf("seat %d's newest frame before its ok has version %d, below the ok's %d", i, got, r.Version)
		}
	}
}

// An action whose ok was lost in a crash is resent, after its match ended,
// a rematch began and the server restarted, with the same id: the server
// acknowledges it with the match and index it landed at the first time,
// neither refusing it nor playing it again in the rematch.
func TestRoomSocket_ResendAcrossRematch(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(map[string]any{"mode": "table", "startPlayer": 0, "agentCardsRemovedPerPlayer": 0}, fourPlayers...)
	first := e.mustStartMatch(c)
	clients := make([]*client, len(seats))
	for i, s := range seats {
		clients[i] = e.dial(c.Code, "view=json&token="+s.Token)
	}
	sent := clients[0].act("lost-ok", "take_cards", nil)
	if sent.Type != "ok" || sent.MatchID != first {
		t.Fatalf("first try: %+v", sent)
	}
	playToEnd(t, clients)
	var rematch struct {
		MatchID string `json:"match_id"`
	}
	if st := e.do("POST", "/api/rooms/"+c.Code+"/rematch", c.HostToken, nil, &rematch); st != http.StatusOK {
		t.Fatalf("rematch: status %d", st)
	}

	e2 := e.restart()
	julia := e2.dial(c.Code, "view=json&token="+seats[0].Token)
	r := julia.act("lost-ok", "take_cards", nil)
	if r.Type != "ok" || r.MatchID != first {
		t.Fatalf("resend after the rematch: %+v, want ok for match %s", r, first)
	}
	if recs, err := e2.Store.Actions(context.Background(), rematch.MatchID); err != nil || len(recs) != 0 {
		t.Fatalf("the rematch logged %d actions (err %v), want none", len(recs), err)
	}
	if r := julia.act("fresh", "take_cards", nil); r.Type != "ok" || r.MatchID != rematch.MatchID {
		t.Fatalf("a new action in the rematch: %+v", r)
	}
}

// playToEnd plays the match to its end with every seat's client, each step
// a random one of the moves some frame lists as legal.
func playToEnd(tb testing.TB, clients []*client) {
	tb.Helper()
	rnd := rand.New(rand.NewPCG(3, 4))
	// Every seat sees each action in table mode: each waits for what the
	// first has seen, then for the last ok.
	landed := frame{Type: "ok", Version: clients[0].last.Version}
	for step := range 3000 {
		for _, cl := range clients {
			if landed.Type == "ok" {
				cl.sees(landed)
			}
		}
		if clients[0].last.Match.Status == "finished" {
			return
		}
		var movers []*client
		for _, cl := range clients {
			if len(cl.last.Legal) > 0 {
				movers = append(movers, cl)
			}
		}
		if len(movers) == 0 {
			tb.Fatalf("step %d: nobody may act", step)
		}
		cl := movers[rnd.IntN(len(movers))]
		var legal []legalMove
		raw, _ := json.Marshal(cl.last.Legal)
		_ = json.Unmarshal(raw, &legal)
		typ, data := fill(legal[rnd.IntN(len(legal))], rnd)
		if r := cl.act(fmt.Sprint("play-", step), typ, data); r.Type == "ok" {
			landed = r
		} else if r.Code == "internal" {
			tb.Fatalf("step %d: %s %v: internal error", step, typ, data)
		}
	}
	tb.Fatal("the match did not end in 3000 steps")
}

// A server restart under a connected client: the connection drops, the
// client reconnects to the new process, and its frames go on with versions
// above every one it kept before, so a page that keeps only newer frames
// moves on.
func TestRoomSocket_VersionsGrowAcrossRestart(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	c, seats := e.mustRoom(tableOpts, fourPlayers...)
	e.mustStartMatch(c)
	julia := e.dial(c.Code, "view=json&token="+seats[0].Token)
	tom := e.dial(c.Code, "view=json&token="+seats[1].Token)
	var r frame
	for i, cl := range []*client{julia, tom} {
		if r = cl.act(fmt.Sprint("take-", i), "take_cards", nil); r.Type != "ok" {
			t.Fatalf("take_cards: %s", r.Message)
		}
	}
	kept := julia.sees(r).Version

	e2 := e.restart()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for { // frames still queued, then the end of the connection
		if _, _, err := julia.c.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatal("julia's connection outlived the server")
			}
			break
		}
	}
	julia = e2.dial(c.Code, "view=json&token="+seats[0].Token)
	if julia.last.Version <= kept {
		t.Fatalf("first frame after the restart has version %d, not above %d kept before", julia.last.Version, kept)
	}
	kept = julia.last.Version
	jan := e2.dial(c.Code, "view=json&token="+seats[2].Token)
	if r = jan.act("take-2", "take_cards", nil); r.Type != "ok" {
		t.Fatalf("take_cards after the restart: %s", r.Message)
	}
	f := julia.sees(r)
	if f.Version <= kept {
		t.Fatalf("the frame showing jan's draw has version %d, not above %d", f.Version, kept)
	}
}

// Every JSON frame carries the series state beside the standings.
func TestRoomSocket_FrameCarriesSeries(t *testing.T) {
	t.Parallel()
	e := mustStart(t)
	var c created
	e.do("POST", "/api/rooms", "", map[string]any{"game": "vault"}, &c)
	f := e.dial(c.Code, "view=json").last
	if s := f.Series; s == nil || s.Target != 1200 || s.Unit != "points" || s.Leaders == nil || s.Champions == nil || s.Over {
		t.Fatalf("series of a new vault room: %+v", s)
	}
}

package room_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store"
)

// A rematch carries the series on: inkognito's next game starts one seat
// to the left of the last (R14).
func TestRoom_RematchRotatesTheStartSeat(t *testing.T) {
	reg := mustRegistry(t)
	ctx := context.Background()
	c, err := reg.CreateRoom(ctx, "inkognito", json.RawMessage(`{"startSeat":1}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := reg.Get(ctx, c.Code)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if _, err := r.AddBot(ctx, room.Identity{Host: true}); err != nil {
			t.Fatal(err)
		}
	}
	starts := []int{}
	for game := 0; game < 3; game++ {
		id, err := r.Start(ctx, room.Identity{Host: true})
		if err != nil {
			t.Fatalf("game %d: %v", game+1, err)
		}
		m := waitFinished(t, reg.Store, id)
		var opts struct {
			StartSeat int `json:"startSeat"`
		}
		json.Unmarshal(m.Setup.Options, &opts)
		starts = append(starts, opts.StartSeat)
	}
	if starts[0] != 1 || starts[1] != 2 || starts[2] != 3 {
		t.Fatalf("start seats of three games = %v, want [1 2 3]", starts)
	}
}

func waitFinished(t *testing.T, st store.Store, id string) store.Match {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		m, err := st.Match(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == store.StatusFinished {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatal("bot game did not finish")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

package room_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/room"
)

// A room whose log another server wrote ahead of it (its append meets a
// taken position) catches up with the log: every screen then reads the
// events a room freshly loaded from the store reads, each once, with the
// same numbers, and the room plays on from where the log stands. Reloading
// replayed the whole match on top of the events already kept, so every
// line showed twice and the numbers ran on from the doubled count.
func TestRoom_BehindTheLogCatchesUpWithoutDoublingEvents(t *testing.T) {
	ctx := context.Background()
	a := mustRegistry(t)
	r, ids := mustRoomOf(t, a, 4, `{"startPlayer":0,"agentCardsRemovedPerPlayer":0,"turnTimeoutMs":0}`)
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	take := game.Action{Type: "take_cards"}
	if _, err := r.Act(ctx, waiting(t, r, ids), "a-first", take); err != nil {
		t.Fatal(err)
	}
	// b runs the same room on the same store, as a second server whose
	// lease the store did not fence (or a room loaded twice), from the
	// log's first action.
	b := room.NewRegistry(a.Store, everyGame, a.Log)
	b.Clock, b.BotDelay = a.Clock, 0
	t.Cleanup(b.Close)
	behind, err := b.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 { // a plays on; b knows nothing of it
		if _, err := r.Act(ctx, waiting(t, r, ids), fmt.Sprint("a-", i), take); err != nil {
			t.Fatal(err)
		}
	}
	next := waiting(t, r, ids)
	if _, err := behind.Act(ctx, waiting(t, behind, ids), "b-stale", take); err == nil {
		t.Fatal("an action on a state the log moved past was stored")
	}

	fresh := room.NewRegistry(a.Store, everyGame, a.Log)
	fresh.Clock = a.Clock
	t.Cleanup(fresh.Close)
	loaded, err := fresh.Get(ctx, r.Code())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range append([]string{""}, ids...) {
		got, want := lines(t, behind, id), lines(t, loaded, id)
		if !slices.Equal(got, want) {
			t.Errorf("seat %q reads after catching up:\n%v\nfreshly loaded:\n%v", id, got, want)
		}
	}
	// It plays on at the log's end: the seat the log waits for acts.
	if got := waiting(t, behind, ids); got != next {
		t.Fatalf("after catching up the room waits for %s, the log for %s", got, next)
	}
	at, err := behind.Act(ctx, next, "b-next", take)
	if err != nil || at.Index != 3 {
		t.Fatalf("the next action after catching up: %+v, %v; want it at 3", at, err)
	}
}

// waiting is the seat id of the one seat r's match waits for.
func waiting(tb testing.TB, r *room.Room, ids []string) string {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{})
	if err != nil || f.Match == nil || len(f.Match.Waiting) != 1 {
		tb.Fatalf("the match waits for %+v (%v), want one seat", f.Match, err)
	}
	return ids[f.Match.Waiting[0]]
}

// lines is what the holder of seatID ("" the table) reads of r's events:
// each line's number and message.
func lines(tb testing.TB, r *room.Room, seatID string) []string {
	tb.Helper()
	f, err := r.Snapshot(context.Background(), room.Identity{SeatID: seatID})
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, l := range f.Events {
		out = append(out, fmt.Sprintf("%d %s", l.Seq, l.Msg.ID))
	}
	return out
}

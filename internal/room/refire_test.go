package room_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/postgres"
)

// A timer action the store cannot commit (the database is down when it
// fires) is tried again until it commits: the timed step still happens
// once the database is back, instead of the match waiting forever on a
// step nobody can take by hand.
func TestRoom_TimerActionDuringOutageHappensWhenStoreReturns(t *testing.T) {
	cluster := pgtest.Start(t) // its own: the shared one must stay up
	ctx := context.Background()
	st, err := postgres.Open(ctx, cluster.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	clock := room.NewManualClock(time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC))
	reg.Clock = clock
	t.Cleanup(func() { reg.Close(); st.Close() })

	// The deal round waits on a timer: after dealAutoMs the cards are
	// taken for the holder. Nobody else can move until then.
	r, _ := mustRoomOf(t, reg, 4, `{"startPlayer":0,"dealAutoMs":2000}`)
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	actions := func() int {
		t.Helper()
		f, err := r.Snapshot(ctx, room.Identity{})
		if err != nil {
			t.Fatal(err)
		}
		return f.Match.Actions
	}
	if n := actions(); n != 0 {
		t.Fatalf("a new match holds %d actions", n)
	}

	if err := cluster.Down(); err != nil {
		t.Fatal(err)
	}
	for range 3 { // the timer, then two retries, all while it is down
		clock.Advance(3 * time.Second)
		if n := actions(); n != 0 {
			t.Fatalf("%d actions with the database down", n)
		}
	}
	if err := cluster.Up(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for actions() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the timed deal never happened after the database came back")
		}
		clock.Advance(time.Second)
		time.Sleep(50 * time.Millisecond)
	}
	// The match goes on: the deal round's next timer is armed again.
	if clock.Pending() == 0 {
		t.Fatal("no timer armed after the timed step")
	}
}

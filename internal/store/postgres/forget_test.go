package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store"
	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/storetest"
)

// An instance claiming a lobby while another deletes it as unplayed: one
// of them wins, never both. Here the claim's transaction comes first and
// commits while the delete runs: the delete waits for it and then keeps
// the room, whose lease it now sees. A delete that checked for a lease in
// its own statement alone did not see the claim, deleted the room, and
// the claiming instance ran a lobby whose room was gone.
func TestDeleteUnplayedRoom_WaitsForAClaimInFlight(t *testing.T) {
	url := pgtest.DSN(t)
	db := MustOpen(t, url)
	storetest.MustCreateRoom(t, db, "LOBBY")
	if err := db.Register(t.Context(), "a", "http://a:1"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	claim, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer claim.Rollback(ctx)
	if _, err := claim.Exec(ctx, `INSERT INTO room_leases (room_code, instance, expires_at)
		VALUES ('LOBBY', 'a', now() + interval '1 minute')`); err != nil {
		t.Fatal(err)
	}
	deleted := make(chan error, 1)
	go func() { deleted <- db.DeleteUnplayedRoom(ctx, "LOBBY") }()
	select {
	case err := <-deleted:
		t.Fatalf("DeleteUnplayedRoom answered %v while a claim of the room was in flight", err)
	case <-time.After(300 * time.Millisecond):
	}
	if err := claim.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-deleted; !errors.Is(err, store.ErrConflict) {
		t.Fatalf("DeleteUnplayedRoom after the claim = %v, want ErrConflict", err)
	}
	if _, err := db.Room(ctx, "LOBBY"); err != nil {
		t.Fatalf("the claimed lobby is gone: %v", err)
	}
}

// A lobby whose instance died (its lease lapsed) is deleted with its lease
// row: no lease outlives its room. A delete refused (a match, no room)
// leaves the leases as they were.
func TestDeleteUnplayedRoom_TakesTheLapsedLeaseAlong(t *testing.T) {
	url := pgtest.DSN(t)
	db := MustOpen(t, url)
	ctx := t.Context()
	if err := db.Register(ctx, "a", "http://a:1"); err != nil {
		t.Fatal(err)
	}
	storetest.MustCreateRoom(t, db, "GONE")
	storetest.MustRoomAndMatch(t, db, "PLAYED")
	for _, code := range []string{"GONE", "PLAYED", "NOROOM"} {
		if _, err := db.Claim(ctx, code, "a", time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(10 * time.Millisecond)
	if err := db.DeleteUnplayedRoom(ctx, "GONE"); err != nil {
		t.Fatalf("DeleteUnplayedRoom(GONE): %v", err)
	}
	if err := db.DeleteUnplayedRoom(ctx, "PLAYED"); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("DeleteUnplayedRoom(PLAYED) = %v, want ErrConflict", err)
	}
	if err := db.DeleteUnplayedRoom(ctx, "NOROOM"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("DeleteUnplayedRoom(NOROOM) = %v, want ErrNotFound", err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, `SELECT room_code || ' ' || instance FROM room_leases ORDER BY 1`)
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"NOROOM a", "PLAYED a"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("leases after the deletes: %v, want %v", got, want)
	}
}

package lease

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"
	"topsecret/cmd/topsecret/shelf"

	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/internal/store/pgtest"
	"topsecret/internal/store/postgres"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// instance is one server's registry and keeper on its own connection pool.
type instance struct {
	db    *postgres.DB
	rooms *room.Registry
	k     *Keeper
}

func mustInstance(tb testing.TB, dsn, addr string, ttl time.Duration) *instance {
	tb.Helper()
	return mustInstanceHanding(tb, dsn, addr, ttl, false)
}

// mustInstanceHanding is mustInstance whose keeper, with handing, hands
// rooms over to even out the fleet.
func mustInstanceHanding(tb testing.TB, dsn, addr string, ttl time.Duration, handing bool) *instance {
	tb.Helper()
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		tb.Fatal(err)
	}
	rooms := room.NewRegistry(db, shelf.New(false).Rules(), quiet)
	rooms.BotDelay = time.Hour // bots stay put: the tests watch leases, not play
	k := NewKeeper(db, addr, quiet)
	k.TTL = ttl
	k.Lost = rooms.Drop
	k.Adopt = func(ctx context.Context, code string) { _, _ = rooms.Get(ctx, code) }
	if handing {
		k.Handover = rooms.HandOver
	}
	rooms.Owners = k
	if err := k.Start(context.Background()); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { k.Crash(); rooms.Close(); db.Close() })
	return &instance{db: db, rooms: rooms, k: k}
}

// mustPlayingRoom makes a room with a match in play and returns its code.
func mustPlayingRoom(tb testing.TB, in *instance) string {
	tb.Helper()
	ctx := context.Background()
	c, err := in.rooms.CreateRoom(ctx, "wink", json.RawMessage(`{"mode":"remote"}`))
	if err != nil {
		tb.Fatal(err)
	}
	r, err := in.rooms.Get(ctx, c.Code)
	if err != nil {
		tb.Fatal(err)
	}
	for range 4 {
		if _, err := r.AddBot(ctx, room.Identity{Host: true}); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := r.Start(ctx, room.Identity{Host: true}); err != nil {
		tb.Fatal(err)
	}
	return c.Code
}

func holder(tb testing.TB, in *instance, code string) string {
	tb.Helper()
	ls, err := in.db.Held(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	for _, l := range ls {
		if l.RoomCode == code {
			return l.Instance
		}
	}
	return ""
}

func waitFor(tb testing.TB, what string, within time.Duration, cond func() bool) {
	tb.Helper()
	for deadline := time.Now().Add(within); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			tb.Fatalf("%s: not within %v", what, within)
		}
	}
}

// A room runs where it was first asked for; another instance asked for it
// learns where, and does not load it.
func TestKeeper_Claim_RoomRunsOnOneInstance(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://a.test:1", time.Minute)
	b := mustInstance(t, dsn, "http://b.test:1", time.Minute)
	code := mustPlayingRoom(t, a)
	_, err := b.rooms.Get(t.Context(), code)
	e, ok := room.IsElsewhere(err)
	if !ok || e.Address != "http://a.test:1" {
		t.Fatalf("b.Get = %v, want elsewhere at http://a.test:1", err)
	}
	if got := b.rooms.Live(); len(got) != 0 {
		t.Fatalf("b runs %v, want nothing", got)
	}
	if got := holder(t, a, code); got != a.k.ID {
		t.Fatalf("lease held by %q, want a (%s)", got, a.k.ID)
	}
}

// An instance that stalled past its lease finds on its next renewal that
// another instance took the room, and drops it at once: its phones are
// told to reconnect.
func TestKeeper_Renew_LostLeaseDropsTheRoom(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://a.test:1", 500*time.Millisecond)
	b := mustInstance(t, dsn, "http://b.test:1", time.Minute)
	code := mustPlayingRoom(t, a)
	r, _ := a.rooms.Get(t.Context(), code)
	sub, err := r.Subscribe(t.Context(), room.Identity{}, room.Encoder{Format: "json", Encode: func(*room.Frame) ([]byte, error) { return []byte("{}"), nil }})
	if err != nil {
		t.Fatal(err)
	}
	a.k.halt() // a stalls: no renewals, but it still believes it holds the room
	waitFor(t, "a's lease to lapse", 5*time.Second, func() bool { return holder(t, b, code) == "" })
	if _, err := b.rooms.Get(t.Context(), code); err != nil {
		t.Fatalf("b takes the lapsed room: %v", err)
	}
	a.k.renew(time.Second)
	select {
	case <-sub.Gone():
	case <-time.After(5 * time.Second):
		t.Fatal("a's subscriber was not told to reconnect")
	}
	if got := a.rooms.Live(); len(got) != 0 {
		t.Fatalf("a still runs %v", got)
	}
	if got := holder(t, b, code); got != b.k.ID {
		t.Fatalf("lease held by %q, want b", got)
	}
}

// An instance cut off from the database stops its rooms before their
// leases can lapse, so no two instances ever run a room at once.
func TestKeeper_Renew_CutOffInstanceStopsBeforeItsLeasesLapse(t *testing.T) {
	dsn := pgtest.DSN(t)
	ttl := 2 * time.Second
	a := mustInstance(t, dsn, "http://a.test:1", ttl)
	b := mustInstance(t, dsn, "http://b.test:1", time.Minute)
	code := mustPlayingRoom(t, a)
	a.db.Close() // every renewal from now on fails
	waitFor(t, "a to drop its room", ttl, func() bool { return len(a.rooms.Live()) == 0 })
	if got := holder(t, b, code); got != a.k.ID {
		t.Fatalf("when a dropped the room its lease was held by %q, want still a's (dropped before it lapsed)", got)
	}
	if _, err := a.k.Claim(t.Context(), "OTHER1"); !errors.Is(err, ErrDraining) {
		t.Fatalf("cut-off a claims a room: %v, want ErrDraining", err)
	}
}

// A killed instance's room in play is adopted by a live instance once its
// lease lapses, with nobody asking for it: its bots and timers run again.
func TestKeeper_Adopt_DeadInstancesRoomsMove(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://a.test:1", time.Second)
	code := mustPlayingRoom(t, a)
	a.k.Crash()
	b := mustInstance(t, dsn, "http://b.test:1", time.Second)
	waitFor(t, "b to adopt the room", 5*time.Second, func() bool { return slices.Contains(b.rooms.Live(), code) })
	if got := holder(t, b, code); got != b.k.ID {
		t.Fatalf("lease held by %q, want b", got)
	}
}

// A room in play evicted for want of phones releases its lease and sleeps
// in the store: no instance adopts it (adoption is for the rooms of an
// instance that died), and the first request for it loads it wherever it
// lands.
func TestKeeper_Adopt_IdleRoomsSleep(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://a.test:1", time.Minute)
	clock := room.NewManualClock(time.Now())
	a.rooms.Clock = clock
	code := mustPlayingRoom(t, a)
	clock.Advance(a.rooms.IdleAfter)
	a.rooms.Sweep()
	if slices.Contains(a.rooms.Live(), code) {
		t.Fatal("the idle room in play was not evicted")
	}
	if got := holder(t, a, code); got != "" {
		t.Fatalf("the evicted room's lease is held by %q, want released", got)
	}
	b := mustInstance(t, dsn, "http://b.test:1", time.Minute)
	b.k.adopt(5 * time.Second)
	if slices.Contains(b.rooms.Live(), code) {
		t.Fatal("b adopted a room that went idle")
	}
	if _, err := b.rooms.Get(t.Context(), code); err != nil {
		t.Fatalf("b loads the room when asked: %v", err)
	}
	if got := holder(t, b, code); got != b.k.ID {
		t.Fatalf("lease held by %q, want b", got)
	}
}

// A server killed and started again listens at its old address: the new
// instance there supersedes the dead one, and its rooms are its own at
// once, long before their leases would have lapsed.
func TestKeeper_Start_RestartAtTheSameAddressTakesItsRoomsAtOnce(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://a.test:1", time.Minute)
	code := mustPlayingRoom(t, a)
	a.k.Crash()
	again := mustInstance(t, dsn, "http://a.test:1", time.Minute)
	if _, err := again.rooms.Get(t.Context(), code); err != nil {
		t.Fatalf("the restarted instance gets its room: %v", err)
	}
	if got := holder(t, again, code); got != again.k.ID {
		t.Fatalf("lease held by %q, want the restarted instance's", got)
	}
}

// Two live instances wrongly given one address settle: the second
// supersedes the first once, at its start, and the first, registering
// again on its next renewal, does not supersede the second in turn.
func TestKeeper_Start_SupersedesOnlyAtStart(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://same.test:1", time.Minute)
	b := mustInstance(t, dsn, "http://same.test:1", time.Minute)
	code := mustPlayingRoom(t, b)
	a.k.renew(time.Second) // a finds its record gone and registers again
	if got := holder(t, b, code); got != b.k.ID {
		t.Fatalf("after a registered again, b's room is held by %q, want b", got)
	}
	if _, _, err := b.db.Renew(t.Context(), b.k.ID, []string{code}, time.Minute); err != nil {
		t.Fatalf("b is still registered: %v", err)
	}
}

// Draining releases each lease as its room stops, so another instance
// takes the room at once instead of after an expiry.
func TestKeeper_Drain_ReleasesAfterTheRoomStops(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := mustInstance(t, dsn, "http://a.test:1", time.Minute)
	b := mustInstance(t, dsn, "http://b.test:1", time.Minute)
	code := mustPlayingRoom(t, a)
	a.k.Drain()
	if _, err := a.k.Claim(t.Context(), "OTHER1"); !errors.Is(err, ErrDraining) || !errors.Is(err, store.ErrBusy) {
		t.Fatalf("draining Claim = %v, want ErrDraining (busy)", err)
	}
	a.rooms.Close()
	if got := holder(t, b, code); got != "" {
		t.Fatalf("after a closed, lease held by %q, want released", got)
	}
	if _, err := b.rooms.Get(t.Context(), code); err != nil {
		t.Fatalf("b takes the released room at once: %v", err)
	}
}

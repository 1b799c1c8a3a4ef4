package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// gatedStore is the real SQLite store with a gate in front of Room for one
// code, so a test can hold that room's load in progress and count how many
// loads reached the store. Every call still runs against SQLite.
type gatedStore struct {
	store.Store
	code    string
	entered chan struct{} // a value for each load of code that reached the store
	release chan struct{} // closed to let those loads go on
	loads   atomic.Int32
}

func (s *gatedStore) Room(ctx context.Context, code string) (store.Room, error) {
	if code == s.code {
		s.loads.Add(1)
		s.entered <- struct{}{}
		<-s.release
	}
	return s.Store.Room(ctx, code)
}

// Many callers asking for a room nobody has loaded yet share one load, and
// while it reads the store the registry goes on serving other rooms.
func TestRegistry_GetLoadsOnceOutsideTheLock(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := t.Context()
	seed := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	slow, err := seed.CreateRoom(ctx, "wink", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	other, err := seed.CreateRoom(ctx, "wink", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	seed.Close()

	gs := &gatedStore{Store: st, code: slow.Code, entered: make(chan struct{}, 64), release: make(chan struct{})}
	reg := room.NewRegistry(gs, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	t.Cleanup(reg.Close)

	const callers = 20
	got := make([]*room.Room, callers)
	errs := make([]error, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() { got[i], errs[i] = reg.Get(ctx, slow.Code) })
	}
	select {
	case <-gs.entered:
	case <-time.After(5 * time.Second):
		t.Fatal("no load of the slow room reached the store")
	}

	// The slow room's load is stuck in the store: another room still loads.
	quick, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := reg.Get(quick, other.Code); err != nil {
		t.Fatalf("Get(other room) while a load is in progress: %v", err)
	}
	// A caller that gives up gets its own error and fails no one else.
	gone, giveUp := context.WithCancel(ctx)
	giveUp()
	if _, err := reg.Get(gone, slow.Code); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get with a cancelled context: %v, want context.Canceled", err)
	}

	close(gs.release)
	wg.Wait()
	for i := range callers {
		if errs[i] != nil {
			t.Fatalf("caller %d: %v", i, errs[i])
		}
		if got[i] != got[0] {
			t.Fatalf("callers %d and 0 got different rooms", i)
		}
	}
	if n := gs.loads.Load(); n != 1 {
		t.Fatalf("%d loads reached the store, want 1", n)
	}
	if r, err := reg.Get(ctx, slow.Code); err != nil || r != got[0] {
		t.Fatalf("Get after the load: %p, %v; want the loaded room", r, err)
	}
}

func TestRegistry_Get(t *testing.T) {
	t.Run("ErrNotFound", func(t *testing.T) {
		reg := mustRegistry(t)
		for range 2 { // a failed load is not remembered: each Get asks the store
			if _, err := reg.Get(t.Context(), "ACDEFG"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("Get(unknown room)=%v, want ErrNotFound", err)
			}
		}
	})
	t.Run("ErrClosed", func(t *testing.T) {
		reg := mustRegistry(t)
		r, _ := mustRoomOf(t, reg, 0, `{}`)
		reg.Close()
		if _, err := reg.Get(t.Context(), r.Code()); !errors.Is(err, room.ErrClosed) {
			t.Fatalf("Get after Close=%v, want ErrClosed", err)
		}
	})
}

// A room's frame versions go on growing when the server restarts: a page
// keeps only frames at least as new as the last it kept.
func TestRegistry_VersionsGrowAcrossRestarts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rooms.db")
	clock := room.NewManualClock(time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC))
	reg := openRegistry(t, path, clock)
	ctx := t.Context()
	r, _ := mustRoomOf(t, reg, 4, `{}`)
	for range 50 { // changes that store no action
		if err := r.Poke(ctx); err != nil {
			t.Fatal(err)
		}
	}
	code := r.Code()
	version := func(r *room.Room) int64 {
		t.Helper()
		f, err := r.Snapshot(ctx, room.Identity{})
		if err != nil {
			t.Fatal(err)
		}
		return f.Version
	}
	last := version(r)
	for restart := range 3 {
		reg.Close()
		reg = openRegistry(t, path, clock)
		r, err := reg.Get(ctx, code)
		if err != nil {
			t.Fatal(err)
		}
		if v := version(r); v <= last {
			t.Fatalf("restart %d: the first version is %d, not above %d before it", restart+1, v, last)
		}
		if err := r.Poke(ctx); err != nil {
			t.Fatal(err)
		}
		last = version(r)
	}
}

// Lobbies nobody played in are forgotten after a week; rooms that played,
// and rooms someone is in right now, are kept.
func TestRegistry_ForgetUnplayed(t *testing.T) {
	reg := mustRegistry(t)
	clock := reg.Clock.(*room.ManualClock)
	ctx := t.Context()
	abandoned, _ := mustRoomOf(t, reg, 0, `{}`)
	played, _ := mustRoomOf(t, reg, 4, `{"startPlayer":0}`)
	if _, err := played.Start(ctx, room.Identity{Host: true}); err != nil {
		t.Fatal(err)
	}
	open, _ := mustRoomOf(t, reg, 1, `{}`)
	if _, err := open.Subscribe(ctx, room.Identity{}, jsonFrames); err != nil {
		t.Fatal(err)
	}
	clock.Advance(8 * 24 * time.Hour)
	reg.Sweep() // evicts the idle lobby from memory; the open one has a subscriber
	n, err := reg.ForgetUnplayed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("forgot %d rooms, want 1 (the abandoned lobby)", n)
	}
	if _, err := reg.Get(ctx, abandoned.Code()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("abandoned lobby: Get = %v, want ErrNotFound", err)
	}
	for _, r := range []*room.Room{played, open} {
		if _, err := reg.Store.Room(ctx, r.Code()); err != nil {
			t.Fatalf("room %s was deleted: %v", r.Code(), err)
		}
	}
}

// A registry plays the games it is handed and no other: a game it was not
// given is refused as unknown when a room is made, and a stored room of
// such a game does not load.
func TestRegistry_PlaysOnlyTheGamesHandedDown(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	every := room.NewRegistry(st, everyGame, quiet)
	defer every.Close()
	vault, err := every.CreateRoom(context.Background(), "vault", nil)
	if err != nil {
		t.Fatal(err)
	}
	winkOnly := room.NewRegistry(st, everyGame[:1], quiet)
	defer winkOnly.Close()
	_, err = winkOnly.CreateRoom(context.Background(), "vault", nil)
	var rf *room.Refusal
	if !errors.As(err, &rf) || rf.Said == nil || rf.Said.ID != "game.refuse.no_game" {
		t.Fatalf("CreateRoom(vault) on a wink-only registry = %v, want game.refuse.no_game", err)
	}
	if _, err := winkOnly.Get(context.Background(), vault.Code); err == nil {
		t.Fatal("a wink-only registry loaded a vault room")
	}
	if _, err := winkOnly.CreateRoom(context.Background(), "wink", nil); err != nil {
		t.Fatalf("CreateRoom(wink) = %v", err)
	}
}

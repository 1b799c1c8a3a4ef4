package room_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/internal/store/sqlite"
)

// failingStore is the real SQLite store whose appends fail while down is
// set, as a database that went away does; it counts the attempts.
type failingStore struct {
	store.Store
	down     atomic.Bool
	attempts atomic.Int32
}

func (s *failingStore) AppendAction(ctx context.Context, rec store.ActionRecord) error {
	if s.down.Load() {
		s.attempts.Add(1)
		return errors.New("database is down")
	}
	return s.Store.AppendAction(ctx, rec)
}

// While the store fails, bots try again at an idle bot's pace, not at
// their reaction time: a sharp bot's reflex is a fraction of a second, and
// a room full of them spun on a closed store during a drain.
func TestRoom_BotsWaitWhileTheStoreFails(t *testing.T) {
	base, err := sqlite.Open(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	st := &failingStore{Store: base}
	reg := room.NewRegistry(st, everyGame, slog.New(slog.NewTextHandler(io.Discard, nil)))
	clock := room.NewManualClock(time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC))
	reg.Clock = clock
	reg.BotDelay = 300 * time.Millisecond
	t.Cleanup(func() { reg.Close(); base.Close() })

	const bots = 4
	mustBotRoom(t, reg, "wink", `{"mode":"table","startPlayer":0}`, bots, game.Sharp)
	st.down.Store(true)
	const span = 10 * time.Second
	outage := make(chan struct{})
	go func() {
		defer close(outage)
		for waited := time.Duration(0); waited < span; waited += 50 * time.Millisecond {
			clock.Advance(50 * time.Millisecond) // waits until the room takes the wake
		}
	}()
	select {
	case <-outage:
	case <-time.After(30 * time.Second):
		t.Fatalf("the room takes no timer after %d failed attempts: its bots retry without pause", st.attempts.Load())
	}
	most := int32(bots * (span/reg.BotIdle + 1))
	if got := st.attempts.Load(); got == 0 || got > most {
		t.Fatalf("%d attempts to store a bot's action in %v of outage, want 1 to %d", got, span, most)
	}
}
